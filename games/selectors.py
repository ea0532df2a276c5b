"""Reading games: the engine state rebuilt from a game's log, and each seat's view of it."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from games.engine import PRESETS, InvalidRules, RuleOptions, preset_rules
from games.engine import Game as EngineGame

from .engine_states import STATES, caught_up, keep_on_commit, replayed
from .models import Game, Seat
from .players.names import computer_name
from .results import seat_game_points
from .statements import log_actions


def engine_game(game: Game) -> EngineGame:
    """The engine's game at the game row's version: the one this process keeps for the table
    brought up to date with the log's tail (`games.engine_states`), else the whole log replayed."""
    version = game.version
    kept = STATES.latest(game.pk, game.rules, game.seed)
    known = len(kept.actions) if kept is not None else 0
    if kept is None or known > version:
        kept, known = None, 0  # a row read before a newer move this process saw: replay
    if kept is not None and known == version:
        STATES.hits += 1
        return kept
    # bounded by the row's version: a move stored since the row was read is not this version's
    actions = log_actions(game.pk, known, version)
    if kept is None:
        STATES.replays += 1
        engine = replayed(game.rules, game.seed, actions)
    else:
        STATES.tails += 1
        engine = caught_up(kept, actions)
    keep_on_commit(game.pk, game.rules, game.seed, engine)
    return engine


def engine_of(game: Game, actions: Iterable[str]) -> EngineGame:
    """The engine's game from the stored rules and seed and the given log."""
    return replayed(game.rules, game.seed, actions)


