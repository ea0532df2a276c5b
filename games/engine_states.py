"""The engine's game at a stored version, kept per process so that a move is applied once.

A game's version is the length of its action log, and the log is append-only: the engine's game
at version V is the same in every process for ever. So each process may keep the latest game it
built for each table and bring it up to date with only the actions stored since (the log's
tail), instead of replaying the whole log for every move and every frame. Nothing lives only
here: PostgreSQL holds the log, and a process that has never seen a table (or lost it from this
bounded cache) replays it, as every process did before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable

from django.db import transaction

from games.engine import Game as EngineGame
from games.engine import IllegalAction, RuleOptions

# tables a process keeps: a daphne or worker process serves a few hundred tables at a time, and
# a game's state weighs a few tens of kilobytes
CACHED_GAMES = 2048


class EngineStates:
    """A bounded, thread-safe map: game id → (rules, seed, engine game at some version)."""

    def __init__(self, size: int = CACHED_GAMES) -> None:
        self.size = size
        self._games: OrderedDict[int, tuple[dict, str, EngineGame]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.tails = self.replays = 0  # for tests and benchmarks

    def latest(self, game_id: int, rules: dict, seed: str) -> EngineGame | None:
        """The newest engine game kept for this table (any version), if its rules and seed are
        the stored ones."""
        with self._lock:
            kept = self._games.get(game_id)
            if kept is None:
                return None
            self._games.move_to_end(game_id)
        kept_rules, kept_seed, engine = kept
        if kept_rules != rules or kept_seed != seed:
            return None  # a database reused under the same ids (tests): not this game
        return engine

    def keep(self, game_id: int, rules: dict, seed: str, engine: EngineGame) -> None:
        """Keeps `engine` unless a newer version of the table is kept already."""
        with self._lock:
            kept = self._games.get(game_id)
            if kept is not None and len(kept[2].actions) > len(engine.actions):
                return
            self._games[game_id] = (rules, seed, engine)
            self._games.move_to_end(game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def advance(self, game_id: int, first_version: int, actions: Iterable[str]) -> bool:
        """The kept game brought to `first_version` + len(actions) with the actions another
        process stored from `first_version` on (the run it announced after its commit), when
        the kept one is at exactly `first_version`; False otherwise (nothing kept, older or
        newer). The next move here then needs no read of the log's tail."""
        with self._lock:
            kept = self._games.get(game_id)
        if kept is None or len(kept[2].actions) != first_version:
            return False
        rules, seed, engine = kept
        try:
            engine = caught_up(engine, actions)
        except IllegalAction:
            return False  # not this game's log (a database reused under the same ids: tests)
        self.keep(game_id, rules, seed, engine)
        return True

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


STATES = EngineStates()


def keep_on_commit(game_id: int, rules: dict, seed: str, engine: EngineGame) -> None:
    """Keeps `engine` once what it was built from is committed (at once outside a transaction):
    a log that a rollback took back must never be kept, or its version would be trusted."""
    transaction.on_commit(lambda: STATES.keep(game_id, rules, seed, engine))


def replayed(rules: dict, seed: str, actions: Iterable[str]) -> EngineGame:
    """The engine's game from the stored rules and seed and the given log."""
    return EngineGame(RuleOptions.from_dict(rules), seed, tuple(actions))


def caught_up(engine: EngineGame, tail: Iterable[str]) -> EngineGame:
    """`engine` with the log's later actions applied (the stored log was legal when stored)."""
    for action in tail:
        engine = engine.apply(action)
    return engine
