"""What the lobby shows: the player's unfinished game, their place in quick play, how many wait
for each quick-play game, the private tables they were invited to, and the site's life: the
tables being played now that they may watch, and how many people are online
(`games.live.services.presence`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from accounts.models import GoingUnder
from games.engine import RuleOptions
from games.live.services.presence import online_count
from games.models import Game, Seat
from games.rule_texts import PRESET_LABELS, QUICK_PLAY_VARIANTS, preset_seats, rules_label
from games.watch.selectors import LiveTable, live_games_to_watch, live_table_rows

from .models import QueueEntry


@dataclass(frozen=True)
class QuickPlayGame:
    name: str  # the preset: "three_handed"
    label: str  # "Three-handed"
    seats: int
    waiting: int  # players waiting for it now


@dataclass(frozen=True)
class LobbyTable:
    game: Game
    label: str  # "Call-ace", "Standard Euchre"...
    partnerships: bool  # two team scores (the lobby shows them), or one per player


@dataclass(frozen=True)
class Lobby:
    current_game: LobbyTable | None
    # how many waiting players (me included) could share a table with me
    queue_position: int | None
    queue_going_under: str | None
    queue_variant: QuickPlayGame | None  # the game I wait for
    quick_play: list[QuickPlayGame]
    invitations: list[LobbyTable]
    live_tables: list[LiveTable]  # being played now, that I may watch
    online: int  # people seen in the last few minutes (games.live.services.presence)

    @property
    def waiting_total(self) -> int:
        return sum(game.waiting for game in self.quick_play)


def waiting_counts() -> dict[str, int]:
    """How many players wait for each quick-play game, in one query."""
    counts = dict(
        QueueEntry.objects.order_by()  # no ordering column in the GROUP BY
        .values("variant")
        .annotate(n=Count("id"))
        .values_list("variant", "n")
    )
    return {name: counts.get(name, 0) for name in QUICK_PLAY_VARIANTS}


def _table(game: Game) -> LobbyTable:
    rules = RuleOptions.from_dict(game.rules)
    return LobbyTable(game=game, label=rules_label(rules), partnerships=rules.partnerships)


def _queue_position(entry: QueueEntry) -> int:
    """Players waiting for my game who accept a going-under rule I accept, me included (the
    larger count of the two rules)."""
    same_game = QueueEntry.objects.filter(variant=entry.variant)
    return max(
        same_game.filter(going_under__in=[GoingUnder.EITHER, rule]).count()
        for rule in (GoingUnder.WITH, GoingUnder.WITHOUT)
        if entry.going_under in (GoingUnder.EITHER, rule)
    )


def lobby_for(*, user_id: int, live_tables: bool = True) -> Lobby:
    """What the lobby shows one player (a few small queries); without `live_tables` (the
    lobby's status poll, which does not show them) the tables to watch are left out."""
    seat = (
        Seat.objects.filter(user_id=user_id, in_play=True)
        .select_related("game")
        .order_by("-game_id")
        .first()
    )
    counts = waiting_counts()
    quick_play = [
        QuickPlayGame(name, PRESET_LABELS[name], preset_seats(name), counts[name])
        for name in QUICK_PLAY_VARIANTS
    ]
    entry = QueueEntry.objects.filter(user_id=user_id).first()
    invited = (
        Game.objects.filter(invitations__user_id=user_id, status=Game.Status.OPEN)
        .exclude(seats__user_id=user_id)
        .select_related("created_by")
        .order_by("-created_at")
    )
    return Lobby(
        current_game=_table(seat.game) if seat else None,
        queue_position=_queue_position(entry) if entry else None,
        queue_going_under=entry.going_under if entry else None,
        queue_variant=next(
            (game for game in quick_play if entry and game.name == entry.variant), None
        ),
        quick_play=quick_play,
        invitations=[_table(game) for game in invited],
        live_tables=(
            live_table_rows(live_games_to_watch(user_id=user_id), viewer_id=user_id)
            if live_tables
            else []
        ),
        online=online_count(),
    )
