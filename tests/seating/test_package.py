"""The seating package's public API, its typed report and the shared tabu move choice."""

from __future__ import annotations

import dataclasses
import random

import pytest

import tournament.seating as seating
from tournament.seating import SeatingReport, seating_report
from tournament.seating.tabu import choose_move

A = (1, 2, 3, 4)
B = (5, 6, 7, 8)


def test_public_api_is_reexported():
    for name in seating.__all__:
        assert getattr(seating, name) is not None
    assert {
        "draw_schedule",
        "seating_report",
        "swiss_session",
        "lower_bound",
        "SeatingError",
    } <= set(seating.__all__)


def test_report_is_a_frozen_dataclass_that_reads_like_a_mapping():
    report = seating_report([[A, B], [(1, 2, 5, 6), (3, 4, 7, 8)]])
    assert isinstance(report, SeatingReport)
    assert report.repeats == report["repeats"] == 4
    assert report.get("wind_spread") == report.wind_spread
    assert report.get("no such figure", "none") == "none"
    assert "repeats" in report and "nothing" not in report
    as_dict = dict(report)
    assert as_dict["pairs_met_twice"] == 4
    assert list(report) == [f.name for f in dataclasses.fields(SeatingReport)]
    assert len(report) == len(as_dict)
    with pytest.raises(KeyError):
        report["nothing"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.repeats = 0  # type: ignore[misc]
    changed = report.replace(lower_bound=99)
    assert changed["lower_bound"] == 99 and report["lower_bound"] != 99


def test_choose_move_takes_a_best_move_that_is_not_tabu():
    rng = random.Random(0)
    candidates = [("a", 3), ("b", -2), ("c", -2), ("d", 5)]
    tabu = {"b": 10}
    # "b" is tabu at step 5 and does not beat the best (aspiration -5): "c" is the only choice
    assert choose_move(iter(candidates), tabu, 5, -5, rng) == ("c", -2)
    # after its tenure, "b" ties with "c"
    assert choose_move(iter(candidates), tabu, 10, -5, rng)[1] == -2
    # a tabu move that beats the best cost seen is allowed (aspiration)
    assert choose_move(iter([("b", -2)]), tabu, 5, -1, rng) == ("b", -2)
    assert choose_move(iter([("b", -2)]), tabu, 5, -2, rng) is None
    assert choose_move(iter([]), {}, 0, 0, rng) is None
