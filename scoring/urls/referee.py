from django.urls import include, path

from scoring.calls import views as calls
from scoring.referee import correction, home, offline, penalty, table
from scoring.tiles import views as tiles

table_patterns = [
    path("", table.TableView.as_view(), name="table"),
    path("hands/<int:number>/", correction.CorrectHandView.as_view(), name="correct"),
    path("void-last/", table.VoidLastHandView.as_view(), name="void-last"),
    path("penalty/", penalty.TablePenaltyView.as_view(), name="penalty"),
    path("time-up/", table.TimeUpView.as_view(), name="time-up"),
    path("close/", table.CloseTableView.as_view(), name="close"),
    path("history/", table.TableHistoryView.as_view(), name="history"),
    path("count/", tiles.CountTilesView.as_view(), name="count-tiles"),
    path("call/", calls.CallRefereeView.as_view(), name="call"),
]

urlpatterns = [
    path("referee/", home.RefereeHomeView.as_view(), name="referee-home"),
    # A referee call taken or closed by a referee account or the director.
    path(
        "referee/calls/<int:call_id>/take/",
        calls.CallActionView.as_view(action="take"),
        name="call-take",
    ),
    path(
        "referee/calls/<int:call_id>/close/",
        calls.CallActionView.as_view(action="close"),
        name="call-close",
    ),
    path(
        "referee/calls/<int:call_id>/reopen/",
        calls.CallActionView.as_view(action="reopen"),
        name="call-reopen",
    ),
    # The service workers of the referee pages (offline copies): scope /r/ and /referee/.
    path("r/sw.js", offline.service_worker, name="link-service-worker"),
    path("referee/sw.js", offline.service_worker, name="account-service-worker"),
    # The table's secret link (QR code on the table card): this table, this session, nothing else.
    path("r/<str:token>/", include((table_patterns, "link"))),
    # The same pages for referee accounts assigned to the table (and directors).
    path("referee/tables/<int:table_id>/", include((table_patterns, "account"))),
]
