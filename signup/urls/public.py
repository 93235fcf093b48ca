from django.urls import path

from signup.views import public

entry = "t/<slug:slug>/signup/e/<str:token>/"

urlpatterns = [
    path("t/<slug:slug>/signup/", public.SignupView.as_view(), name="signup"),
    path("t/<slug:slug>/signup/players/", public.PlayersView.as_view(), name="signup-players"),
    path(entry, public.EntryView.as_view(), name="signup-entry"),
    path(entry + "withdraw/", public.EntryWithdrawView.as_view(), name="signup-withdraw"),
    path(entry + "correct/", public.EntryCorrectView.as_view(), name="signup-correct"),
    path(entry + "qr.svg", public.CheckinQrView.as_view(), name="signup-checkin-qr"),
    path(
        "t/<slug:slug>/checkin/<str:token>/", public.SelfCheckinView.as_view(), name="self-checkin"
    ),
]
