"""Django settings for the Mahjong Tournament Desk.

Every value that differs between the director's laptop, a test run and a production server comes
from the environment (see docs/configuration.md); the rules for reading it are in
`desk.config`.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

from csp import constants as csp
from django.utils.translation import gettext_lazy as _

from common import files
from desk import config

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DESK_DATA_DIR", BASE_DIR / "data")).resolve()
# The database, backups, secret key and password live here: readable by the owner only (0700).
files.private_dir(DATA_DIR)

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
    "desk.admin_site.DeskAdminConfig",  # django.contrib.admin, for site administrators only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.forms",  # Django's widget templates, for FORM_RENDERER below
    "django_tables2",
    "axes",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # The layers, bottom to top (docs/architecture.md): the apps, then what stands above them.
    "tournament",
    "scoring",
    "draw",
    "signup",
    "exports",
    "seasons",
    "api",
    "desk",
]

MIDDLEWARE = [
    # First: the scheme a trusted proxy saw (https), before the redirect to https is decided.
    "common.net.TrustedProxyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy of every response (CONTENT_SECURITY_POLICY below), the static
    # files' too: before WhiteNoise, which answers those itself.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A refused request (common.errors.UserError): back to the form with the message, or a 400.
    "common.errors.UserErrorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a refused (locked-out) login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "desk.urls"

TEMPLATES: list[dict[str, Any]] = [
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

#: Widgets are rendered by the templates above, so that templates/django/forms/widgets/select.html
#: (Django's, with the options written in place instead of one include each) is the one used.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

WSGI_APPLICATION = "desk.wsgi.application"

DATABASES = {"default": config.database_config(os.environ, DATA_DIR)}
config.secure_database(DATABASES["default"])  # created 0600 before SQLite opens it
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Tests run on a file, as the desk does, so that several threads and processes really
    # share the database (WAL, busy timeout), not on an in-memory copy.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test-desk.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

#: One cache for every server process: a table in the database (`manage.py createcachetable`),
#: or a Redis server with DESK_CACHE_URL=redis://... (desk.config.cache_config).
CACHES = {"default": config.cache_config(os.environ)}

#: Logins, accepted table PINs and the director's choices live in the database (the
#: django_session table), never in one process's memory or a file of one machine: a phone whose
#: next request reaches another server process stays logged in. Expired rows go with
#: `manage.py clearsessions`.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

#: The address and scheme of a request (common.net). The proxies whose X-Forwarded-For and
#: X-Forwarded-Proto the desk believes (addresses or networks); from anyone else those headers are
#: ignored. Behind https (DESK_HTTPS) the default is a proxy on this machine.
DESK_HTTPS = config.env_bool(os.environ, "DESK_HTTPS", default=False)
DESK_TRUSTED_PROXIES = config.env_networks(
    os.environ, "DESK_TRUSTED_PROXIES", default=["127.0.0.1", "::1"] if DESK_HTTPS else []
)
#: The older form, used only when DESK_TRUSTED_PROXIES is empty: believe the Nth address from the
#: right of X-Forwarded-For, whoever sent it (never the scheme).
DESK_PROXY_COUNT = config.env_int(os.environ, "DESK_PROXY_COUNT", 0, minimum=0, maximum=5)

# Failed logins (django-axes, kept in the database so every process sees them): after
# DESK_LOGIN_ATTEMPTS failures for one account from one address, that account is refused at that
# address (and only there), and after DESK_LOGIN_ADDRESS_ATTEMPTS failures from one address,
# whatever accounts they tried, every login from it is refused, without checking the password,
# until DESK_LOGIN_COOLOFF_MINUTES have passed since the last failure (desk/lockouts.py). The
# site administrator sees and clears lockouts at /director/lockouts/ or with
# `manage.py clear_lockout`.
AXES_FAILURE_LIMIT = config.env_int(os.environ, "DESK_LOGIN_ATTEMPTS", 10, minimum=3, maximum=100)
DESK_LOGIN_ADDRESS_ATTEMPTS = config.env_int(
    os.environ,
    "DESK_LOGIN_ADDRESS_ATTEMPTS",
    max(50, AXES_FAILURE_LIMIT),
    minimum=AXES_FAILURE_LIMIT,
    maximum=10_000,
)
AXES_COOLOFF_TIME = timedelta(
    minutes=config.env_int(os.environ, "DESK_LOGIN_COOLOFF_MINUTES", 15, minimum=1, maximum=1440)
)
# An account at an address, and an address alone (the order desk.lockouts.DeskLoginHandler reads).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
# The failures are rows of the database (never a process's memory), whichever process answers.
AXES_HANDLER = "desk.lockouts.DeskLoginHandler"
# Refused attempts during a lockout neither extend it nor write to the database.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "common.net.client_address"
AXES_LOCKOUT_CALLABLE = "desk.views.lockout_response"
AXES_VERBOSE = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
#: django-axes first: a locked-out account or address is refused BEFORE any password is hashed.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
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
#: Where collectstatic puts the files; on a server, a folder the web server may read
#: (DESK_STATIC_ROOT), since the data folder is private to the desk's account.
STATIC_ROOT = Path(os.environ.get("DESK_STATIC_ROOT", "").strip() or DATA_DIR / "static").resolve()
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Under `make run` (DEBUG) files are served from their folders; `make serve` collects them first.
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# A desk reached over https (behind a proxy) can turn on the cookie and redirect protections
# that a plain-http LAN desk cannot have (see docs/federation-server.md). The scheme
# the proxy saw comes from X-Forwarded-Proto, believed only from DESK_TRUSTED_PROXIES
# (common.net.TrustedProxyMiddleware; Django's SECURE_PROXY_SSL_HEADER would believe anyone).
if DESK_HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 3600

# The Content-Security-Policy (django-csp; Django has its own from 6.0): the desk's pages load
# scripts, styles, images, fonts and data from the desk itself and nowhere else; no inline
# script or style, no eval, no plugin, no frame around or inside a page. Data for a script rides
# in `json_script` blocks (type="application/json", never executed). Every Chromium test fails
# on any refusal (tests/browser/audit.py); docs/content-security-policy.md says more.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF],
        "style-src": [csp.SELF],
        "img-src": [csp.SELF],
        "font-src": [csp.SELF],
        "connect-src": [csp.SELF],
        "worker-src": [csp.SELF],
        "manifest-src": [csp.SELF],
        "object-src": [csp.NONE],
        "frame-src": [csp.NONE],
        "frame-ancestors": [csp.NONE],
        "base-uri": [csp.NONE],
        "form-action": [csp.SELF],
    },
}

#: How often the projector asks whether it should reload (seconds).
DESK_PROJECTOR_POLL_SECONDS = float(os.environ.get("DESK_PROJECTOR_POLL_SECONDS", "10"))
#: How often the public standings ask whether they changed (seconds; never while hidden).
DESK_LIVE_POLL_SECONDS = float(os.environ.get("DESK_LIVE_POLL_SECONDS", "30"))
#: How long /live/ keeps the versions it computed in the shared cache (seconds; 0: never).
DESK_LIVE_CACHE_SECONDS = float(os.environ.get("DESK_LIVE_CACHE_SECONDS", "2"))
#: How long a referee's phone waits for the desk (a Wi-Fi that is connected but passes nothing)
#: before it shows its own copy of a referee page (templates/scoring/service_worker.js), and
#: before it keeps a save on the phone to send later (static/desk/queue.js); milliseconds.
DESK_OFFLINE_PAGE_WAIT_MS = config.env_int(
    os.environ, "DESK_OFFLINE_PAGE_WAIT_MS", 3500, minimum=500, maximum=30000
)
DESK_OFFLINE_SAVE_WAIT_MS = config.env_int(
    os.environ, "DESK_OFFLINE_SAVE_WAIT_MS", 10000, minimum=1000, maximum=60000
)

#: Automatic SQLite backups while sessions are played (common.backup): every N minutes, keep M.
DESK_BACKUP_MINUTES = int(os.environ.get("DESK_BACKUP_MINUTES", "10"))
DESK_BACKUP_KEEP = int(os.environ.get("DESK_BACKUP_KEEP", "24"))

#: The sign-up's e-mail (desk.config.email_config): an SMTP server with TLS from DESK_EMAIL_*,
#: or, without DESK_EMAIL_HOST, every message written as a file into <data folder>/mail.
_EMAIL = config.email_config(os.environ, DATA_DIR)
EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
EMAIL_FILE_PATH = _EMAIL.get("EMAIL_FILE_PATH", "")
EMAIL_HOST = _EMAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _EMAIL.get("EMAIL_PORT", 25)
EMAIL_USE_TLS = _EMAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _EMAIL.get("EMAIL_USE_SSL", False)
EMAIL_HOST_USER = _EMAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _EMAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_TIMEOUT = _EMAIL.get("EMAIL_TIMEOUT", 20)
DESK_EMAIL_CA_FILE = _EMAIL.get("DESK_EMAIL_CA_FILE", "")
DEFAULT_FROM_EMAIL = _EMAIL["DEFAULT_FROM_EMAIL"]

#: Player lists larger than this are refused before they are read.
PLAYER_IMPORT_MAX_BYTES = 2 * 1024 * 1024

DJANGO_TABLES2_TEMPLATE = "lists/desk_list.html"

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

# The JSON API (api/, docs/architecture.md "The API"): tokens only (no session cookie, so no
# CSRF), JSON in and out, throttled per token in the shared cache (api/throttling.py).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["api.authentication.DeskAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.PerTokenThrottle"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        # DRF's JSON parser within bounds: a body too large or nested too deeply is a 400.
        "api.parsers.BoundedJSONParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
#: Requests per API token, per table link, and per address without a credential.
#: Documents (a player's report card) an address may fetch without logging in
#: (exports/public_documents.py).
DESK_DOCUMENT_RATE = config.env_rate(os.environ, "DESK_DOCUMENT_RATE", "30/min")
#: Documents not made yet that visitors may have made, desk-wide, whatever their addresses.
DESK_DOCUMENT_MAKES = config.env_rate(os.environ, "DESK_DOCUMENT_MAKES", "20/min")
#: Those documents are made in a worker process of lower priority beside each server process
#: (exports/document_worker.py); off, in the server process itself.
DESK_DOCUMENT_WORKER = config.env_bool(os.environ, "DESK_DOCUMENT_WORKER", default=True)
DESK_API_RATES = {
    "token": config.env_rate(os.environ, "DESK_API_RATE_TOKEN", "600/min"),
    "table": config.env_rate(os.environ, "DESK_API_RATE_TABLE", "300/min"),
    "anonymous": config.env_rate(os.environ, "DESK_API_RATE_ANONYMOUS", "120/min"),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong Tournament Desk API",
    "DESCRIPTION": (
        "Read tournaments, players, sessions, seating, tables, standings and teams; write a "
        "table's hands and penalties, and the director's imports, draws and publication. "
        "Credentials: `Authorization: Bearer <API token>` (created on the director's "
        "API tokens page) or `Authorization: Table <table link secret>`."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # The documentation pages' scripts come from the desk's own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No online validator badge (an image from swagger.io), and no links inside the operations'
    # buttons (deep links: a link nested in a button, which a screen reader cannot use).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "validatorUrl": None},
}
