# Two commands do all the set-up on a fresh machine:
#   make run    create .venv, install, migrate, load the demo into an empty desk, serve
#   make test   the same set-up, then the whole test suite
#   make docs   the documentation site (docs/, mkdocs.yml) in site/
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-native.txt | cksum | cut -d' ' -f1)
DEV_STAMP := $(VENV)/.installed-dev-$(shell cat requirements.txt requirements-native.txt requirements-dev.txt | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-database coverage setup venv serve lint checks clean packages messages docs collect

# Python keeps what it compiled (__pycache__/, git-ignored) even where the environment says not to
# (PYTHONDONTWRITEBYTECODE, set on some CI machines): otherwise every process of the suite (the
# two test processes, the servers and commands they start) compiles the desk's modules again and
# pytest rewrites every test module's asserts again; each test process then took 13 s instead of
# 7 to collect the tests and migrate its database.
unexport PYTHONDONTWRITEBYTECODE

# What the desk needs to run (requirements.txt), then what is built from source
# (requirements-native.txt), which may fail on a machine without a compiler: the desk then runs
# without the MCR fan count from tiles. The tests and tools come on top of it.
$(STAMP): requirements.txt requirements-native.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-native.txt \
		|| echo "PyMahjongGB could not be built (it needs g++ and Python's headers): the desk runs; counting MCR fan from tiles is off."
	rm -f $(VENV)/.installed-[0-9]*
	touch $(STAMP)

# The tests need everything: the compiler first (bin/ensure-packages), then the native packages
# for certain.
$(DEV_STAMP): $(STAMP) requirements-dev.txt
	@bin/ensure-packages
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-native.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-dev-*
	touch $(DEV_STAMP)

# The virtualenv with what the desk needs, and the compiled translations (a server's set-up).
venv: $(STAMP) messages

setup: $(STAMP) messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py setup_desk $(if $(FRESH),--fresh)

run: setup
	@echo "Serving on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	DESK_DEBUG=$${DESK_DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

# The production server (waitress: pure Python, runs on Windows laptops too), DEBUG off,
# listening on every interface so the referees' phones reach it by the laptop's LAN address.
# Proxy headers reach the desk, which believes them from DESK_TRUSTED_PROXIES only (common/net.py).
serve: setup
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@$(PY) -c "from desk.config import local_addresses as a; print('Referees and players: ' + '  '.join('http://%s:$(PORT)/' % h for h in a() if h not in ('localhost', '[::1]')))"
	DESK_DEBUG=0 $(PY) -m waitress --listen=$${SERVE_HOST:-0.0.0.0}:$(PORT) --threads=$${THREADS:-16} --channel-timeout=60 --no-clear-untrusted-proxy-headers desk.wsgi:application

# The Italian catalogue (locale/it/LC_MESSAGES/django.po) compiled for Django; needs gettext.
messages:
	@if command -v msgfmt >/dev/null; then \
		$(PY) manage.py compilemessages --ignore=.venv --verbosity 0; \
	else \
		echo "gettext is not installed (apt-get install gettext): the desk runs in English only"; \
	fi

# The system packages, then the pinned axe-core the browser tests run on every page (npm).
packages:
	@bin/ensure-packages
	@bin/fetch-axe

# The static checks: lint, formatting, the layers (import-linter), the types of every package.
checks: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# The documentation site in site/ (git-ignored), warnings as errors: a broken link or anchor, a
# page left out of the navigation, a stale screenshot, anything loaded from another host. The
# screenshots are taken from the running desk first, whenever the desk changed
# (docs/tools/screenshots.py); NO_MKDOCS_2_WARNING silences the theme's banner about MkDocs 2.
docs: $(DEV_STAMP) packages
	nice -n 5 $(PY) docs/tools/screenshots.py
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

# The static checks, the documentation and the rules' coverage side by side (each leaves most of
# a core idle: 40 s together against 65 s one after the other), with the suite's collection
# (`collect`: the compiled modules and rewritten tests kept for the test processes), then the
# suite.
test: $(DEV_STAMP) packages messages
	$(MAKE) --no-print-directory --jobs=4 --output-sync=target checks docs coverage collect
	$(MAKE) --no-print-directory test-database

# The line coverage of rules/ (at least 95 %), measured on the rule sets' own tests: pure Python,
# no database, so once is enough. Coverage's line tracer slows every line it sees two to three
# times, so the whole suite (test-database) runs without it.
coverage: $(DEV_STAMP)
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest tests/rules -q -p no:cacheprovider --cov=rules --cov-report=term:skip-covered --cov-fail-under=95

# The suite collected once, for what Python and pytest keep of it (above): the test processes
# then start from it rather than each compiling the same modules.
collect: $(DEV_STAMP)
	@mkdir -p .cache
	@$(PY) -m pytest --collect-only --quiet -p no:cacheprovider > .cache/collected.txt \
		|| { cat .cache/collected.txt; exit 1; }
	@tail -n 1 .cache/collected.txt

# What depends on the database (DATABASE_URL, SQLite by default): the migrations, Django's
# checks and the suite. `.ci/run` runs `make test` on SQLite, then this part again on PostgreSQL
# (the static checks and the documentation do not depend on the database: once is enough) with
# DATABASE_ONLY=1: only the tests that reach the test database (tests/conftest.py).
PYTEST_SELECTION = $(if $(DATABASE_ONLY),--database-only,)
test-database: $(DEV_STAMP) packages messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py check --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n auto --dist loadfile -p no:cacheprovider $(PYTEST_SELECTION)

lint: checks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis site
