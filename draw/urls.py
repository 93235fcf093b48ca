"""The director's pages of the draw and of a registration's changes (under /director/)."""

from django.urls import path

from draw import registration_views, views

urlpatterns = [
    path("t/<slug:slug>/draw/", views.DrawView.as_view(), name="draw"),
    path("t/<slug:slug>/draw/publish/", views.PublishDrawView.as_view(), name="draw-publish"),
    path(
        "t/<slug:slug>/draw/withdraw-missing/",
        views.WithdrawMissingView.as_view(),
        name="draw-withdraw-missing",
    ),
    path(
        "t/<slug:slug>/players/<int:number>/registration/",
        registration_views.RegistrationView.as_view(),
        name="registration",
    ),
]
