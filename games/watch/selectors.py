"""Who may watch a table, and what a watcher's socket sends: the one place that decides it.

A table being played (or finished) may be watched by:
- a public table (quick play, "play now"): any signed-in player;
- a private table: the players invited to it by name, and its creator;
- a league's table: the league's current members (the leagues app says who they are, through
  `league_members_register`: games never imports leagues).
A player seated at the table opens it as a player, never as a watcher. A blocked player watches
nothing. Nobody watches a table still waiting for its players.

A watcher's frames are built from the engine (`games.engine.watch`): the spectator's view as
of the last checkpoint (a complete trick, the end of the bidding, a new deal), never a trick in
progress, never a hidden card.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.engine import RuleOptions
from games.engine.watch import watch_checkpoint
from games.models import Action, Game, Seat
from games.rule_texts import rules_label
from games.selectors import rules_preset_name, seat_label, seat_name, stored_rules
from games.tables.models import Invitation

# the league tables whose league `user_id` belongs to now: a queryset of game ids, given by the
# leagues app when it starts (leagues.apps); without it, only a league table's players see it
_league_games_of_member: list[Callable[[int], QuerySet[Any]]] = []


def league_members_register(games_of_member: Callable[[int], QuerySet[Any]]) -> None:
    """The leagues app tells games which league tables a player may watch (once, at start)."""
    _league_games_of_member[:] = [games_of_member]


class Access(enum.Enum):
    WATCH = "watch"
    PLAYER = "player"  # seated here: the table page, not the watch page
    REFUSED = "refused"


@dataclass(frozen=True)
class WatchAccess:
    access: Access
    message: str = ""  # why not, in the player's words (REFUSED only)


WATCHABLE = (Game.Status.PLAYING, Game.Status.FINISHED)
NOT_STARTED = "This table has not started yet: there is nothing to watch."
PRIVATE_ONLY = "Only the players of this private table and those invited to it may watch it."
LEAGUE_ONLY = "Only the league's members may watch its tables."
BLOCKED = "Your account has been blocked."


def watch_access(*, game: Game, user_id: int) -> WatchAccess:
    """Whether `user_id` may watch `game` (a few small queries)."""
    if Seat.objects.filter(game=game, user_id=user_id).exists():
        return WatchAccess(Access.PLAYER)
    if not User.objects.filter(pk=user_id, is_active=True).exists():
        return WatchAccess(Access.REFUSED, BLOCKED)
    if game.status not in WATCHABLE:
        return WatchAccess(Access.REFUSED, NOT_STARTED)
    if game.kind == Game.Kind.PUBLIC:
        return WatchAccess(Access.WATCH)
    if game.kind == Game.Kind.PRIVATE:
        if (
            game.created_by_id == user_id
            or Invitation.objects.filter(game=game, user_id=user_id).exists()
        ):
            return WatchAccess(Access.WATCH)
        return WatchAccess(Access.REFUSED, PRIVATE_ONLY)
    if _league_member_filter(user_id) is not None and (
        Game.objects.filter(_league_member_filter(user_id), pk=game.pk).exists()
    ):
        return WatchAccess(Access.WATCH)
    return WatchAccess(Access.REFUSED, LEAGUE_ONLY)


def _league_member_filter(user_id: int) -> Q | None:
    if not _league_games_of_member:
        return None
    return Q(kind=Game.Kind.LEAGUE, pk__in=_league_games_of_member[0](user_id))


def watchable_filter(user_id: int) -> Q:
    """The tables `user_id` may watch, as a filter on games (seated ones not excluded)."""
    allowed = Q(kind=Game.Kind.PUBLIC) | Q(
        Q(kind=Game.Kind.PRIVATE)
        & (
            Q(created_by_id=user_id)
            | Q(pk__in=Invitation.objects.filter(user_id=user_id).values("game_id"))
        )
    )
    league = _league_member_filter(user_id)
    return allowed | league if league is not None else allowed


def live_games_to_watch(*, user_id: int, limit: int = 20) -> list[Game]:
    """Tables being played now that `user_id` may watch and does not play at, the latest
    started first, their seats and players prefetched (`game.seats.all()`)."""
    if not User.objects.filter(pk=user_id, is_active=True).exists():
        return []
    games = (
        Game.objects.filter(watchable_filter(user_id), status=Game.Status.PLAYING)
        .exclude(seats__user_id=user_id)
        .prefetch_related("seats__user")
        .order_by("-started_at", "-pk")
    )
    return list(games[:limit])


@dataclass(frozen=True)
class LiveTable:
    """A table being played, as the lobby, a league's page and a profile list it."""

    game_id: int
    label: str  # "Call-ace", "Standard Euchre"...
    players: tuple[str, ...]  # by seat: names, a computer's with its level ("Ada · strong")
    score: str  # "6-4" (teams, with an en dash) or "3, 5, 2" by seat
    seated: bool  # the viewer plays here: a link to the table, not to watch it


