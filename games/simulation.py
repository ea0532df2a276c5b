"""Whole games between computer players, and their statistics.

    report = simulate(1000, seed=1, rules=RuleOptions(going_under=True))
    print(report.format())

Game i of a run has the seed f"{seed}/{i}", and each seat's player is built from its own
seeded generator, so a run is reproducible and each game is independent of the others.
`players` is one factory for every seat, two (team 0 = seats 0 and 2, team 1 = seats 1 and 3),
or four (one per seat): two kinds of player can be pitted against each other.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from games.engine import GameState, HandRecord, RuleOptions
from games.engine.records import ALL_PASS, EUCHRE, MAKE, MARCH
from games.engine.view import SeatView, seat_view
from games.players import PlayerFactory, RuleOfThumbPlayer, player_name

# A game in which nobody ever bids would never end; no sane player gets anywhere near this.
MAX_HANDS_PER_GAME = 1000


class SimulationError(RuntimeError):
    pass


@dataclass
class SimulationReport:
    seed: int | str
    rules: RuleOptions
    team_players: tuple[str, str]  # "rule_of_thumb", or "random/rule_of_thumb" when seats differ
    games: int = 0
    hands: int = 0  # every hand dealt, redeals included
    makes: int = 0  # the makers took three or four tricks
    marches: int = 0  # the makers took all five
    euchres: int = 0
    redeals: int = 0  # everybody passed twice
    lone_hands: int = 0  # a maker went alone
    lone_marches: int = 0  # ... and took all five tricks (4 points)
    lone_defenders: int = 0
    lone_defender_euchres: int = 0
    went_under: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])  # per team, over all games
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    elapsed_seconds: float = 0.0

    # ---- derived figures ------------------------------------------------------------------

    @property
    def played_hands(self) -> int:
        """Hands in which trump was named."""
        return self.hands - self.redeals

    def points_per_hand(self, team: int) -> float:
        return self.points[team] / self.hands if self.hands else 0.0

    @property
    def hands_per_game(self) -> float:
        return self.hands / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_seconds if self.elapsed_seconds else 0.0

    def win_rate(self, team: int) -> float:
        return self.games_won[team] / self.games if self.games else 0.0

    def counters(self) -> dict[str, object]:
        """Everything but the timing: equal for two runs with the same seed."""
        return {
            item.name: getattr(self, item.name)
            for item in fields(self)
            if item.name != "elapsed_seconds"
        }

    # ---- the printed report ---------------------------------------------------------------

    def lines(self) -> list[str]:
        def share(count: int, total: int) -> str:
            return f"{count:>9,}  {100 * count / total:5.1f}%" if total else f"{count:>9,}"

        played = self.played_hands
        rows = [
            ("seed", str(self.seed)),
            ("rules", describe_rules(self.rules)),
            ("team 0 (seats 0, 2)", self.team_players[0]),
            ("team 1 (seats 1, 3)", self.team_players[1]),
            ("games", f"{self.games:>9,}"),
            ("hands", f"{self.hands:>9,}  {self.hands_per_game:5.2f} per game"),
            ("redeals (all passed)", share(self.redeals, self.hands)),
            ("makes (3-4 tricks)", share(self.makes, played)),
            ("marches (5 tricks)", share(self.marches, played)),
            ("euchres", share(self.euchres, played)),
            ("lone hands", share(self.lone_hands, played)),
            ("lone marches", share(self.lone_marches, self.lone_hands)),
            ("lone defenders", share(self.lone_defenders, played)),
            ("lone defender euchres", share(self.lone_defender_euchres, self.lone_defenders)),
            ("went under", share(self.went_under, self.hands)),
        ]
        for team in (0, 1):
            rows.append(
                (
                    f"team {team} points",
                    f"{self.points[team]:>9,}  {self.points_per_hand(team):5.3f} per hand",
                )
            )
        for team in (0, 1):
            rows.append((f"team {team} games won", share(self.games_won[team], self.games)))
        rows.append(("elapsed", f"{self.elapsed_seconds:>9.2f} s"))
        rows.append(("speed", f"{self.games_per_second:>9,.1f} games/s"))
        width = max(len(label) for label, _ in rows)
        return [f"{label:<{width}}  {value}" for label, value in rows]

    def format(self) -> str:
        return "\n".join(self.lines())


def describe_rules(rules: RuleOptions) -> str:
    """The options that differ from the defaults, e.g. "going_under, target_score=11"."""
    defaults = RuleOptions()
    changed = []
    for option in fields(rules):
        value = getattr(rules, option.name)
        if value == getattr(defaults, option.name):
            continue
        changed.append(option.name if value is True else f"{option.name}={value}")
    return ", ".join(changed) or "defaults"


def seat_factories(players: PlayerFactory | Sequence[PlayerFactory]) -> tuple[PlayerFactory, ...]:
    """One factory per seat, from one for all, one per team, or one per seat."""
    if callable(players):
        return (players,) * 4
    players = tuple(players)
    if len(players) == 2:
        return (players[0], players[1], players[0], players[1])
    if len(players) == 4:
        return players
    raise ValueError(f"players: give 1, 2 (per team) or 4 (per seat) factories, not {len(players)}")


def simulate(
    games: int,
    seed: int | str,
    rules: RuleOptions | None = None,
    players: PlayerFactory | Sequence[PlayerFactory] = RuleOfThumbPlayer,
) -> SimulationReport:
    """Play `games` whole games between computer players and count what happened."""
    rules = rules or RuleOptions()
    factories = seat_factories(players)
    team_players = (
        _team_label(factories[0], factories[2]),
        _team_label(factories[1], factories[3]),
    )
    report = SimulationReport(seed=seed, rules=rules, team_players=team_players)
    start = time.perf_counter()
    for index in range(games):
        state = play_game(rules, f"{seed}/{index}", factories)
        _count_game(report, state)
    report.elapsed_seconds = time.perf_counter() - start
    return report


def play_game(rules: RuleOptions, game_seed: str, factories: Sequence[PlayerFactory]) -> GameState:
    """One whole game; each seat's player sees only its own view."""
    seats = [
        factory(random.Random(f"{game_seed}/seat/{seat}")) for seat, factory in enumerate(factories)
    ]
    state = GameState(rules, game_seed)
    views = SeatViews(state)
    while state.winner is None:
        if state.hand.number >= MAX_HANDS_PER_GAME:
            raise SimulationError(f"game {game_seed}: no winner after {MAX_HANDS_PER_GAME} hands")
        seat = state.hand.to_act
        assert seat is not None
        state.apply(seats[seat].choose(views.view(seat), rules), seat)
    return state


