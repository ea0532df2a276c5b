"""A whole game as a hand history (`euchre-game-history/v1`, docs/hand-history-format.md): the
game's options, seed and actions, who sat where, the final score, and every hand as a transcript
(hand.py). Built by replaying the game through the engine. Plain Python: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict, cast

from games.engine import GameState, RuleOptions

from .hand import Step, hand_transcript

SCHEMA = "euchre-game-history/v1"


class SeatInfo(TypedDict):
    """Who sat in a seat, as the record page names them."""

    name: str
    computer: bool  # a computer played the seat (for a player who left: from then on)
    cancelled: bool  # its player left; the computer finished the game for them


def game_text(rules: RuleOptions) -> str:
    return f"to {rules.target_score} points" + (", won by two" if rules.win_by_two else "")


def game_history(
    rules: RuleOptions,
    seed: int | str,
    actions: Sequence[str],
    *,
    seats: Sequence[SeatInfo] | None = None,
    about: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The hand history of the game (rules, seed, actions). `seats`: the players in seat order
    (default: "Seat 1"...); `about`: facts the site adds under `game` (its number, kind, when
    it finished). Raises the engine's IllegalAction if the actions are not a legal game."""
    state = GameState(rules, seed)
    steps: dict[int, list[Step]] = {}
    for action in actions:
        hand = state.hand
        # a seat is to act whenever `action` is legal (apply raises IllegalAction otherwise)
        step = Step(cast(int, hand.to_act), hand.phase, action, tuple(hand.legal_actions()))
        steps.setdefault(hand.number, []).append(step)
        state.apply(action)
    text = game_text(rules)
    hands = [
        hand_transcript(rules, record, steps.get(record.number, []), game=text)
        for record in state.records
    ]
    seats = seats or [
        SeatInfo(name=f"Seat {seat + 1}", computer=False, cancelled=False)
        for seat in range(rules.seats)
    ]
    game: dict[str, Any] = dict(about or {})
    game |= {
        "options": rules.to_dict(),
        "seed": str(seed),
        "actions": list(actions),
        "seats": [
            {"seat": seat, "team": rules.scorer_of(seat) if rules.partnerships else None, **info}
            for seat, info in enumerate(seats)
        ],
        "first_dealer": state.first_dealer,
        "scorers": "teams" if rules.partnerships else "players",
        "final_score": list(state.scores),
        "winner": state.winner,
        "winning_seats": _winning_seats(rules, state.winner),
    }
    if state.dealer_draw is not None:
        game["dealer_draw"] = [[seat, card] for seat, card in state.dealer_draw.cards]
    return {"schema": SCHEMA, "game": game, "hands": hands}


def _winning_seats(rules: RuleOptions, winner: int | None) -> list[int]:
    if winner is None:
        return []
    return [winner, winner + 2] if rules.partnerships else [winner]
