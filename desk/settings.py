"""Django settings for the Mahjong Tournament Desk.

Every value that differs between the director's laptop, a test run and a production server comes
from the environment (see README.md, "Configuration"); the rules for reading it are in
`desk.config`.
"""

import os
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from desk import config

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DESK_DATA_DIR", BASE_DIR / "data")).resolve()
DATA_DIR.mkdir(parents=True, exist_ok=True)

SECRET_KEY = config.secret_key(os.environ, DATA_DIR)
DEBUG = config.env_bool(os.environ, "DESK_DEBUG", default=False)
#: By default the desk answers to its own names and addresses only: localhost and the laptop's
#: LAN addresses (what referees' phones use). DESK_ALLOWED_HOSTS replaces the list.
ALLOWED_HOSTS = config.env_list(os.environ, "DESK_ALLOWED_HOSTS", default=config.local_addresses())
CSRF_TRUSTED_ORIGINS = config.env_list(os.environ, "DESK_CSRF_TRUSTED_ORIGINS", default=[])
#: The address phones use to reach the desk (e.g. http://192.168.1.20:8000), for referee links and
#: QR codes; empty: the address the director's browser used.
DESK_PUBLIC_URL = os.environ.get("DESK_PUBLIC_URL", "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    # The layers, bottom to top (docs/architecture.md): the apps, then what stands above them.
    "tournament",
    "scoring",
    "exports",
    "desk",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "desk.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "desk.wsgi.application"

DATABASES = {"default": config.database_config(os.environ, DATA_DIR)}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Tests run on a file, as the desk does, so that several threads and processes really
    # share the database (WAL, busy timeout), not on an in-memory copy.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test-desk.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGES = [("en", _("English")), ("it", _("Italian"))]
LANGUAGE_CODE = os.environ.get("DESK_LANGUAGE", "en")
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["desk.formats"]
TIME_ZONE = os.environ.get("DESK_TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Under `make run` (DEBUG) files are served from their folders; `make serve` collects them first.
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# A desk reached over https (behind a proxy) can turn on the cookie and redirect protections
# that a plain-http LAN desk cannot have (see README, "Production serving").
if config.env_bool(os.environ, "DESK_HTTPS", default=False):
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 3600
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

#: How often the projector asks whether it should reload (seconds).
DESK_PROJECTOR_POLL_SECONDS = float(os.environ.get("DESK_PROJECTOR_POLL_SECONDS", "10"))

#: Automatic SQLite backups while sessions are played (common.backup): every N minutes, keep M.
DESK_BACKUP_MINUTES = int(os.environ.get("DESK_BACKUP_MINUTES", "10"))
DESK_BACKUP_KEEP = int(os.environ.get("DESK_BACKUP_KEEP", "24"))

#: Player lists larger than this are refused before they are read.
PLAYER_IMPORT_MAX_BYTES = 2 * 1024 * 1024

DJANGO_TABLES2_TEMPLATE = "tables/desk_table.html"

# Messages ride in a cookie (session storage only when too big): showing "hand 5 saved" must
# not cost a database write on a busy day.
MESSAGE_STORAGE = "django.contrib.messages.storage.fallback.FallbackStorage"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"desk": {"level": "INFO"}, "tournament": {"level": "INFO"}},
}
