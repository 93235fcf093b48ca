"""The mail server from the environment (desk.config.email_config): files without a host, TLS
with one, and a clear refusal of what would send addresses in clear."""

import pytest

from desk.config import ConfigError, email_config


def test_without_a_host_messages_are_files_in_the_data_folder(tmp_path):
    config = email_config({}, tmp_path)
    assert config["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    assert config["EMAIL_FILE_PATH"] == str(tmp_path / "mail")


def test_a_host_sends_with_starttls_by_default(tmp_path):
    config = email_config(
        {"DESK_EMAIL_HOST": "smtp.example.org", "DESK_EMAIL_FROM": "Desk <d@example.org>"},
        tmp_path,
    )
    assert config["EMAIL_BACKEND"] == "common.mail.SMTPBackend"
    assert (config["EMAIL_PORT"], config["EMAIL_USE_TLS"], config["EMAIL_USE_SSL"]) == (
        587,
        True,
        False,
    )
    ssl = email_config(
        {
            "DESK_EMAIL_HOST": "smtp.example.org",
            "DESK_EMAIL_FROM": "d@example.org",
            "DESK_EMAIL_SECURITY": "ssl",
        },
        tmp_path,
    )
    assert (ssl["EMAIL_PORT"], ssl["EMAIL_USE_TLS"], ssl["EMAIL_USE_SSL"]) == (465, False, True)


@pytest.mark.parametrize(
    ("environ", "words"),
    [
        ({"DESK_EMAIL_HOST": "smtp.example.org"}, "DESK_EMAIL_FROM"),
        (
            {"DESK_EMAIL_HOST": "mx", "DESK_EMAIL_FROM": "a@b", "DESK_EMAIL_SECURITY": "none"},
            "in clear",
        ),
        (
            {"DESK_EMAIL_HOST": "mx", "DESK_EMAIL_FROM": "a@b", "DESK_EMAIL_SECURITY": "tls13"},
            "starttls, ssl or none",
        ),
        (
            {"DESK_EMAIL_HOST": "mx", "DESK_EMAIL_FROM": "a@b", "DESK_EMAIL_PORT": "70000"},
            "1 to 65535",
        ),
        (
            {
                "DESK_EMAIL_HOST": "mx",
                "DESK_EMAIL_FROM": "a@b",
                "DESK_EMAIL_CA_FILE": "/nowhere.pem",
            },
            "no such file",
        ),
    ],
)
def test_what_cannot_work_is_refused_with_its_reason(tmp_path, environ, words):
    with pytest.raises(ConfigError, match=words):
        email_config(environ, tmp_path)


def test_a_server_with_a_certificate_nobody_vouches_for_is_refused(tmp_path, settings, db):
    """Without DESK_EMAIL_CA_FILE the test server's throwaway authority is not trusted: the
    message is not sent to an unverified server."""
    import ssl

    from django.core.mail import send_mail

    from tests.servers import smtp_server

    with smtp_server() as server:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        settings.DESK_EMAIL_CA_FILE = ""
        with pytest.raises(ssl.SSLError):
            send_mail("x", "y", None, ["someone@example.org"])
        assert server.messages == []
        settings.DESK_EMAIL_CA_FILE = server.ca_file
        send_mail("x", "y", None, ["someone@example.org"])
        assert len(server.messages) == 1
