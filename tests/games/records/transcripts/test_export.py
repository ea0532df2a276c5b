"""The hand history of a finished game (games.records.transcripts): for random games of every
variant, the export validates against docs/hand-history.schema.json (and a standard game's hands
against the shared vectors' own schema, unchanged), and replaying it through the engine, hand by
hand from the dealt cards, gives the game's final score and winner. Plain engine: no database."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields
from pathlib import Path

import jsonschema
import pytest

from games.engine import PRESETS, GameState, InvalidRules, RuleOptions, preset_rules
from games.engine.rules import CHOICES
from games.records.transcripts import (
    V1,
    V1_VARIANTS,
    HistoryMismatch,
    game_history,
    history_replay,
    score_sheet_text,
)

ROOT = Path(__file__).resolve().parents[4]
HISTORY_SCHEMA = json.loads((ROOT / "docs" / "hand-history.schema.json").read_text())
VECTORS_SCHEMA_PATHS = (
    ROOT.parent / "shared" / "euchre-vectors" / "transcript.schema.json",
    Path("/work/shared/euchre-vectors/transcript.schema.json"),
)
V1_SCHEMA_PATH = next((path for path in VECTORS_SCHEMA_PATHS if path.exists()), None)
history_validator = jsonschema.Draft202012Validator(HISTORY_SCHEMA)


def random_play(rules: RuleOptions, seed: str) -> GameState:
    """A whole game of random legal actions (reneges included where the rules allow them)."""
    state, rng = GameState(rules, seed), random.Random(seed)
    while state.winner is None:
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_rules(rng: random.Random) -> RuleOptions:
    """Any valid combination of rule options."""
    while True:
        options = {}
        for option in fields(RuleOptions):
            if option.name == "going_under_form" and not options["going_under"]:
                options[option.name] = "any_three"  # a form of going under only
            elif option.name in CHOICES:
                options[option.name] = rng.choice(CHOICES[option.name])
            elif option.name == "target_score":
                options[option.name] = rng.choice((5, 7, 10))
            else:
                options[option.name] = rng.random() < 0.35
        try:
            return RuleOptions(**options)
        except InvalidRules:
            continue


RNG = random.Random("hand-history")
CASES = [(f"{name}-{n}", preset_rules(name)) for name in PRESETS for n in range(3)] + [
    (f"random-{n}", random_rules(RNG)) for n in range(80)
]


@pytest.mark.parametrize(("seed", "rules"), CASES, ids=[seed for seed, _ in CASES])
def test_the_export_validates_and_replays_to_the_final_score(seed, rules):
    state = random_play(rules, seed)
    document = game_history(rules, seed, state.actions)
    errors = sorted(history_validator.iter_errors(document), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    assert len(document["hands"]) == len(state.records)
    assert document["game"]["final_score"] == state.scores
    scores, winner = history_replay(document)
    assert (scores, winner) == (state.scores, state.winner)
    sheet = score_sheet_text(document)
    finals = ", ".join(f"{side} {score}" for side, score in zip("ABCD", state.scores, strict=False))
    assert f"Final score: {finals}." in sheet
    assert len(sheet.splitlines()) >= len(document["hands"]) + 4


def test_every_variant_and_fact_is_exercised():
    """The cases above are only as strong as what they play: every variant, and every fact
    the extension adds, turns up in some exported hand."""
    seen_variants, seen_facts, seen_outcomes = set(), set(), set()
    for seed, rules in CASES:
        document = game_history(rules, seed, random_play(rules, seed).actions)
        seen_variants.add(rules.variant)
        for hand in document["hands"]:
            seen_facts |= set(hand) & {
                "went_under", "exchange", "redeal_by", "upcard_taker", "blind_alone",
                "called_ace", "renege", "robson",
            }  # fmt: skip
            seen_outcomes.add(hand["result"]["outcome"])
            if any(bid["round"] == 0 for bid in hand["bids"]):
                seen_facts.add("round 0")
            if hand["lone_defender"] is not None:
                seen_facts.add("lone defender")
            if hand.get("went_under", {}).get("shown"):
                seen_facts.add("farmer's call")
    assert seen_variants == set(CHOICES["variant"])
    assert seen_outcomes == {"make", "march", "euchre", "all_pass", "redeal", "renege"}
    assert seen_facts == {
        "went_under", "exchange", "redeal_by", "upcard_taker", "blind_alone", "called_ace",
        "renege", "robson", "round 0", "lone defender", "farmer's call",
    }  # fmt: skip


@pytest.mark.skipif(V1_SCHEMA_PATH is None, reason="no ../shared/euchre-vectors here")
@pytest.mark.parametrize("seed", ["v1-a", "v1-b", "v1-c", "v1-d"])
def test_a_standard_game_s_hands_are_v1_transcripts(seed):
    """The vectors' schema file itself, unchanged, accepts each hand of a standard game."""
    v1 = jsonschema.Draft202012Validator(json.loads(V1_SCHEMA_PATH.read_text()))
    rules = RuleOptions(stick_the_dealer=seed.endswith("b"), defend_alone=seed > "v1-b")
    document = game_history(rules, seed, random_play(rules, seed).actions)
    for hand in document["hands"]:
        assert hand["schema"] == V1
        errors = list(v1.iter_errors(hand))
        assert not errors, f"hand {hand['number']}: {errors[0].message}"


def test_variant_hands_say_they_are_extended():
    rules = preset_rules("call_ace")
    document = game_history(rules, "ext", random_play(rules, "ext").actions)
    assert {hand["schema"] for hand in document["hands"]} == {V1_VARIANTS}


def played_document(rules=None, seed="tamper"):
    rules = rules or RuleOptions()
    return game_history(rules, seed, random_play(rules, seed).actions)


def first_played_hand(document):
    return next(hand for hand in document["hands"] if hand["tricks"])


def swap_first_two_cards_of_a_trick(document):
    plays = first_played_hand(document)["tricks"][-1]["plays"]
    plays[0]["card"], plays[1]["card"] = plays[1]["card"], plays[0]["card"]


TAMPERS = {
    "wrong-trick-winner": lambda d: first_played_hand(d)["tricks"][0].update(
        winner=(first_played_hand(d)["tricks"][0]["winner"] + 1) % 4
    ),
    "wrong-points": lambda d: first_played_hand(d)["result"].update(
        points=first_played_hand(d)["result"]["points"] + 1
    ),
    "wrong-score-after": lambda d: d["hands"][-1]["result"]["score_after"].__setitem__(0, 99),
    "cards-swapped-between-seats": swap_first_two_cards_of_a_trick,
    "a-hand-left-out": lambda d: d["hands"].pop(len(d["hands"]) // 2),
}


@pytest.mark.parametrize("name", TAMPERS)
def test_an_altered_history_does_not_replay(name):
    """The replay can fail: each alteration is caught, not replayed to some score."""
    document = played_document()
    assert history_replay(document) == (document["game"]["final_score"], document["game"]["winner"])
    altered = copy.deepcopy(document)
    TAMPERS[name](altered)
    with pytest.raises(HistoryMismatch):
        history_replay(altered)


@pytest.mark.parametrize(
    ("where", "value"),
    [(("hands", 0, "upcard"), "1X"), (("schema",), "v2"), (("hands", 0, "result", "points"), 9)],
)
def test_the_schema_refuses_a_malformed_history(where, value):
    document = played_document()
    target = document
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    assert list(history_validator.iter_errors(document))
