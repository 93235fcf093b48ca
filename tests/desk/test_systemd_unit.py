"""The shipped systemd unit (deploy/desk@.service) is one systemd accepts: `systemd-analyze
verify` reads it as systemd would load it (every key known, every value parsed, the command
executable), with the desk's folder where this checkout is. The unit's command line itself is
run by tests/desk/test_deploy.py (`on_this_machine.WAITRESS`)."""

import shutil
import subprocess

import pytest

from desk.settings import BASE_DIR

UNIT = BASE_DIR / "deploy" / "desk@.service"

pytestmark = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed: apt-get install systemd (bin/ensure-packages)",
)


def verify(tmp_path, text):
    unit = tmp_path / "desk@8001.service"  # an instance of the template: %i is a port
    unit.write_text(text.replace("/srv/desk", str(BASE_DIR)))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return result.returncode, (result.stdout + result.stderr).strip()


def test_systemd_accepts_the_shipped_unit(tmp_path):
    status, said = verify(tmp_path, UNIT.read_text())
    assert (status, said) == (0, "")


@pytest.mark.parametrize(
    "broken",
    [
        ("Restart=on-failure", "Restart=sometimes"),
        ("ProtectHome=yes", "ProtectHomes=yes"),
        ("/.venv/bin/python", "/.venv/bin/no-such-python"),
    ],
    ids=["bad-value", "unknown-key", "missing-command"],
)
def test_a_broken_unit_is_reported(tmp_path, broken):
    """The check above can fail: a wrong value, an unknown key or a missing command is said."""
    old, new = broken
    text = UNIT.read_text()
    assert old in text
    _status, said = verify(tmp_path, text.replace(old, new))
    assert said != ""
