from django.urls import path

from api import director_views

urlpatterns = [
    path("t/<slug:slug>/api-tokens/", director_views.TokensView.as_view(), name="api-tokens"),
    path(
        "t/<slug:slug>/api-tokens/<int:token_id>/revoke/",
        director_views.RevokeTokenView.as_view(),
        name="api-token-revoke",
    ),
]
