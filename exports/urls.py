"""Downloads of every export (director pages): `/director/t/<slug>/export/<what>.<format>`."""

from django.urls import path

from exports import views

urlpatterns = [
    path("t/<slug:slug>/export/<str:what>.<str:fmt>", views.ExportView.as_view(), name="export"),
]
