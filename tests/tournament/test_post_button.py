"""The one include for a single-button POST form: `{% post_button url label ... %}`."""

from django import forms
from django.template import Context, Template


class RevisionForm(forms.Form):
    revision = forms.IntegerField(widget=forms.HiddenInput)


def render(source, **context):
    return Template("{% load i18n post_button %}" + source).render(
        Context({"csrf_token": "the-token", **context})
    )


def test_a_button_posts_to_its_url_with_the_csrf_token_and_its_hidden_fields():
    html = render(
        '{% post_button url _("Reopen") form_class="inline-form" button_class="link-button" '
        'action="extend" minutes=5 table=pk %}',
        url="/director/t/cup/sessions/1/clock/",
        pk=42,
    )
    assert html.strip() == (
        '<form method="post" action="/director/t/cup/sessions/1/clock/" class="inline-form">'
        '<input type="hidden" name="csrfmiddlewaretoken" value="the-token">'
        '<input type="hidden" name="action" value="extend">'
        '<input type="hidden" name="minutes" value="5">'
        '<input type="hidden" name="table" value="42">'
        '<button type="submit" class="link-button">Reopen</button></form>'
    )


def test_a_form_field_is_rendered_as_itself_and_a_button_can_be_disabled():
    html = render(
        "{% post_button url label revision=form.revision enabled=ready %}",
        url="/close/",
        label="Close <the> table",
        form=RevisionForm(initial={"revision": 7}),
        ready=False,
    )
    assert '<input type="hidden" name="revision" value="7" id="id_revision">' in html
    assert (
        '<button type="submit" disabled aria-disabled="true">Close &lt;the&gt; table</button>'
        in html
    )
    assert 'class=""' not in html


def test_hidden_values_are_escaped():
    html = render('{% post_button "/x/" "Go" note=text %}', text='"><script>')
    assert 'value="&quot;&gt;&lt;script&gt;"' in html


def test_a_button_that_asks_first_carries_its_question_for_the_dialog():
    html = render(
        '{% post_button url _("Reopen") confirm=text %}',
        url="/reopen/",
        text='Reopening table 3 un-confirms session 1 ("final")',
    )
    assert html.startswith(
        '<form method="post" action="/reopen/" data-confirm="Reopening table 3 un-confirms '
        'session 1 (&quot;final&quot;)">'
    )
    assert "data-confirm" not in render("{% post_button url label %}", url="/x/", label="X")
