"""Replays hand transcripts made by an independent implementation (OpenSpiel's `euchre`, see
/work/shared/euchre-vectors/README.md) through our engine, move by move.

Each transcript line is one hand: its `rules` become our RuleOptions (a convention we cannot
express fails the line), its deal is dealt exactly (`HandState(rules, dealer, Deal(...))`), then
for every recorded bid, discard, alone decision and card: the same seat is to act in the same
phase, the action is legal for us, and our legal set equals the recorded one where the transcript
lists it. Trump, maker and the alone decisions, each trick's leader and winner, and the hand's
result (outcome, maker team, maker tricks, scoring team, points, per-seat returns) must agree.

`EUCHRE_VECTORS=path/to/file.jsonl` replays another file of the same format. Each line is its own
test, `line-0001` being the file's first line.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine import ALONE, CALL, DECK, DISCARD, NOT_ALONE, PLAY, Deal, HandState, RuleOptions
from games.engine.hand import team_of

# the shared folder sits beside the checkout; a clone elsewhere finds it at its usual place
SHARED_CANDIDATES = (
    Path(__file__).resolve().parents[3].parent / "shared",
    Path("/work/shared"),
)
OVERRIDDEN = bool(os.environ.get("EUCHRE_VECTORS"))


def vectors_path() -> Path | None:
    if OVERRIDDEN:
        return Path(os.environ["EUCHRE_VECTORS"]).expanduser()
    for shared in SHARED_CANDIDATES:
        candidate = shared / "euchre-vectors" / "openspiel-hands.jsonl"
        if candidate.exists():
            return candidate
    return None


VECTORS = vectors_path()

# The transcripts' `rules`, key by key (README, "Conventions of this implementation").
# Options of the table, mapped onto ours:
MAPPED_OPTIONS = {
    "stick_the_dealer": "stick_the_dealer",
    "allow_lone_defender": "defend_alone",
    "dealer_may_discard_upcard": "dealer_may_discard_upcard",
}
# README: 'The dealer who picks up may not discard the up card itself'; the key is optional
DEFAULT_DEALER_MAY_DISCARD_UPCARD = False
OPENING_LEADERS = {
    # the dealer's left leads even when that is a lone maker; a sitting-out seat is skipped
    "left of dealer (skipping sitting-out partner)": "dealer_left",
}
# Conventions our engine always plays the way the transcripts do; any other value cannot be
# expressed by our RuleOptions and fails the line.
FIXED_CONVENTIONS: dict[str, Any] = {
    "deck": "24 cards 9-A",
    "first_bidder": "left of dealer",
    "alone_decided_after_discard": True,  # the maker decides after the dealer's discard
    "lone_defender_only_vs_lone_maker": False,  # a defender may go alone against a team
    "all_pass_without_stick": "hand ends, 0 points (redeal)",
    "game": "single hand (no play to 10)",  # we replay a HandState, not a Game
    "scoring": {
        "make_3_4": 1,
        "march": 2,
        "lone_march": 4,
        "euchre": 2,
        "euchre_by_lone_defender": 4,
        "super_euchre_0_tricks": False,
    },
}
# the order cards were dealt in: irrelevant, the hands are given
IGNORED = {"deal"}


class Unsupported(Exception):
    """A convention of the transcript that our RuleOptions cannot express."""


def rules_of(recorded: dict[str, Any]) -> RuleOptions:
    unknown = sorted(set(recorded) - {*MAPPED_OPTIONS, *FIXED_CONVENTIONS, *IGNORED})
    unknown = [key for key in unknown if key != "opening_leader"]
    if unknown:
        raise Unsupported(f"rule conventions {unknown} cannot be expressed by RuleOptions")
    for key, ours in FIXED_CONVENTIONS.items():
        if key in recorded and recorded[key] != ours:
            raise Unsupported(f"convention {key}={recorded[key]!r} cannot be expressed")
    leader = recorded.get("opening_leader", "left of dealer (skipping sitting-out partner)")
    if leader not in OPENING_LEADERS:
        raise Unsupported(f"opening_leader={leader!r} cannot be expressed")
    options: dict[str, Any] = {"opening_lead": OPENING_LEADERS[leader]}
    options["dealer_may_discard_upcard"] = DEFAULT_DEALER_MAY_DISCARD_UPCARD
    for key, ours in MAPPED_OPTIONS.items():
        if key in recorded:
            if type(recorded[key]) is not bool:
                raise Unsupported(f"{key}={recorded[key]!r} is not true or false")
            options[ours] = recorded[key]
    for key in ("stick_the_dealer", "allow_lone_defender"):  # required by the schema
        if key not in recorded:
            raise Unsupported(f"the transcript's rules do not say {key}")
    return RuleOptions(**options)


def bid_action(call: str) -> str:
    if call in ("pass", "order_up"):
        return call
    if call in ("S", "H", "D", "C"):
        return CALL[call]
    raise Unsupported(f"unknown call {call!r}")


def deal_of(transcript: dict[str, Any]) -> Deal:
    hands = tuple(tuple(cards) for cards in transcript["hands"])
    deal = Deal(hands=hands, upcard=transcript["upcard"], kitty=tuple(transcript["kitty"]))
    every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
    if sorted(every) != sorted(DECK) or any(len(hand) != 5 for hand in deal.hands):
        raise Unsupported(f"the deal is not the 24-card deck, 5 to each seat: {every}")
    return deal


def replay(transcript: dict[str, Any]) -> list[str]:
    """Every disagreement between the transcript and our engine; empty when they agree. The
    replay stops at the first action we cannot apply."""
    try:
        rules, deal = rules_of(transcript["rules"]), deal_of(transcript)
    except Unsupported as error:
        return [str(error)]
    hand = HandState(rules, transcript["dealer"], deal)
    problems: list[str] = []

    def step(where: str, seat: int, phase: str, action: str, legal: list[str] | None) -> bool:
        if hand.to_act != seat or hand.phase != phase:
            problems.append(
                f"{where}: we expect seat {hand.to_act} to act in phase {hand.phase!r}, "
                f"not seat {seat} in {phase!r}"
            )
            return False
        ours = hand.legal_actions()
        if legal is not None and set(ours) != set(legal):
            problems.append(f"{where}: our legal {sorted(ours)} != recorded {sorted(legal)}")
        if action not in ours:
            problems.append(f"{where}: {action} is not legal for us")
            return False
        hand.apply(action)
        return True

    try:
        for number, bid in enumerate(transcript["bids"]):
            legal = bid.get("legal")
            legal = None if legal is None else [bid_action(call) for call in legal]
            action = bid_action(bid["call"])
            if not step(f"bid {number}", bid["seat"], f"bid{bid['round']}", action, legal):
                return problems
    except Unsupported as error:
        return [*problems, str(error)]
    if (hand.trump, hand.maker) != (transcript["trump"], transcript["maker"]):
        problems.append(
            f"after bidding: trump {hand.trump}, maker {hand.maker} != recorded "
            f"{transcript['trump']}, {transcript['maker']}"
        )
    discard = transcript.get("discard")
    if discard:
        legal = discard.get("legal")
        legal = None if legal is None else [DISCARD[card] for card in legal]
        if not step("discard", discard["seat"], "discard", DISCARD[discard["card"]], legal):
            return problems
    for number, decision in enumerate(transcript.get("alone_decisions") or []):
        phase = "alone" if decision["role"] == "maker" else "defend"
        action = ALONE if decision["alone"] else NOT_ALONE
        if not step(f"alone decision {number}", decision["seat"], phase, action, None):
            return problems
    recorded_alone = (bool(transcript["maker_alone"]), transcript["lone_defender"])
    if (hand.maker_alone, hand.lone_defender) != recorded_alone:
        problems.append(
            f"maker alone {hand.maker_alone}, lone defender {hand.lone_defender} != recorded "
            f"{recorded_alone[0]}, {recorded_alone[1]}"
        )
    for number, trick in enumerate(transcript.get("tricks") or []):
        if hand.leader != trick["leader"]:
            problems.append(f"trick {number}: we lead from {hand.leader}, not {trick['leader']}")
            return problems
        for play in trick["plays"]:
            legal = play.get("legal")
            legal = None if legal is None else [PLAY[card] for card in legal]
            if not step(f"trick {number}", play["seat"], "play", PLAY[play["card"]], legal):
                return problems
        if len(hand.tricks) != number + 1:
            problems.append(f"trick {number}: {len(trick['plays'])} cards do not end the trick")
            return problems
        if hand.tricks[-1].winner != trick["winner"]:
            problems.append(
                f"trick {number}: winner {hand.tricks[-1].winner} != recorded {trick['winner']}"
            )
    if not hand.is_over:
        problems.append(f"the hand is not over: seat {hand.to_act} is still to act")
        return problems
    result = transcript["result"]
    maker_team = None if hand.maker is None else team_of(hand.maker)
    ours = {
        "outcome": hand.outcome,
        "maker_team": maker_team,
        "maker_tricks": None if maker_team is None else hand.tricks_won[maker_team],
        "scoring_team": hand.scoring_team,
        "points": hand.points,
    }
    recorded = {key: result[key] for key in ours}
    if ours != recorded:
        problems.append(f"result {ours} != recorded {recorded}")
    returns = [
        0 if hand.scoring_team is None else (1 if team_of(seat) == hand.scoring_team else -1)
        for seat in range(4)
    ]
    returns = [sign * hand.points for sign in returns]
    if "returns" in result and result["returns"] != returns:
        problems.append(f"returns {returns} != recorded {result['returns']}")
    return problems


def read_lines(path: Path | None) -> list[tuple[int, str]]:
    """(line number, text) of every non-blank line; line numbers count from 1."""
    if path is None or not path.exists():
        return []
    with path.open(encoding="utf-8") as lines:
        return [(number, line) for number, line in enumerate(lines, 1) if line.strip()]


LINES = read_lines(VECTORS)
TRANSCRIPTS = {number: json.loads(line) for number, line in LINES}
# a file named on purpose must be there; the shared folder may be absent from a bare clone
needs_transcripts = pytest.mark.skipif(
    VECTORS is None, reason="no ../shared/euchre-vectors here: set EUCHRE_VECTORS to replay a file"
)
needs_the_shared_file = pytest.mark.skipif(
    VECTORS is None or OVERRIDDEN, reason="about the shared file of 1,000 transcripts"
)


@needs_transcripts
def test_the_transcript_file_is_there_and_not_empty():
    assert VECTORS.exists(), f"no transcripts at {VECTORS}"
    assert LINES, f"{VECTORS} holds no transcripts"


@needs_the_shared_file
def test_the_shared_file_holds_the_1000_transcripts():
    assert len(LINES) == 1000


@pytest.mark.parametrize(("number", "line"), LINES, ids=[f"line-{n:04d}" for n, _ in LINES])
def test_a_transcript_replays_move_by_move(number, line):
    transcript = json.loads(line)
    problems = replay(transcript)
    assert not problems, f"{VECTORS.name} line {number}:\n" + "\n".join(problems)


@needs_the_shared_file
def test_the_transcripts_exercise_every_outcome_and_alone_play():
    """The replay is only as strong as what the file exercises."""
    transcripts = list(TRANSCRIPTS.values())
    outcomes = {transcript["result"]["outcome"] for transcript in transcripts}
    assert {"make", "march", "euchre"} <= outcomes
    assert any(transcript["maker_alone"] for transcript in transcripts)
    assert any(transcript["lone_defender"] is not None for transcript in transcripts)
    assert any(t["maker_alone"] and t["lone_defender"] is not None for t in transcripts)
    assert any(transcript["discard"] for transcript in transcripts)
    assert any(bid["round"] == 2 for t in transcripts for bid in t["bids"])
    assert any(t["rules"]["allow_lone_defender"] for t in transcripts)


def first(predicate) -> dict[str, Any]:
    found = next((t for t in TRANSCRIPTS.values() if predicate(t)), None)
    if found is None:
        pytest.skip("no transcript in the file to alter this way")
    return copy.deepcopy(found)


def flip_first_bid_seat(t):
    t["bids"][0]["seat"] = (t["bids"][0]["seat"] + 2) % 4


def renege(t):
    """The first follower who could follow suit plays a card it holds outside its legal set."""
    held = [set(cards) for cards in t["hands"]]
    if t["discard"]:
        dealer = held[t["dealer"]]
        dealer.add(t["upcard"])
        dealer.discard(t["discard"]["card"])
    for trick in t["tricks"]:
        for position, play in enumerate(trick["plays"]):
            outside = sorted(held[play["seat"]] - set(play["legal"]))
            if position > 0 and outside:
                play["card"] = outside[0]
                return
            held[play["seat"]].discard(play["card"])
    raise AssertionError("nobody had to follow suit")


TAMPERS = {
    "wrong-trick-winner": (
        lambda t: t["tricks"],
        lambda t: t["tricks"][0].update(winner=(t["tricks"][0]["winner"] + 1) % 4),
        "winner",
    ),
    "wrong-points": (
        lambda t: t["tricks"],
        lambda t: t["result"].update(points=t["result"]["points"] + 1),
        "result",
    ),
    "wrong-outcome": (
        lambda t: t["result"]["outcome"] == "make",
        lambda t: t["result"].update(outcome="march"),
        "result",
    ),
    "lone-defender-euchre-scored-2": (
        lambda t: t["lone_defender"] is not None and t["result"]["outcome"] == "euchre",
        lambda t: t["result"].update(points=2),
        "result",
    ),
    "wrong-play-legal-set": (
        lambda t: t["tricks"],
        lambda t: t["tricks"][0]["plays"][0]["legal"].pop(),
        "legal",
    ),
    "wrong-bid-legal-set": (
        lambda t: True,
        lambda t: t["bids"][0]["legal"].remove("pass"),
        "legal",
    ),
    "upcard-discard-offered": (
        lambda t: t["discard"],
        lambda t: t["discard"]["legal"].append(t["upcard"]),
        "legal",
    ),
    "wrong-seat": (lambda t: True, flip_first_bid_seat, "seat"),
    "renege": (lambda t: t["tricks"], renege, "not legal"),
    "wrong-role": (
        lambda t: len(t["alone_decisions"]) > 1,
        lambda t: t["alone_decisions"][1].update(role="maker"),
        "phase",
    ),
    "wrong-lone-defender": (
        lambda t: t["lone_defender"] is not None,
        lambda t: t.update(lone_defender=(t["lone_defender"] + 2) % 4),
        "lone defender",
    ),
    "super-euchre-convention": (
        lambda t: True,
        lambda t: t["rules"]["scoring"].update(super_euchre_0_tricks=True),
        "cannot be expressed",
    ),
    "unknown-convention": (
        lambda t: True,
        lambda t: t["rules"].update(dealer_must_go_alone=True),
        "cannot be expressed",
    ),
    "card-dealt-twice": (
        lambda t: True,
        lambda t: t["kitty"].__setitem__(0, t["upcard"]),
        "24-card deck",
    ),
}


@needs_transcripts
@pytest.mark.parametrize("name", TAMPERS)
def test_a_transcript_that_disagrees_is_caught(name):
    """The replay can fail: an altered transcript is reported, and for the right reason."""
    select, tamper, expected = TAMPERS[name]
    transcript = first(select)
    assert replay(transcript) == []
    tamper(transcript)
    problems = replay(transcript)
    assert problems, f"{name} was not caught"
    assert expected in problems[0], problems


@pytest.mark.skipif(len(LINES) < 3, reason="needs three transcripts to copy")
def test_the_vectors_file_can_be_overridden_and_a_failure_names_its_line(tmp_path):
    """EUCHRE_VECTORS replays another file; a failing transcript is reported by its line number
    (blank lines count)."""
    good = [line.strip() for _, line in LINES[:3]]
    altered = json.loads(good[1])
    altered["result"]["points"] += 1
    path = tmp_path / "vectors.jsonl"
    lines = [good[0], "", json.dumps(altered), good[2]]  # line 3 is wrong
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", __file__, "-q", "-p", "no:cacheprovider", "-k", "move"],
        cwd=Path(__file__).resolve().parents[3],
        env={**os.environ, "EUCHRE_VECTORS": str(path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "test_a_transcript_replays_move_by_move[line-0003]" in run.stdout
    assert "vectors.jsonl line 3:" in run.stdout
    assert "1 failed, 2 passed" in run.stdout
