"""A server process does its one-time work before its first request (desk/warmup.py)."""

import json
import os
import subprocess
import sys

from django.conf import settings
from django.template import engines

from desk.warmup import project_templates, warm_up

#: Run in a fresh interpreter: import the WSGI application as waitress does, then report what
#: the process already holds before any request.
PROBE = """
import json, sys
import desk.wsgi
from django.db import connection
from django.template import engines
from django.urls import get_resolver
loader = engines["django"].engine.template_loaders[0]
print(json.dumps({
    "views": "scoring.views.public" in sys.modules and "api.views.reads" in sys.modules,
    "templates": sorted(key.split("-")[0] for key in loader.get_template_cache),
    "reverse": sorted(get_resolver()._reverse_dict),
    "database": connection.connection is not None,
}))
"""


def test_the_wsgi_application_is_warm_before_its_first_request(tmp_path):
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "desk.settings",
        "DESK_DATA_DIR": str(tmp_path),
    }
    environment.pop("DATABASE_URL", None)  # a desk of its own: it must not even open it
    answer = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    held = json.loads(answer.stdout.strip().splitlines()[-1])
    assert held["views"]
    assert "scoring/projector.html" in held["templates"]
    assert "scoring/standings.html" in held["templates"]
    assert set(held["reverse"]) == {code for code, _name in settings.LANGUAGES}
    assert held["database"] is False  # a process may start before its database


def test_every_template_of_the_desk_compiles():
    """warm_up() compiles every template under templates/ (a broken one is logged and left to
    fail when asked): all of them compile."""
    names = project_templates()
    assert len(names) >= 80 and "base.html" in names
    assert warm_up() == len(names)
    cache = engines["django"].engine.template_loaders[0].get_template_cache
    assert {key.split("-")[0] for key in cache} >= set(names)
