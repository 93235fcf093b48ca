"""What every rule set offers the desk (rules.get_ruleset and the RuleSet interface)."""

import dataclasses
import subprocess
import sys
from fractions import Fraction

import pytest

import rules
from rules import (
    ENTRY_KINDS,
    RULESET_CODES,
    EntryField,
    HandSettlement,
    OptionField,
    RuleError,
    SeatResult,
    TableState,
    get_ruleset,
)
from rules.i18n import Message

STARTING_POINTS = {
    "mcr": 0,
    "riichi2008": 30000,
    "riichi2016": 30000,
    "european": 1000,
    "fimj": 1000,
    "faentino": 2000,
}
WASHOUT = {
    "mcr": {"outcome": "washout"},
    "riichi2008": {"outcome": "draw"},
    "riichi2016": {"outcome": "draw"},
    "european": {"outcome": "washout"},
    "fimj": {"outcome": "washout"},
    "faentino": {"outcome": "washout"},
}


def test_importing_rules_does_not_import_django():
    code = "import rules, sys; assert 'django' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_codes():
    assert RULESET_CODES == ("mcr", "riichi2008", "riichi2016", "european", "fimj", "faentino")


def test_unknown_code_names_the_valid_ones():
    with pytest.raises(RuleError) as caught:
        get_ruleset("zung")
    assert str(caught.value) == (
        "Unknown rule set zung; the rule sets are: mcr, riichi2008, riichi2016, european, fimj, "
        "faentino"
    )


@pytest.mark.parametrize("code", RULESET_CODES)
def test_unknown_option_names_the_valid_ones(code):
    ruleset = get_ruleset(code)
    valid = [field.name for field in ruleset.option_fields()]
    with pytest.raises(RuleError) as caught:
        get_ruleset(code, {"colour": 1})
    assert "Unknown setting colour" in str(caught.value)
    assert all(name in str(caught.value) for name in valid)


@pytest.mark.parametrize(
    ("code", "options", "fragment"),
    [
        ("mcr", {"rank_before_penalties": "yes"}, "must be yes or no"),
        ("mcr", {"table_points": [5, 3, 1, 0]}, "Unknown setting table_points"),
        ("european", {"limit": 5}, "Limit must be at least 10"),
        ("european", {"limit": True}, "Limit must be a whole number"),
        ("european", {"rounds": 5}, "at most 4"),
        ("riichi2016", {"uma": "big"}, "must be a list of whole numbers"),
        ("riichi2016", {"edition": "2008"}, "Unknown setting edition"),
        ("faentino", ["limit"], "names and values"),
    ],
)
def test_bad_option_values(code, options, fragment):
    with pytest.raises(RuleError, match=fragment):
        get_ruleset(code, options)


@pytest.mark.parametrize("code", RULESET_CODES)
def test_ruleset_interface(code):
    ruleset = get_ruleset(code)
    assert ruleset.code == code
    assert isinstance(ruleset.name, str) and ruleset.name
    assert ruleset.starting_points == STARTING_POINTS[code]
    assert dataclasses.is_dataclass(ruleset.options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.options.name = "x"
    for option in ruleset.option_fields():
        assert isinstance(option, OptionField) and option.label
        assert getattr(ruleset.options, option.name) == option.default
    state = ruleset.initial_state()
    assert isinstance(state, TableState)
    assert (state.hand_number, state.dealer, state.seat_winds) == (1, 0, (0, 1, 2, 3))
    assert not state.finished
    fields = ruleset.hand_fields(state)
    assert fields[0].name == "outcome" and fields[0].kind == "outcome" and fields[0].choices
    for field in fields:
        assert isinstance(field, EntryField) and field.kind in ENTRY_KINDS and field.label
    assert isinstance(ruleset.describe_state(state), Message)
    done = ruleset.settle(WASHOUT[code], state)
    assert isinstance(done, HandSettlement)
    assert done.deltas == (0, 0, 0, 0)
    assert done.next_state.hand_number == 2
    results = ruleset.session_result((0, 0, 0, 0))
    assert all(isinstance(r, SeatResult) for r in results)
    assert [r.seat for r in results] == [0, 1, 2, 3]
    assert all(r.place == 1 and isinstance(r.final_score, Fraction) for r in results)
    assert ruleset.ranking_fields
    assert all(hasattr(results[0], name) for name in ruleset.ranking_fields)
    assert repr(ruleset) == f"<RuleSet {code}>"


def test_options_apply_over_the_preset():
    fimj = get_ruleset("fimj", {"limit": 2000, "starting_points": 0})
    assert fimj.options.limit == 2000 and fimj.starting_points == 0
    assert fimj.options.round_payments  # the variant stays
    assert get_ruleset("fimj").options.limit == 1000  # presets are not changed
    assert rules.preset("riichi2016").uma == (15000, 5000, -5000, -15000)
    assert get_ruleset("mcr", {}).options == rules.preset("mcr")


def test_editions_differ_only_in_data():
    e2008, e2016 = rules.preset("riichi2008"), rules.preset("riichi2016")
    differing = {
        field.name
        for field in dataclasses.fields(e2008)
        if getattr(e2008, field.name) != getattr(e2016, field.name)
    }
    assert differing == {
        "edition",
        "name",
        "uma",
        "counted_yakuman_base",
        "max_yakuman",
        "red_fives",
        "five_counters_two_yaku",
        "chombo_payment",
        "chombo_final_penalty",
        "abortive_draws",
    }


def test_rule_error_keeps_template_and_params():
    with pytest.raises(RuleError) as caught:
        get_ruleset("mcr").settle(
            {"outcome": "self_drawn", "winner": 9, "fan": 8}, get_ruleset("mcr").initial_state()
        )
    err = caught.value
    assert err.template == "{what} must be a seat number from 0 to 3; got {value}"
    assert err.params["value"] == 9
    assert str(err.message) == str(err)


@pytest.mark.parametrize("code", RULESET_CODES)
def test_state_round_trips_through_json_data(code):
    import json

    ruleset = get_ruleset(code)
    state = ruleset.settle(WASHOUT[code], ruleset.initial_state()).next_state
    data = json.loads(json.dumps(state.to_dict()))
    assert TableState.from_dict(data) == state
    with pytest.raises(RuleError, match="stored table state is invalid"):
        TableState.from_dict({"hand_number": 1})
    with pytest.raises(RuleError, match="stored table state is invalid"):
        TableState.from_dict({**data, "colour": 1})


@pytest.mark.parametrize("code", RULESET_CODES)
def test_finished_state_is_described_as_over(code):
    ruleset = get_ruleset(code)
    state = dataclasses.replace(ruleset.initial_state(), finished=True)
    assert str(ruleset.describe_state(state)) == "The session is over"


def test_descriptions():
    assert str(get_ruleset("fimj").describe_state(get_ruleset("fimj").initial_state())) == (
        "Hand 1, East round (1 of 4), East is seat 0"
    )
    european = get_ruleset("european")
    assert str(european.describe_state(european.initial_state())) == (
        "Hand 1, round 1 of 4, East is seat 0"
    )


def test_seats_must_be_a_list():
    with pytest.raises(RuleError, match="Tenpai must be a list of seats"):
        get_ruleset("riichi2008").settle(
            {"outcome": "draw", "tenpai": 3}, get_ruleset("riichi2008").initial_state()
        )
