"""Reading game reviews: who may see one (the players of a finished game, each their own), and
the document the record page's review section reads (`games/records/static/games/review/review.js`).

The document holds the reviewer's own decisions only, as the review stored them: their own
cards at each decision, the public facts (the up card, trump, the trick so far) and the value
of each of their choices. Never another seat's unplayed card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from games.models import Game, Seat
from games.players.review import VERDICTS
from games.records.cards import CardFace, Suit
from games.selectors import seat_name

from .models import GameReview
from .words import action_words, moment_words

MISTAKES = ("blunder", "mistake", "inaccuracy")


@dataclass(frozen=True)
class Refusal:
    code: str
    message: str
    http_status: int


NO_GAME = Refusal("no_game", "There is no such game.", 404)
NOT_OVER = Refusal("not_over", "A game can be reviewed once it is over.", 403)
NOT_PLAYER = Refusal(
    "not_player", "Only the players of this game can see its review, each of their own play.", 403
)


@dataclass(frozen=True)
class ReviewAccess:
    seat: int | None  # the reviewer's seat; None when refused
    refusal: Refusal | None


def review_access(*, game_id: int, user_id: int) -> ReviewAccess:
    """Whether this player may have this game reviewed: it is over (with a winner) and they
    sat in it."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return ReviewAccess(None, NO_GAME)
    if game.status != Game.Status.FINISHED or not game.has_winner:
        return ReviewAccess(None, NOT_OVER)
    seat = Seat.objects.filter(game=game, user_id=user_id).values_list("position", flat=True)
    position = seat.first()
    if position is None:
        return ReviewAccess(None, NOT_PLAYER)
    return ReviewAccess(position, None)


def review_of(*, game_id: int, seat: int) -> GameReview | None:
    return GameReview.objects.filter(game_id=game_id, seat=seat).first()


def review_document(*, game_id: int, seat: int, review: GameReview | None) -> dict[str, Any]:
    """What the page shows of the review of `seat`'s decisions: its state and progress, and
    once done the verdicts, the biggest loss first."""
    document: dict[str, Any] = {
        "game": game_id,
        "seat": seat,
        "status": "none" if review is None else review.status,
        "percent": 0 if review is None else review.percent,
        "done": 0 if review is None else review.decisions_done,
        "total": 0 if review is None else review.decisions_total,
        "request_url": reverse("games:review_request", args=[game_id]),
        "status_url": reverse("games:review_status", args=[game_id]),
    }
    if review is None or review.status != GameReview.Status.DONE:
        return document
    names = _seat_names(game_id, seat)
    decisions = [_decision(entry, names) for entry in review.decisions]
    counts = {verdict: 0 for verdict in VERDICTS}
    for decision in decisions:
        counts[decision["verdict"]] += 1
    lost = sum(decision["loss"] for decision in decisions)
    hands = len({decision["hand_number"] for decision in decisions})
    document["summary"] = {
        "decisions": len(decisions),
        "counts": counts,
        "points_lost": round(lost, 2),
        "points_lost_per_hand": round(lost / hands, 2) if hands else 0.0,
    }
    decisions.sort(key=lambda decision: (-decision["loss"], decision["index"]))
    document["decisions"] = decisions
    return document


def _seat_names(game_id: int, me: int) -> dict[int, str]:
    """What the review calls each seat: "you", a player's name, a computer's name ("Ada"), as
    the table and the record name them."""
    seats = Seat.objects.filter(game_id=game_id).select_related("game", "user")
    return {
        seat.position: "you" if seat.position == me else seat_name(seat.game, seat)
        for seat in seats
    }


def _card(code: str) -> dict[str, Any]:
    face = CardFace.of(code)
    return {"code": face.code, "label": face.label, "name": face.name, "red": face.red}


def _decision(entry: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """One stored verdict in words: the decision, what was played and the best, each choice
    with its value."""
    trump = Suit.of(entry["trump"]) if entry["trump"] else None
    values = dict((action, value) for action, value in entry["choices"])
    best_action = entry["choices"][0][0]

    def choice(action: str) -> dict[str, Any]:
        return {
            "action": action,
            "words": action_words(action),
            "value": values[action],
            "chosen": action == entry["chosen"],
            "best": values[action] >= values[best_action] - 1e-9,
        }

    return {
        "index": entry["index"],
        "hand_number": entry["hand_number"],
        "trick": entry["trick"],
        "moment": moment_words(entry["phase"], entry["hand_number"], entry["trick"]),
        "verdict": entry["verdict"],
        "loss": entry["loss"],
        "played": choice(entry["chosen"]),
        "best": choice(best_action),
        "choices": [choice(action) for action, _value in entry["choices"]],
        "hand": [_card(code) for code in entry["hand"]],
        "upcard": _card(entry["upcard"]),
        "trump": None if trump is None else {"symbol": trump.symbol, "name": trump.name},
        "dealer": names.get(entry["dealer"], ""),
        # the bids before mine in this hand, public to everyone at the table
        "bids": [
            {"by": names.get(seat, ""), "words": action_words(call)}
            for seat, call in entry.get("bids", [])
        ],
        "trick_so_far": [
            {"by": names.get(seat, ""), "card": _card(code)} for seat, code in entry["trick_so_far"]
        ],
        "deals": entry["deals"],
    }
