"""WSGI entry point, used by production servers (`make serve`, deploy/desk@.service)."""

import os
import sys

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "desk.settings")
application = get_wsgi_application()

# The threads of the process share the interpreter's lock: a save waiting for it behind a
# document being made takes it back sooner (settings.DESK_THREAD_SWITCH_SECONDS).
from django.conf import settings  # noqa: E402 (configured by get_wsgi_application above)

sys.setswitchinterval(settings.DESK_THREAD_SWITCH_SECONDS)

# The process's one-time work before the first request (desk/warmup.py).
from desk.warmup import warm_up  # noqa: E402 (needs the settings configured above)

warm_up()
