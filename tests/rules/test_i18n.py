"""Every text a referee or director reads is marked for translation with ``_`` (rules.i18n),
so that Django's makemessages can extract it, and templates use ``{name}`` placeholders only."""

import ast
import string
from pathlib import Path

import pytest

import rules
from rules.i18n import Message, _

SOURCES = sorted(Path(rules.__file__).parent.glob("*.py"))

# call name -> positions and keywords that hold user-facing text
TEXT_ARGUMENTS = {
    "RuleError": ((0,), ()),
    "message": ((0,), ()),
    "EntryField": ((2, 3), ("label", "help_text")),
    "PenaltyKind": ((1, 2), ("label", "help_text")),
    "option": ((), ("label", "help_text")),
}


def is_marked(node):
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def texts(tree):
    """Yield (line, node) for each argument that must be a marked text."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        if name not in TEXT_ARGUMENTS:
            continue
        positions, keywords = TEXT_ARGUMENTS[name]
        for index in positions:
            if index < len(node.args):
                yield node.lineno, node.args[index]
        for keyword in node.keywords:
            if keyword.arg in keywords:
                yield node.lineno, keyword.value


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_user_facing_texts_are_marked(path):
    tree = ast.parse(path.read_text())
    unmarked = [
        line
        for line, node in texts(tree)
        # a label passed through a variable or attribute was marked where it was defined
        if not is_marked(node) and not isinstance(node, (ast.Name, ast.Attribute))
    ]
    assert unmarked == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_templates_use_named_placeholders_only(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if is_marked(node):
            for _text, field, spec, conversion in string.Formatter().parse(node.args[0].value):
                if field is not None:
                    assert field.isidentifier(), node.args[0].value
                    assert not spec and conversion is None, node.args[0].value


def test_marker_and_message():
    assert _("East") == "East"
    text = Message("{a} and {b}", {"a": 1, "b": "two"})
    assert str(text) == "1 and two"
    assert dict(text.params) == {"a": 1, "b": "two"}
    with pytest.raises(TypeError):
        text.params["a"] = 3
