"""`manage.py simulate`: reads its options, runs the simulator, prints the report."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from games.engine import RuleOptions
from games.management.commands.simulate import parse_rules


def run(*arguments: str) -> str:
    out = io.StringIO()
    call_command("simulate", *arguments, stdout=out)
    return out.getvalue()


def test_prints_the_statistics() -> None:
    output = run("--games", "20", "--seed", "3")
    lines = output.splitlines()
    assert lines[0].split() == ["seed", "3"]
    values = {line[:23].strip(): line[23:].split() for line in lines}
    assert values["games"] == ["20"]
    assert values["rules"] == ["defaults"]
    assert int(values["team 0 games won"][0]) + int(values["team 1 games won"][0]) == 20
    for label in ("hands", "marches (5 tricks)", "euchres", "lone hands", "redeals (all passed)"):
        assert label in values
    assert values["speed"][1] == "games/s"


def test_rules_and_player_kinds_reach_the_simulator() -> None:
    output = run(
        "--games",
        "10",
        "--seed",
        "1",
        "--rules",
        "going_under, target_score=5",
        "--team0",
        "random",
        "--team1",
        "rule_of_thumb",
    )
    assert "going_under, target_score=5" in output
    assert "random" in output.splitlines()[2] and "rule_of_thumb" in output.splitlines()[3]


def test_parse_rules() -> None:
    assert parse_rules("") == RuleOptions()
    assert parse_rules("going_under,stick_the_dealer,target_score=11") == RuleOptions(
        going_under=True, stick_the_dealer=True, target_score=11
    )
    assert parse_rules("dealer_may_discard_upcard=false,opening_lead=dealer_left") == RuleOptions(
        dealer_may_discard_upcard=False, opening_lead="dealer_left"
    )


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("going_undr", "valid options: .*going_under, .*stick_the_dealer"),
        ("target_score", "target_score needs a value"),
        ("target_score=ten", "whole number"),
        ("target_score=0", "from 1 to 100"),
        ("opening_lead=left", "loner_left"),
        ("no_trump=perhaps", "on or off"),
    ],
)
def test_bad_rules_are_a_command_error(rules: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        run("--games", "1", "--rules", rules)


def test_at_least_one_game() -> None:
    with pytest.raises(CommandError, match="at least 1"):
        run("--games", "0")
