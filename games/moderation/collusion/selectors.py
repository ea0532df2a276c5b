"""The finished games the collusion review reads (`games.moderation.collusion`), and the flags it
left.

Two queries read every game and seat of the window; the action logs are read, in batches, only
for the games the play signal needs (a team of two people, both playing to the end), and only
those are replayed through the engine, which gives their full hand records.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from games.engine import EngineError, GameState, RuleOptions
from games.engine.hand import PLAY_PHASE
from games.models import Action, Game, Seat
from games.moderation.collusion.leads import LeadChance, lead_chances
from games.moderation.collusion.signals import FinishedGame

from .models import CollusionFlag

logger = logging.getLogger(__name__)

# action logs read per query: bounded memory and query size however long the window
REPLAY_BATCH = 500


def finished_games_for_review(*, since: datetime) -> list[FinishedGame]:
    """Every game finished since `since`, as the review reads it."""
    rows = list(
        Game.objects.filter(status=Game.Status.FINISHED, finished_at__gte=since)
        .order_by("id")
        .values(
            "id",
            "kind",
            "created_by_id",
            "rules",
            "seed",
            "started_at",
            "finished_at",
            "winner_team",
            "winner_seat",
        )
    )
    seats: dict[int, dict[int, tuple[int | None, bool]]] = defaultdict(dict)
    for game_id, position, user_id, cancelled in Seat.objects.filter(
        game__status=Game.Status.FINISHED, game__finished_at__gte=since
    ).values_list("game_id", "position", "user_id", "cancelled"):
        seats[game_id][position] = (user_id, cancelled)
    replayed = _leads_of([row for row in rows if _needs_replay(row, seats[row["id"]])])
    return [_finished_game(row, seats[row["id"]], replayed.get(row["id"], ())) for row in rows]


def _variant(row: Mapping[str, Any]) -> str:
    return row["rules"].get("variant", "euchre")


def _needs_replay(row: Mapping[str, Any], seats: dict[int, tuple[int | None, bool]]) -> bool:
    """A partnership game with two people who played to the end as partners."""
    if _variant(row) != "euchre":
        return False

    def person(position: int) -> bool:
        user_id, cancelled = seats.get(position, (None, False))
        return user_id is not None and not cancelled

    return any(person(seat) and person(seat + 2) for seat in (0, 1))


def _finished_game(
    row: Mapping[str, Any],
    seats: dict[int, tuple[int | None, bool]],
    leads: tuple[LeadChance, ...],
) -> FinishedGame:
    count = max(seats, default=-1) + 1
    winning: tuple[int, ...]
    if row["winner_team"] is not None:
        winning = (row["winner_team"], row["winner_team"] + 2)
    elif row["winner_seat"] is not None:
        winning = (row["winner_seat"],)
    else:
        winning = ()
    return FinishedGame(
        game_id=row["id"],
        variant=_variant(row),
        # quick play opens public tables without a creator (games.tables.services.quick_play)
        quick_play=row["kind"] == Game.Kind.PUBLIC and row["created_by_id"] is None,
        started_at=row["started_at"] or row["finished_at"],
        players=tuple(seats.get(seat, (None, False))[0] for seat in range(count)),
        cancelled=tuple(seats.get(seat, (None, False))[1] for seat in range(count)),
        winning_seats=winning,
        leads=leads,
    )


def _leads_of(rows: Sequence[Mapping[str, Any]]) -> dict[int, tuple[LeadChance, ...]]:
    """The play signal's chances of each game, from its replayed log."""
    chances: dict[int, tuple[LeadChance, ...]] = {}
    for start in range(0, len(rows), REPLAY_BATCH):
        batch = {row["id"]: row for row in rows[start : start + REPLAY_BATCH]}
        logs: dict[int, list[tuple[str, str]]] = defaultdict(list)
        for game_id, action, source in (
            Action.objects.filter(game_id__in=list(batch))
            .order_by("game_id", "sequence")
            .values_list("game_id", "action", "source")
        ):
            logs[game_id].append((action, source))
        for game_id, row in batch.items():
            try:
                chances[game_id] = _replayed_chances(row, logs[game_id])
            except EngineError:  # a log the engine refuses says nothing; the rest still counts
                logger.warning("collusion review: game %s does not replay", game_id)
    return chances


def _replayed_chances(
    row: Mapping[str, Any], log: Iterable[tuple[str, str]]
) -> tuple[LeadChance, ...]:
    state = GameState(RuleOptions.from_dict(row["rules"]), row["seed"])
    person_leads = set()
    for action, source in log:
        hand = state.hand
        if hand.phase == PLAY_PHASE and not hand.trick_cards and source == Action.Source.PLAYER:
            person_leads.add((hand.number, len(hand.tricks)))
        state.apply(action)
    return tuple(lead_chances(state.records, person_leads))


def open_flags_count() -> int:
    return CollusionFlag.objects.filter(status=CollusionFlag.Status.OPEN, flagged_now=True).count()
