"""One hand as a transcript: the format of ../shared/euchre-vectors (`euchre-hand-transcript/v1`),
extended for the variants (docs/hand-history-format.md).

A transcript is built from what the engine did: the hand's record (the deal, trump, the tricks,
the result) and its steps, the actions applied one by one with the seat, the phase and the legal
choices at that moment. Plain Python: no Django.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from games.engine import RuleOptions
from games.engine.actions import action_argument, action_kind
from games.engine.hand import HandState
from games.engine.records import HandRecord

V1 = "euchre-hand-transcript/v1"
# a hand under options v1 cannot say (other decks, seats, Benny, exchanges, renege...)
V1_VARIANTS = "euchre-hand-transcript/v1+variants"

# the options v1 has words for; any other option away from its default makes a v1+variants hand
V1_OPTIONS = frozenset(
    {
        "stick_the_dealer",
        "defend_alone",
        "dealer_may_discard_upcard",
        "opening_lead",
        "target_score",
        "win_by_two",
        "first_dealer",
    }
)
OPENING_LEADERS = {
    "dealer_left": "left of dealer (skipping sitting-out partner)",
    "loner_left": "left of a lone player (the lone defender when both are alone), else of dealer",
}
DECKS = {24: "24 cards 9-A", 28: "28 cards 8-A", 32: "32 cards 7-A"}
BID_PHASES = frozenset({"bid1", "bid2"})
# the dealer's decisions before the bidding: an upturned Benny named, Robson's blind loner
OPENING_PHASES = frozenset({"blind", "name_blind", "dealer_names"})
CALL_KINDS = frozenset({"pass", "order_up", "call", "blind_alone", "see_hand"})


class Step(NamedTuple):
    """One action the engine applied, and what could have been done instead."""

    seat: int
    phase: str
    action: str
    legal: tuple[str, ...]


def step_apply(hand: HandState, action: str) -> Step:
    """Applies `action` to `hand`; returns the step to put in its transcript."""
    # a seat is to act whenever `action` is legal (apply raises IllegalAction otherwise)
    step = Step(cast(int, hand.to_act), hand.phase, action, tuple(hand.legal_actions()))
    hand.apply(action)
    return step


def is_v1(rules: RuleOptions) -> bool:
    defaults = RuleOptions()
    return all(
        getattr(rules, name) == getattr(defaults, name)
        for name in rules.to_dict()
        if name not in V1_OPTIONS
    )


def rules_conventions(rules: RuleOptions, game: str) -> dict[str, Any]:
    """v1's `rules` object for hands played under `rules`; `game` says what the hand is part
    of ("to 10 points"). The full options are under `options`."""
    return {
        "stick_the_dealer": rules.stick_the_dealer,
        "allow_lone_defender": rules.defend_alone,
        "deck": DECKS[rules.deck],
        "first_bidder": "left of dealer",
        "dealer_may_discard_upcard": rules.dealer_may_discard_upcard,
        "alone_decided_after_discard": True,
        "lone_defender_only_vs_lone_maker": False,
        "opening_leader": OPENING_LEADERS[rules.opening_lead],
        "scoring": {
            "make_3_4": 1,
            "march": 2,
            "lone_march": 4,
            "euchre": 2,
            "euchre_by_lone_defender": 4,
            "super_euchre_0_tricks": False,
        },
        "all_pass_without_stick": "hand ends, 0 points (redeal)",
        "game": game,
        "options": rules.to_dict(),
    }


def call_of(action: str) -> str:
    """A bid as v1 writes it: pass, order_up or a suit letter (N: no trump), and the Robson
    dealer's blind_alone or see_hand."""
    kind = action_kind(action)
    return action_argument(action) if kind == "call" else kind


def _calls(legal: tuple[str, ...]) -> list[str]:
    return [call_of(action) for action in legal if action_kind(action) in CALL_KINDS]


def _cards(action: str) -> list[str]:
    return action_argument(action).split(",")


