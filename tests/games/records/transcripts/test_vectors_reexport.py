"""A transcript of ../shared/euchre-vectors, played through our engine from its deal and
exported by games.records.transcripts, is the same transcript: the same keys and values, where the
format allows (the provenance `generator`, and the rules' `deal` and `game` texts, belong to
the implementation that played it; the order of a `legal` list is not part of the format, and
the export adds `number`, `rules.options`, `result.points_by_scorer` and `result.score_after`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import HandState
from games.records.transcripts import hand_actions, hand_transcript, step_apply
from tests.games.engine.test_vectors import LINES, deal_of, rules_of

EXTENSION_KEYS = ("number",)
EXTENSION_RESULT_KEYS = ("points_by_scorer", "score_after")
IMPLEMENTATION_RULE_KEYS = ("deal", "game", "options")


def comparable(transcript: dict[str, Any]) -> dict[str, Any]:
    """The transcript without what the format leaves to each implementation, legal sets sorted."""
    out = json.loads(json.dumps(transcript))
    out.pop("generator", None)
    for key in EXTENSION_KEYS:
        out.pop(key, None)
    for key in IMPLEMENTATION_RULE_KEYS:
        out["rules"].pop(key, None)
    for key in EXTENSION_RESULT_KEYS:
        out["result"].pop(key, None)
    for bid in out["bids"]:
        bid["legal"] = sorted(bid["legal"])
    if out["discard"]:
        out["discard"]["legal"] = sorted(out["discard"]["legal"])
    for trick in out["tricks"]:
        for play in trick["plays"]:
            play["legal"] = sorted(play["legal"])
    return out


def reexport(vector: dict[str, Any]) -> dict[str, Any]:
    rules = rules_of(vector["rules"])
    hand = HandState(rules, vector["dealer"], deal_of(vector))
    steps = [step_apply(hand, action) for action in hand_actions(vector)]
    record = hand.record(score_after=tuple(hand.points_by_scorer))
    return hand_transcript(rules, record, steps, game=vector["rules"]["game"])


needs_vectors = pytest.mark.skipif(not LINES, reason="no ../shared/euchre-vectors here")


@needs_vectors
@pytest.mark.parametrize("number", [n for n, _ in LINES][::10], ids=lambda n: f"line-{n:04d}")
def test_a_vector_reexported_equals_itself(number):
    vector = json.loads(dict(LINES)[number])
    assert comparable(reexport(vector)) == comparable(vector)


@needs_vectors
def test_every_vector_reexports_to_itself():
    different = [
        number
        for number, line in LINES
        if comparable(reexport(json.loads(line))) != comparable(json.loads(line))
    ]
    assert not different, f"{len(different)} lines differ, the first {different[:10]}"


@needs_vectors
def test_the_comparison_sees_a_difference():
    """An export that differs in one card's legal set, or in the result, is not 'equal'."""
    vector = json.loads(LINES[0][1])
    ours = reexport(vector)
    ours["tricks"][0]["plays"][0]["legal"].pop()
    assert comparable(ours) != comparable(vector)
    ours = reexport(vector)
    ours["result"]["returns"] = [0, 0, 0, 0]
    assert comparable(ours) != comparable(vector)
