"""Reading a hand history back through the engine: each hand is dealt as its transcript says
(`HandState` with an explicit deal), its bids, swaps, discard, alone decisions, cards and
choices are applied in order, and the scores are added up as `GameState` adds them. What the
engine finds must be what the transcript says (trump, maker, every trick's winner, the points,
the score after the hand). Plain Python: no Django.
"""

from __future__ import annotations

from typing import Any

from games.engine import Deal, HandState, RuleOptions
from games.engine.actions import exchange_action, go_under_action


class HistoryMismatch(ValueError):
    """The engine, replaying the history, found something else than the history says."""


def bid_action(call: str) -> str:
    if call in ("pass", "order_up", "blind_alone", "see_hand"):
        return call
    return f"call:{call}"


def hand_actions(transcript: dict[str, Any]) -> list[str]:
    """The engine's actions of one hand, in the order they were taken."""
    swap = transcript.get("went_under") or transcript.get("exchange")
    spell = go_under_action if "went_under" in transcript else exchange_action
    actions: list[str] = []
    for index, bid in enumerate(transcript["bids"]):
        if swap and swap["at_bid"] == index:
            actions.append(spell(swap["given"]))
        actions.append(bid_action(bid["call"]))
    if swap and swap["at_bid"] == len(transcript["bids"]):
        actions.append(spell(swap["given"]))
    if "redeal_by" in transcript:
        actions.append("redeal")
    if transcript["discard"]:
        actions.append(f"discard:{transcript['discard']['card']}")
    called = transcript.get("called_ace")
    if called:
        actions.append(f"ace:{called['suit']}")
    for decision in transcript["alone_decisions"]:
        actions.append("alone" if decision["alone"] else "not_alone")
    for trick in transcript["tricks"]:
        actions.extend(f"play:{play['card']}" for play in trick["plays"])
    if "robson" in transcript:
        actions.append(f"robson:{transcript['robson']['choice']}")
    return actions


def hand_replay(transcript: dict[str, Any], rules: RuleOptions) -> HandState:
    """The hand, dealt and played as the transcript says; HistoryMismatch where it disagrees."""
    number = transcript.get("number", 1)
    deal = Deal(
        hands=tuple(tuple(cards) for cards in transcript["hands"]),
        upcard=transcript["upcard"],
        kitty=tuple(transcript["kitty"]),
    )
    hand = HandState(rules, transcript["dealer"], deal, number - 1)
    for position, action in enumerate(hand_actions(transcript)):
        if action not in hand.legal_actions():
            raise HistoryMismatch(
                f"hand {number}, action {position} ({action!r}) is not legal for seat "
                f"{hand.to_act} in phase {hand.phase!r}"
            )
        hand.apply(action)
    if not hand.is_over:
        raise HistoryMismatch(f"hand {number} is not over: seat {hand.to_act} is still to act")
    result = transcript["result"]
    found = {
        "trump": hand.trump,
        "maker": hand.maker,
        "winners": [trick.winner for trick in hand.tricks],
        "outcome": hand.outcome,
        "points": hand.points,
        "points_by_scorer": list(hand.points_by_scorer),
    }
    said = {
        "trump": transcript["trump"],
        "maker": transcript["maker"],
        "winners": [trick["winner"] for trick in transcript["tricks"]],
        "outcome": result["outcome"],
        "points": result["points"],
        "points_by_scorer": result.get("points_by_scorer", found["points_by_scorer"]),
    }
    if found != said:
        raise HistoryMismatch(f"hand {number}: the engine finds {found}, the history {said}")
    return hand


def history_replay(document: dict[str, Any]) -> tuple[list[int], int | None]:
    """Replays every hand of a game's history; returns the final scores and the winner (a
    team, or a player's seat without partners)."""
    rules = RuleOptions.from_dict(document["game"]["options"])
    scores = [0] * rules.scorers
    winner = None
    for transcript in document["hands"]:
        hand = hand_replay(transcript, rules)
        for scorer, points in enumerate(hand.points_by_scorer):
            if points:
                scores[scorer] = max(0, scores[scorer] + points)  # as GameState adds them
        if scores != transcript["result"]["score_after"]:
            raise HistoryMismatch(
                f"hand {transcript['number']}: the score is {scores}, the history says "
                f"{transcript['result']['score_after']}"
            )
        if hand.forfeit_to is not None:
            winner = hand.forfeit_to
    return scores, winner if winner is not None else _winner(rules, scores)


def _winner(rules: RuleOptions, scores: list[int]) -> int | None:
    best = max(scores)
    if best < rules.target_score:
        return None
    leader = scores.index(best)
    lead = best - max(score for scorer, score in enumerate(scores) if scorer != leader)
    return leader if lead > 0 and (not rules.win_by_two or lead >= 2) else None
