"""Replays hand transcripts made by an independent implementation (OpenSpiel's `euchre`, see
../shared/euchre-vectors/README.md) through our engine, move by move.

For every recorded bid, discard, alone decision and card: the right seat is to act, the action
is legal for us, and our legal set equals the recorded one where the transcript lists it. Each
trick's winner and the hand's result must agree. `EUCHRE_VECTORS=path/to/file.jsonl` replays any
other file of the same format.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from games.engine import ALONE, CALL, DISCARD, NOT_ALONE, PLAY, Deal, HandState, RuleOptions
from games.engine.hand import team_of

# the shared folder sits beside the checkout; a clone elsewhere finds it at its usual place
SHARED_CANDIDATES = (
    Path(__file__).resolve().parents[3].parent / "shared",
    Path("/work/shared"),
)


def vectors_path() -> Path | None:
    if os.environ.get("EUCHRE_VECTORS"):
        return Path(os.environ["EUCHRE_VECTORS"]).expanduser()
    for shared in SHARED_CANDIDATES:
        candidate = shared / "euchre-vectors" / "openspiel-hands.jsonl"
        if candidate.exists():
            return candidate
    return None


VECTORS = vectors_path()

# the transcripts' conventions that our rule options express (README, "Conventions")
SUPPORTED_CONVENTIONS = {
    "first_bidder": "left of dealer",
    "alone_decided_after_discard": True,
    "lone_defender_only_vs_lone_maker": False,
    "opening_leader": "left of dealer (skipping sitting-out partner)",
    "all_pass_without_stick": "hand ends, 0 points (redeal)",
}
SUPPORTED_SCORING = {
    "make_3_4": 1,
    "march": 2,
    "lone_march": 4,
    "euchre": 2,
    "euchre_by_lone_defender": 4,
    "super_euchre_0_tricks": False,
}


def load_transcripts(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def rules_of(transcript: dict[str, Any]) -> RuleOptions:
    rules = transcript["rules"]
    for name, expected in SUPPORTED_CONVENTIONS.items():
        if name in rules and rules[name] != expected:
            raise AssertionError(f"convention {name}={rules[name]!r} has no rule option")
    if rules.get("scoring", SUPPORTED_SCORING) != SUPPORTED_SCORING:
        raise AssertionError(f"scoring {rules['scoring']} has no rule option")
    return RuleOptions(
        stick_the_dealer=rules["stick_the_dealer"],
        defend_alone=rules["allow_lone_defender"],
        dealer_may_discard_upcard=rules["dealer_may_discard_upcard"],
        opening_lead="dealer_left",
    )


def bid_action(call: str) -> str:
    return call if call in ("pass", "order_up") else CALL[call]


def replay(transcript: dict[str, Any]) -> list[str]:
    """Every disagreement between the transcript and our engine; empty when they agree."""
    problems: list[str] = []
    deal = Deal(
        hands=tuple(tuple(cards) for cards in transcript["hands"]),
        upcard=transcript["upcard"],
        kitty=tuple(transcript["kitty"]),
    )
    hand = HandState(rules_of(transcript), transcript["dealer"], deal)

    def step(where: str, seat: int, action: str, recorded_legal: list[str] | None) -> bool:
        if hand.to_act != seat:
            problems.append(f"{where}: we expect seat {hand.to_act} to act, not seat {seat}")
            return False
        ours = set(hand.legal_actions())
        if recorded_legal is not None and ours != set(recorded_legal):
            problems.append(f"{where}: legal {sorted(ours)} != recorded {sorted(recorded_legal)}")
        if action not in ours:
            problems.append(f"{where}: {action} is not legal for us")
            return False
        hand.apply(action)
        return True

    for number, bid in enumerate(transcript["bids"]):
        legal = bid.get("legal")
        legal = [bid_action(call) for call in legal] if legal is not None else None
        if not step(f"bid {number}", bid["seat"], bid_action(bid["call"]), legal):
            return problems
    discard = transcript.get("discard")
    if discard:
        legal = discard.get("legal")
        legal = [f"discard:{card}" for card in legal] if legal is not None else None
        if not step("discard", discard["seat"], DISCARD[discard["card"]], legal):
            return problems
    for number, decision in enumerate(transcript.get("alone_decisions") or []):
        action = ALONE if decision["alone"] else NOT_ALONE
        if not step(f"alone decision {number}", decision["seat"], action, None):
            return problems
    for number, trick in enumerate(transcript.get("tricks") or []):
        if hand.leader != trick["leader"]:
            problems.append(f"trick {number}: we lead from {hand.leader}, not {trick['leader']}")
            return problems
        for play in trick["plays"]:
            legal = play.get("legal")
            legal = [f"play:{card}" for card in legal] if legal is not None else None
            if not step(f"trick {number}", play["seat"], PLAY[play["card"]], legal):
                return problems
        if hand.tricks[-1].winner != trick["winner"]:
            problems.append(
                f"trick {number}: winner {hand.tricks[-1].winner} != recorded {trick['winner']}"
            )
    result = transcript["result"]
    if not hand.is_over:
        problems.append(f"the hand is not over: seat {hand.to_act} is still to act")
        return problems
    ours = {"outcome": hand.outcome, "scoring_team": hand.scoring_team, "points": hand.points}
    recorded = {key: result[key] for key in ours}
    if result["outcome"] == "all_pass":
        recorded["scoring_team"] = None
    else:
        ours["maker_team"] = team_of(hand.maker)
        ours["maker_tricks"] = hand.tricks_won[team_of(hand.maker)]
        recorded["maker_team"], recorded["maker_tricks"] = (
            result["maker_team"],
            result["maker_tricks"],
        )
    if ours != recorded:
        problems.append(f"result {ours} != recorded {recorded}")
    return problems


TRANSCRIPTS = load_transcripts(VECTORS) if VECTORS and VECTORS.exists() else []
# a file named on purpose must be there; the shared folder may be absent from a bare clone
needs_transcripts = pytest.mark.skipif(
    VECTORS is None, reason="no ../shared/euchre-vectors here: set EUCHRE_VECTORS to replay a file"
)


@needs_transcripts
def test_the_transcript_file_is_there_and_not_empty():
    assert VECTORS.exists(), f"no transcripts at {VECTORS}"
    assert TRANSCRIPTS, f"{VECTORS} holds no transcripts"


@pytest.mark.parametrize(
    "transcript",
    TRANSCRIPTS,
    ids=[f"line-{number:04d}" for number in range(1, len(TRANSCRIPTS) + 1)],
)
def test_a_transcript_replays_move_by_move(transcript):
    problems = replay(transcript)
    assert not problems, "\n".join(problems)


@needs_transcripts
def test_the_transcripts_cover_every_outcome_and_alone_play():
    """The replay above is only as strong as what the file exercises."""
    outcomes = {transcript["result"]["outcome"] for transcript in TRANSCRIPTS}
    assert {"make", "march", "euchre"} <= outcomes
    assert any(transcript["maker_alone"] for transcript in TRANSCRIPTS)
    assert any(transcript["lone_defender"] is not None for transcript in TRANSCRIPTS)


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (lambda t: t["tricks"][0].update(winner=(t["tricks"][0]["winner"] + 1) % 4), "winner"),
        (lambda t: t["result"].update(points=t["result"]["points"] + 1), "result"),
        (lambda t: t["tricks"][0]["plays"][0]["legal"].append("XX"), "legal"),
        (lambda t: t["bids"][0].update(seat=(t["bids"][0]["seat"] + 2) % 4), "seat"),
    ],
    ids=["wrong-trick-winner", "wrong-points", "wrong-legal-set", "wrong-seat"],
)
@needs_transcripts
def test_a_transcript_that_disagrees_is_caught(tamper, expected):
    played = next(t for t in TRANSCRIPTS if t.get("tricks"))
    assert replay(played) == []
    tampered = copy.deepcopy(played)
    tamper(tampered)
    problems = replay(tampered)
    assert problems and expected in problems[0]
