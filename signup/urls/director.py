from django.urls import path

from signup.views import checkin, director

urlpatterns = [
    path("t/<slug:slug>/signup/", director.SignupSettingsView.as_view(), name="signup-settings"),
    path("t/<slug:slug>/signup/entries/", director.EntriesView.as_view(), name="signup-entries"),
    path(
        "t/<slug:slug>/signup/entries/<int:entry>/",
        director.EntryActionView.as_view(),
        name="signup-entry-action",
    ),
    path("t/<slug:slug>/signup/erase/", director.EraseAllView.as_view(), name="signup-erase-all"),
    path("t/<slug:slug>/checkin/", checkin.CheckinView.as_view(), name="checkin"),
    path("t/<slug:slug>/checkin/open/", checkin.CheckinOpenView.as_view(), name="checkin-open"),
]
