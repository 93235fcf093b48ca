"""Django's admin is for site administrators only (desk/admin_site.py): a staff account that is
not one, or a tournament's director, gets no admin page."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client

from desk.admin_site import DeskAdminSite
from tests.factories import make_director, make_tournament, make_tournament_director

pytestmark = pytest.mark.django_db


def admin_index(user):
    client = Client()
    client.force_login(user)
    return client.get("/admin/")


def test_the_admin_site_is_the_desks():
    assert isinstance(admin.site, DeskAdminSite)


def test_a_site_administrator_opens_the_admin():
    response = admin_index(make_director())
    assert response.status_code == 200
    assert "/admin/tournament/" in response.content.decode()


def test_a_staff_account_that_is_not_a_site_administrator_is_sent_to_log_in():
    staff_only = get_user_model().objects.create_user("staff", password="pw", is_staff=True)
    response = admin_index(staff_only)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_a_tournament_director_is_sent_to_log_in():
    response = admin_index(make_tournament_director(make_tournament()))
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_an_inactive_superuser_is_sent_to_log_in():
    former = make_director()
    former.is_active = False
    former.save()
    client = Client()
    client.force_login(former)
    response = client.get("/admin/")
    assert response.status_code == 302