def live_table_rows(games: list[Game], *, viewer_id: int) -> list[LiveTable]:
    """`games` with their seats and players prefetched."""
    rows = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        rules = stored_rules(game.rules)
        if game.partnerships:
            score = f"{game.score_team0}\N{EN DASH}{game.score_team1}"
        else:
            score = " \N{MIDDLE DOT} ".join(str(seat.score) for seat in seats)
        rows.append(
            LiveTable(
                game_id=game.pk,
                label=rules_label(rules) if rules is not None else "Euchre",
                players=tuple(seat_label(game, seat) for seat in seats),
                score=score,
                seated=any(seat.user_id == viewer_id for seat in seats),
            )
        )
    return rows


def live_game_of_player(*, player_id: int, viewer_id: int) -> LiveTable | None:
    """The game `player_id` is playing now, when `viewer_id` may watch it (or plays there too):
    for the player's profile."""
    game = (
        Game.objects.filter(
            seats__user_id=player_id, seats__in_play=True, status=Game.Status.PLAYING
        )
        .prefetch_related("seats__user")
        .first()
    )
    if game is None or watch_access(game=game, user_id=viewer_id).access is Access.REFUSED:
        return None
    return live_table_rows([game], viewer_id=viewer_id)[0]


def watch_state(*, game_id: int) -> dict[str, Any] | None:
    """A watcher's frame: the table as of its last checkpoint, from no seat (None: no such
    game). "version" is the number of actions this view shows, not the game's: a watcher
    learns nothing of moves after the checkpoint, not even how many there were. It replays the
    whole log: sockets and the watch page take it built once for every watcher
    (`games.watch.frames`)."""
    seats = watch_seats(game_id=game_id)
    return watch_state_of(seats) if seats else None


def watch_seats(*, game_id: int) -> list[Seat]:
    """The game's seats by position, with their game and players (empty: no such game)."""
    return list(
        Seat.objects.filter(game_id=game_id).select_related("game", "user").order_by("position")
    )


def watch_state_of(seats: list[Seat]) -> dict[str, Any]:
    """`watch_state` of a game's seats (`watch_seats`, not empty)."""
    game = seats[0].game
    actions = Action.objects.filter(game=game).order_by("sequence").values_list("action", flat=True)
    seen, view = watch_checkpoint(RuleOptions.from_dict(game.rules), game.seed, list(actions))
    finished = game.status == Game.Status.FINISHED and seen == game.version
    rules = stored_rules(game.rules)
    state: dict[str, Any] = {
        "type": "state",
        "watching": True,
        "game": game.pk,
        "version": seen,
        "status": Game.Status.FINISHED if finished else Game.Status.PLAYING,
        "kind": game.kind,
        "variant": rules_preset_name(rules),
        "rules": rules.to_dict() if isinstance(rules, RuleOptions) else dict(game.rules),
        "seat_count": game.seat_count,
        "my_seat": None,
        "cancelled": False,
        "seats": [
            {
                "position": seat.position,
                "name": seat_name(game, seat),
                "label": seat_label(game, seat),
                "computer": seat.is_computer,
                "level": game.computer_level_of(seat),
                "covered": False,
                "time_limit_ms": seat.time_limit_ms,
                "timeouts": 0,
            }
            for seat in seats
        ],
        # whose clock runs now would tell where the play is: a watcher sees no clock
        "turn_deadline": None,
        "server_time": timezone.now().isoformat(),
        "view": view.to_dict(),
    }
    if finished:
        state["result"] = {
            "winning_seats": list(game.winning_seats),
            "final_score": list(view.score),
            "my_game_points": None,
            # the same frame goes to every watcher: it links the record only where every one of
            # them may read it (games/records/selectors.py), never to a private table's record,
            # which its invitees who did not play may not (it is shown to them once shared)
            "record_url": (
                reverse("games:record", args=[game.pk])
                if game.has_winner
                and (game.kind != Game.Kind.PRIVATE or game.record_shared_at is not None)
                else None
            ),
            "play_again_url": None,
            "earned_url": None,
        }
    return state
