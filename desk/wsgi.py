"""WSGI entry point, used by production servers (`make serve`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "desk.settings")
application = get_wsgi_application()
