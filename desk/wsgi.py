"""WSGI entry point, used by production servers (`make serve`, deploy/desk@.service)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "desk.settings")
application = get_wsgi_application()

# The process's one-time work before the first request (desk/warmup.py).
from desk.warmup import warm_up  # noqa: E402 (needs the settings configured above)

warm_up()
