"""A finished game's hand history for download, as JSON and as a text score sheet: the same
games as the record page (`game_record` decides, and names the seats), built by the plain
conversion of `games.records.transcripts` from the stored rules, seed and action log. For the same
people as the record page: the views ask `games.records.selectors` first.

A finished game's deal is no longer hidden: the history shows every hand as dealt, the kitty
and the discard, as the transcript format does. Nothing of a game in play is ever exported.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from games.engine import RuleOptions
from games.models import Action, Game

from .record import game_record
from .transcripts import SeatInfo, game_history, score_sheet_text


def game_history_document(*, game_id: int) -> dict[str, Any] | None:
    """The game's hand history (docs/hand-history-format.md); None where the record page has
    no record (unknown, unfinished, or without a winner)."""
    record = game_record(game_id=game_id)
    if record is None:
        return None
    game = Game.objects.get(pk=game_id)
    actions = list(
        Action.objects.filter(game_id=game_id).order_by("sequence").values_list("action", flat=True)
    )
    seats = [
        SeatInfo(
            name=seat.name,
            computer=seat.user_id is None or seat.cancelled,
            cancelled=seat.cancelled,
        )
        for seat in record.seats
    ]
    finished = timezone.localtime(record.finished_at) if record.finished_at else None
    about: dict[str, Any] = {
        "id": game.pk,
        "url": reverse("games:record", args=[game.pk]),
        "kind": record.kind,
        "finished": finished.isoformat(timespec="seconds") if finished else "",
        "rules_in_words": list(record.rules),
    }
    return game_history(
        RuleOptions.from_dict(game.rules), game.seed, actions, seats=seats, about=about
    )


def game_score_sheet(*, game_id: int) -> str | None:
    document = game_history_document(game_id=game_id)
    return None if document is None else score_sheet_text(document)