def table_state(
    *, game_id: int, user_id: int, last_frame: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """Everything one player's browser shows of a table, from their seat only; None when the
    player has no seat there. The engine's seat view holds no other seat's unplayed card.

    `last_frame`: the frame last built for this player at this table (a socket keeps it). Its
    view depends only on the log, so while the game is still at its version it is taken from
    it: one query then, and no engine (a repeated sync is cheap)."""
    # one query for the game, its seats and their players
    seats = list(
        Seat.objects.filter(game_id=game_id).select_related("game", "user").order_by("position")
    )
    mine = next((seat for seat in seats if seat.user_id == user_id), None)
    if mine is None:
        return None
    game = mine.game
    if (
        last_frame is not None
        and last_frame.get("game") == game.pk
        and last_frame.get("version") == game.version
        and last_frame.get("my_seat") == mine.position
    ):
        view = last_frame["view"]
    else:
        view = engine_game(game).view(mine.position).to_dict()
    state = seat_frame(game, seats, mine, view)
    if game.status == Game.Status.FINISHED:
        state["result"] = game_result(game, mine, view)
    return state


def seat_frame(game: Game, seats: list[Seat], mine: Seat, view: dict[str, Any]) -> dict[str, Any]:
    """One player's frame: the table as their seat sees it (`view`, the engine's seat view).
    `seats` in position order, with their users."""
    return {**table_fields(game, seats), **seat_version_fields(game, mine), "view": view}


def table_fields(game: Game, seats: list[Seat]) -> dict[str, Any]:
    """What every seat's frame says of the table itself, the same at every version of a run of
    moves (its seats' rows do not change within one: the mover encodes this once a run)."""
    rules = stored_rules(game.rules)
    return {
        "type": "state",
        "game": game.pk,
        "kind": game.kind,
        "variant": rules_preset_name(rules),
        "rules": rules.to_dict() if isinstance(rules, RuleOptions) else dict(game.rules),
        "seat_count": game.seat_count,
        "seats": [
            {
                "position": seat.position,
                "name": seat_name(game, seat),
                "label": seat_label(game, seat),
                "computer": seat.is_computer,
                "level": None if game.status == Game.Status.OPEN else game.computer_level_of(seat),
                "covered": seat.covered,
                "time_limit_ms": seat.time_limit_ms,
                "timeouts": seat.timeouts,
            }
            for seat in seats
        ],
        # the page shows a computer's move this long after the move before it: a run of
        # computer moves is made at once (games.live.services.play.computer_run)
        "computer_pause_ms": int(settings.GAME_COMPUTER_PAUSE_SECONDS * 1000),
        # the last trick and the summary of a hand are shown this long before the next deal,
        # which the server's clock waits for (games.live.services.hand_pause)
        "hand_pause_ms": int(settings.GAME_HAND_PAUSE_SECONDS * 1000),
    }


def player_has_sat(*, user_id: int) -> bool:
    """Whether the player ever took a seat at a table (the home page greets a newcomer)."""
    return Seat.objects.filter(user_id=user_id).exists()


def seat_version_fields(game: Game, mine: Seat) -> dict[str, Any]:
    """What one seat's frame says besides the table and the view, at the game's version."""
    return {
        "version": game.version,
        "status": game.status,
        "my_seat": mine.position,
        "cancelled": mine.cancelled,
        "turn_deadline": game.turn_deadline.isoformat() if game.turn_deadline else None,
        "server_time": timezone.now().isoformat(),
    }


def seat_label(game: Game, seat: Seat) -> str:
    """What lists and headings call a seat: its player's display name (also once they left and
    the computer finishes for them: the seat's `computer` and `level` say so), or the computer's
    name with its level ("Ada · strong"). Before the start, a seat nobody took is empty."""
    name = seat_name(game, seat)
    if seat.user_id is None and game.status != Game.Status.OPEN:
        return f"{name} · {game.computer_level}"
    return name


def seat_name(game: Game, seat: Seat) -> str:
    """What sentences call a seat ("Ada ordered it up"): its player's display name, or the name
    of the computer in it (`games.players.names`, derived from the game and the seat)."""
    if seat.user_id is None:
        if game.status == Game.Status.OPEN:
            return "Empty seat"
        return computer_name(level=game.computer_level, game_id=game.pk, position=seat.position)
    return seat.user.get_short_name()  # type: ignore[union-attr]  # a user_id: a user


def game_result(game: Game, mine: Seat, view: dict[str, Any]) -> dict[str, Any]:
    """The game-over summary for `mine`'s player: who won, the final score, seed 000's game
    points they earned (null without a winner: a table closed before it started), the record's
    address, where "play again" posts (null for a league's table: its page opens tables) and
    where to read what the game earned them (achievements, ranks, coins)."""
    decided = game.has_winner
    return {
        "winning_seats": list(game.winning_seats),
        "final_score": list(view["score"]),
        "my_game_points": seat_game_points(game, mine) if decided else None,
        "record_url": reverse("games:record", args=[game.pk]) if decided else None,
        "play_again_url": (
            reverse("games:play_again", args=[game.pk])
            if decided and game.kind != Game.Kind.LEAGUE
            else None
        ),
        # the achievements, ranks and coins the game earned me, once the rankings recorded it
        "earned_url": _url_or_none("rankings:game_earned", game.pk) if decided else None,
    }


def _url_or_none(name: str, *args: Any) -> str | None:
    """A page of an app above games (rankings), which games never import: by name only."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


@functools.cache
def _presets_by_rules() -> dict[RuleOptions, str]:
    # the first name wins where two presets are the same rules (none are today)
    named: dict[RuleOptions, str] = {}
    for name in PRESETS:
        named.setdefault(preset_rules(name), name)
    return named


def stored_rules(rules: dict[str, Any]) -> RuleOptions | None:
    """A game's stored rules as options (games stored before an option existed get its
    default); None for rules the engine would now refuse."""
    try:
        return _rules_of(tuple(sorted(rules.items())))
    except TypeError:  # a value JSON allows and no option is (a list): refused as before
        return _rules_of_dict(rules)


@functools.lru_cache(maxsize=256)
def _rules_of(items: tuple[tuple[str, Any], ...]) -> RuleOptions | None:
    # every frame reads its game's rules: checked once per set of rules, not per frame
    return _rules_of_dict(dict(items))


def _rules_of_dict(rules: dict[str, Any]) -> RuleOptions | None:
    try:
        return RuleOptions.from_dict(rules)
    except InvalidRules:
        return None


def rules_preset_name(rules: RuleOptions | dict[str, Any] | None) -> str | None:
    """The name of the preset (`games.engine.presets`) these rules are, "standard" for the
    site's own game; None for any other combination (or rules the engine now refuses)."""
    if isinstance(rules, dict):
        rules = stored_rules(rules)
    return None if rules is None else _presets_by_rules().get(rules)
