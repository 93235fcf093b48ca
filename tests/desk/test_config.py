"""Settings read from the environment: database URL, secret key, flags."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.db.backends.sqlite3.base import DatabaseWrapper

from desk import config


def test_default_is_sqlite_in_the_data_folder_with_wal_and_busy_timeout(tmp_path):
    db = config.database_config({}, tmp_path)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "desk.sqlite3")
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]
    assert db["OPTIONS"]["timeout"] >= 10
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


@pytest.mark.django_db
def test_the_sqlite_file_really_runs_in_wal_mode(tmp_path):
    settings_dict = {
        **config.database_config({}, tmp_path),
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "TIME_ZONE": None,
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "TEST": {},
    }
    wrapper = DatabaseWrapper(settings_dict, alias="wal-check")
    try:
        with wrapper.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == 30_000
    finally:
        wrapper.close()


@pytest.mark.parametrize("scheme", ["postgres", "postgresql", "pgsql"])
def test_database_url_switches_to_postgresql(tmp_path, scheme):
    db = config.database_config(
        {"DATABASE_URL": f"{scheme}://desk:s3cret@db.example:5433/tournament"}, tmp_path
    )
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("tournament", "desk", "s3cret")
    assert (db["HOST"], db["PORT"]) == ("db.example", 5433)


def test_database_url_can_name_another_sqlite_file(tmp_path):
    db = config.database_config({"DATABASE_URL": f"sqlite:///{tmp_path}/other.sqlite3"}, tmp_path)
    assert db["NAME"] == f"{tmp_path}/other.sqlite3"
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://u:p@host/db", "scheme 'mysql' is not supported"),
        ("postgres://u:p@host", "names no database"),
    ],
)
def test_bad_database_urls_are_refused_with_a_message(tmp_path, url, message):
    with pytest.raises(config.ConfigError, match=message):
        config.database_config({"DATABASE_URL": url}, tmp_path)


def test_secret_key_is_generated_once_into_the_data_folder(tmp_path):
    first = config.secret_key({}, tmp_path)
    second = config.secret_key({}, tmp_path)
    assert first == second
    assert len(first) >= 50
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_processes_starting_at_once_on_a_new_data_folder_share_one_secret_key(tmp_path):
    """Server processes started together (systemd, a deployment's script) each read or make
    the key; they must end with the same one, or one's logins are invalid on the others."""
    root = Path(__file__).resolve().parent.parent.parent
    code = "import sys; from desk import config; print(config.secret_key({}, sys.argv[1]))"
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(tmp_path)],
            cwd=root,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    keys = {start.communicate(timeout=120)[0].strip() for start in starts}
    assert keys == {(tmp_path / "secret_key").read_text(encoding="ascii").strip()}
    assert [path.name for path in tmp_path.iterdir()] == ["secret_key"]


def test_secret_key_from_the_environment_wins(tmp_path):
    assert config.secret_key({"DESK_SECRET_KEY": "from-env"}, tmp_path) == "from-env"
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("yes", True), ("ON", True), ("0", False), ("", False)]
)
def test_env_bool(raw, expected):
    assert config.env_bool({"DESK_DEBUG": raw}, "DESK_DEBUG") is expected


def test_env_bool_default_and_bad_value():
    assert config.env_bool({}, "DESK_DEBUG", default=True) is True
    with pytest.raises(config.ConfigError, match="DESK_DEBUG='maybe'"):
        config.env_bool({"DESK_DEBUG": "maybe"}, "DESK_DEBUG")


def test_allowed_hosts_list_for_the_lan_address():
    hosts = config.env_list(
        {"DESK_ALLOWED_HOSTS": "192.168.1.20, desk.local,"}, "DESK_ALLOWED_HOSTS", ["localhost"]
    )
    assert hosts == ["192.168.1.20", "desk.local"]
    assert config.env_list({}, "DESK_ALLOWED_HOSTS", ["localhost"]) == ["localhost"]


def test_settings_use_the_italian_and_english_languages(settings):
    assert [code for code, _name in settings.LANGUAGES] == ["en", "it"]
    assert settings.USE_TZ


def test_postgresql_connections_are_kept_and_checked(tmp_path):
    db = config.database_config({"DATABASE_URL": "postgres://u:p@h/desk"}, tmp_path)
    assert db["CONN_MAX_AGE"] == 600 and db["CONN_HEALTH_CHECKS"] is True


def test_settings_follow_the_environment(tmp_path):
    """What the director sets on the command line reaches Django's settings."""
    import json
    import subprocess
    import sys

    from django.conf import settings

    script = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.TIME_ZONE, s.LANGUAGE_CODE, s.DEBUG, s.ALLOWED_HOSTS]))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "desk.settings",
        "DESK_DATA_DIR": str(tmp_path),
        "DESK_TIME_ZONE": "UTC",
        "DESK_LANGUAGE": "it",
        "DESK_DEBUG": "1",
        "DESK_ALLOWED_HOSTS": "desk.local,192.168.1.20",
    }
    output = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(output) == ["UTC", "it", True, ["desk.local", "192.168.1.20"]]