def hand_transcript(
    rules: RuleOptions, record: HandRecord, steps: list[Step], *, game: str
) -> dict[str, Any]:
    """The transcript of the hand `record`, whose actions were `steps`. `record` is the full
    one (the deal and the kitty: not the public record)."""
    dealt, kitty = record.dealt, record.kitty
    assert dealt is not None and kitty is not None, "a transcript needs the full record"
    partnered = rules.partnerships
    bids: list[dict[str, Any]] = []
    swaps: list[dict[str, Any]] = []  # going under or an exchange, where it came in the bidding
    discard: dict[str, Any] | None = None
    alone_decisions: list[dict[str, Any]] = []
    robson: dict[str, Any] | None = None
    plays: list[dict[str, Any]] = []
    for step in steps:
        kind = action_kind(step.action)
        if step.phase in OPENING_PHASES or (step.phase in BID_PHASES and kind in CALL_KINDS):
            bid_round = 0 if step.phase in OPENING_PHASES else int(step.phase[-1])
            bid = {"seat": step.seat, "round": bid_round, "call": call_of(step.action)}
            bids.append(bid | {"legal": _calls(step.legal)})
        elif kind in ("under", "exchange"):
            swaps.append({"at_bid": len(bids), "cards": _cards(step.action)})
        elif step.phase == "discard":
            legal = [action_argument(action) for action in step.legal]
            discard = {"seat": step.seat, "card": action_argument(step.action), "legal": legal}
        elif step.phase == "call_ace" and kind == "alone":
            alone_decisions.append({"seat": step.seat, "role": "maker", "alone": True})
        elif step.phase in ("alone", "defend"):
            role = "maker" if step.phase == "alone" else "defender"
            alone_decisions.append({"seat": step.seat, "role": role, "alone": kind == "alone"})
        elif step.phase == "play":
            legal = [action_argument(action) for action in step.legal]
            plays.append({"seat": step.seat, "card": action_argument(step.action), "legal": legal})
        elif step.phase == "robson":
            robson = {"seat": step.seat, "choice": action_argument(step.action)}
    tricks = []
    for trick in record.tricks:
        taken, plays = plays[: len(trick.plays)], plays[len(trick.plays) :]
        tricks.append({"leader": trick.leader, "plays": taken, "winner": trick.winner})
    maker_team = record.maker_team if partnered else None
    transcript: dict[str, Any] = {
        "schema": V1 if is_v1(rules) else V1_VARIANTS,
        "number": record.number + 1,
        "rules": rules_conventions(rules, game),
        "dealer": record.dealer,
        "hands": [list(cards) for cards in dealt],
        "upcard": record.upcard,
        "kitty": list(kitty),
        "bids": bids,
        "trump": record.trump,
        "maker": record.maker,
        "discard": discard,
        "alone_decisions": alone_decisions,
        "maker_alone": record.maker_alone if record.maker is not None else None,
        "lone_defender": record.lone_defender,
        "tricks": tricks,
        "result": {
            "outcome": record.outcome,
            "maker_team": maker_team,
            "maker_tricks": record.maker_tricks,
            "scoring_team": record.scoring_team if partnered else None,
            "points": record.points,
            "returns": _returns(rules, record),
            "points_by_scorer": list(record.points_by_scorer),
            "score_after": list(record.score_after),
        },
    }
    return transcript | _variant_facts(record, swaps, robson)


def _returns(rules: RuleOptions, record: HandRecord) -> list[int]:
    """v1's zero-sum returns with partners (+points for the scoring team's seats, -points for
    the others); without partners what each player's own score gained."""
    if not rules.partnerships:
        return list(record.points_by_scorer)
    if record.scoring_team is None:
        return [0] * record.seats
    return [
        record.points if seat % 2 == record.scoring_team else -record.points
        for seat in range(record.seats)
    ]


def _full(cards: tuple[str, ...] | None) -> list[str]:
    """Cards the full record holds (the public record has None there)."""
    assert cards is not None, "a transcript needs the full record"
    return list(cards)


def _variant_facts(
    record: HandRecord, swaps: list[dict[str, Any]], robson: dict[str, Any] | None
) -> dict[str, Any]:
    """The extension's facts, present only in a hand that has them."""
    facts: dict[str, Any] = {}
    if record.went_under is not None:
        under = record.went_under
        facts["went_under"] = {
            "seat": under.seat,
            "given": _full(under.given),
            "received": _full(under.received),
            "at_bid": swaps[0]["at_bid"],
        }
        if under.shown:  # seed 004's farmer's call: the nines and tens given were shown
            facts["went_under"]["shown"] = True
    if record.exchange is not None:
        exchange = record.exchange
        facts["exchange"] = {
            "seat": exchange.seat,
            "kind": exchange.kind,
            "given": _full(exchange.given),
            "received": _full(exchange.received),
            "at_bid": swaps[0]["at_bid"],
        }
    if record.redeal_by is not None:
        facts["redeal_by"] = record.redeal_by
    if record.taker is not None and record.taker != record.dealer:
        facts["upcard_taker"] = record.taker
    if record.blind_alone:
        facts["blind_alone"] = True
    if record.called_suit is not None:
        facts["called_ace"] = {"suit": record.called_suit, "partner": record.partner}
    if record.renege is not None:
        facts["renege"] = record.renege._asdict()
    if robson is not None:
        facts["robson"] = robson
    return facts
