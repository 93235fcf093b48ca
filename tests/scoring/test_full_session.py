"""One full MCR session, 8 tables x 16 hands, entered through the pages as referees would."""

from fractions import Fraction

from django.urls import reverse

from rules import mcr
from scoring.models import Hand, SeatResult
from scoring.standings.ranking import compute_standings
from tests.factories import build, mcr_entry, page_fields


def test_a_full_session_of_eight_tables(client, director_client, db):
    cup = build(players=32, slug="full")
    session = cup.sessions.get(number=1)
    tables = list(session.tables.order_by("number"))
    assert len(tables) == 8
    expected_totals = {}
    for table in tables:
        url = reverse("link:table", kwargs={"token": table.token})
        totals = [0, 0, 0, 0]
        for number in range(1, 17):
            # Vary the hands per table so that tables end differently.
            entry = mcr_entry(number + table.number)
            page = client.get(url)
            data = {**page_fields(page), "session": 1, **{k: str(v) for k, v in entry.items()}}
            assert client.post(url, data).status_code == 302
            winner = entry.get("winner")
            deltas = (
                (0, 0, 0, 0)
                if winner is None
                else mcr.settle_hand(
                    entry["fan"], winner, entry.get("discarder"), flowers=entry.get("flowers", 0)
                )
            )
            totals = [t + d for t, d in zip(totals, deltas, strict=True)]
        expected_totals[table.pk] = totals
        page = client.get(url)
        assert "Every hand" not in page.content.decode()
        response = client.post(
            reverse("link:close", kwargs={"token": table.token}),
            {"revision": page_fields(page)["revision"], "confirmed": "1"},
        )
        assert response.status_code == 302
    assert Hand.objects.filter(table__session=session).count() == 8 * 16
    dashboard = reverse("session-dashboard", args=[cup.slug, 1])
    assert director_client.get(dashboard).content.decode().count("Closed") >= 8
    response = director_client.post(
        reverse("session-confirm", args=[cup.slug, 1]), {"confirmed": "1"}
    )
    assert response.status_code == 302
    confirmed = director_client.get(dashboard).content.decode()
    assert "Session confirmed" in confirmed and "Start the clock" not in confirmed
    for table in tables:
        results = SeatResult.objects.filter(table=table).order_by("wind")
        scores = [r.score for r in results]
        assert scores == expected_totals[table.pk]
        assert [r.table_points for r in results] == list(mcr.table_points(scores))
        assert sum(r.table_points for r in results) == 7
    standings = compute_standings(cup)
    assert len(standings.rows) == 32
    assert sum(row.table_points for row in standings.rows) == Fraction(7 * 8)
    assert standings.rows[0].place == 1