class SeatViews:
    """`seat_view(state, seat)` for one game, equal to it, but faster in a long game.

    `seat_view` rebuilds the public copy of every finished hand's record on each call, which
    costs more than the rest of the view and the player's decision together. Here the public
    history is built once per finished hand and put into the view in its place; the tests
    check that the result equals `seat_view` at every decision of a game.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.history: tuple[HandRecord, ...] = ()

    def view(self, seat: int) -> SeatView:
        state = self.state
        records = state.records
        if len(self.history) != len(records):
            self.history += tuple(record.public() for record in records[len(self.history) :])
        state.records = []  # seat_view reads the records only to build the history
        try:
            view = seat_view(state, seat)
        finally:
            state.records = records
        # the view is new and nobody else holds it yet: fill in its history without copying it
        object.__setattr__(view, "history", self.history)
        return view


def _team_label(first: PlayerFactory, second: PlayerFactory) -> str:
    names = (player_name(first), player_name(second))
    return names[0] if names[0] == names[1] else "/".join(names)


def _count_game(report: SimulationReport, state: GameState) -> None:
    report.games += 1
    assert state.winner is not None
    report.games_won[state.winner] += 1
    for record in state.records:
        _count_hand(report, record)


def _count_hand(report: SimulationReport, record: HandRecord) -> None:
    report.hands += 1
    if record.went_under is not None:
        report.went_under += 1
    if record.outcome == ALL_PASS:
        report.redeals += 1
        return
    if record.outcome == MAKE:
        report.makes += 1
    elif record.outcome == MARCH:
        report.marches += 1
    elif record.outcome == EUCHRE:
        report.euchres += 1
    if record.maker_alone:
        report.lone_hands += 1
        report.lone_marches += record.outcome == MARCH
    if record.lone_defender is not None:
        report.lone_defenders += 1
        report.lone_defender_euchres += record.outcome == EUCHRE
    if record.scoring_team is not None:
        report.points[record.scoring_team] += record.points
