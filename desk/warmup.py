"""A server process does its one-time work before it takes its first request.

Left to the first requests, a fresh process imports every view while it builds the URL map,
fills the map's reverse lookup, reads the translation catalogs and compiles each template it
meets: about 170 ms on the first projector request, paid again by every thread that meets the
same template before one of them has stored it. After a restart during a session, the phones
and referees of the whole hall arrive at once and queue behind that work. `warm_up()` does it
while the process starts (`desk/wsgi.py`: waitress listens only once the application is
imported). It reads no database: a process may start before its database does.
"""

import logging
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.exceptions import TemplateDoesNotExist, TemplateSyntaxError
from django.urls import get_resolver
from django.utils import translation

log = logging.getLogger(__name__)


def project_templates():
    """The names of the desk's own templates (`templates/`), e.g. "scoring/projector.html"."""
    names = []
    for folder in settings.TEMPLATES[0]["DIRS"]:
        root = Path(folder)
        names += sorted(str(p.relative_to(root)) for p in root.rglob("*.html"))
    return names


def warm_up():
    """Import the views, fill the URL map in every language, load the catalogs and compile
    the desk's templates into the template engine's cache. Returns how many templates were
    compiled."""
    resolver = get_resolver()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            resolver.reverse_dict  # noqa: B018 (a lazily built property: built here)
    engine = engines["django"]
    compiled = 0
    for name in project_templates():
        try:
            engine.get_template(name)
        except (TemplateDoesNotExist, TemplateSyntaxError) as exc:
            # The desk still starts: that one page fails when asked, as it would have.
            log.warning("template %s does not compile: %s", name, exc)
            continue
        compiled += 1
    return compiled
