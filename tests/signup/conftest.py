"""Fixtures of the sign-up tests: a real SMTP server the desk sends through."""

import pytest

from tests.servers import smtp_server


@pytest.fixture(scope="module")
def _mail_server():
    with smtp_server() as server:
        yield server


@pytest.fixture
def mail_server(_mail_server, settings):
    """The module's SMTP server, its messages emptied, and the desk's settings pointing at it."""
    _mail_server.messages.clear()
    for name, value in _mail_server.settings().items():
        setattr(settings, name, value)
    return _mail_server
