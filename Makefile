# Two commands do all the set-up on a fresh machine:
#   make run    create .venv, install, migrate, load the demo into an empty desk, serve
#   make test   the same set-up, then the whole test suite
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup serve lint clean packages messages

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP) messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py setup_desk

run: setup
	@echo "Serving on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	DESK_DEBUG=$${DESK_DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

# The production server (waitress: pure Python, runs on Windows laptops too), DEBUG off,
# listening on every interface so the referees' phones reach it by the laptop's LAN address.
serve: setup
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@$(PY) -c "from desk.config import local_addresses as a; print('Referees and players: ' + '  '.join('http://%s:$(PORT)/' % h for h in a() if h not in ('localhost', '[::1]')))"
	DESK_DEBUG=0 $(PY) -m waitress --listen=$${SERVE_HOST:-0.0.0.0}:$(PORT) --threads=$${THREADS:-16} --channel-timeout=60 desk.wsgi:application

# The Italian catalogue (locale/it/LC_MESSAGES/django.po) compiled for Django; needs gettext.
messages:
	@if command -v msgfmt >/dev/null; then \
		$(PY) manage.py compilemessages --ignore=.venv --verbosity 0; \
	else \
		echo "gettext is not installed (apt-get install gettext): the desk runs in English only"; \
	fi

packages:
	@bin/ensure-packages

test: $(STAMP) packages messages
	$(VENV)/bin/ruff check .
	$(PY) manage.py migrate --noinput
	$(PY) manage.py check --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -n auto --dist loadfile --cov=rules --cov-report=term:skip-covered --cov-fail-under=95 -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
