"""Whole games between computer players, and their statistics, under any rule options.

    report = simulate(1000, seed=1, rules=preset_rules("three_handed"))
    print(report.format())

Game i of a run has the seed f"{seed}/{i}", and each seat's player is built from its own
seeded generator, so a run is reproducible and each game is independent of the others.
`players` is one factory for every seat, two (alternating seats: with partners team 0 = seats
0 and 2, team 1 = seats 1 and 3), or one per seat: two kinds of player can be pitted against
each other. Scores are kept per team with partners, per player otherwise (`rules.scorers`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from games.engine import GameState, HandRecord, RuleOptions
from games.engine.records import ALL_PASS, EUCHRE, MAKE, MARCH, REDEAL, RENEGE
from games.lab.simulation_views import FastViews
from games.players import PlayerFactory, RuleOfThumbPlayer, player_name

# A game in which nobody ever bids would never end; no sane player gets anywhere near this.
MAX_HANDS_PER_GAME = 1000


class SimulationError(RuntimeError):
    pass


@dataclass
class SimulationReport:
    seed: int | str
    rules: RuleOptions
    players: tuple[str, ...]  # per score: "random", or "random/rule_of_thumb" when seats differ
    variant: str | None = None  # the preset's name, when the rules came from one
    games: int = 0
    hands: int = 0  # every hand dealt, redeals included
    makes: int = 0  # the makers took enough tricks but not all
    marches: int = 0  # the makers took every trick
    euchres: int = 0
    reneges: int = 0  # hands ended by a renege's penalty
    forfeits: int = 0  # ... which lost the game (renege "forfeit")
    redeals: int = 0  # everybody passed twice
    redeals_asked: int = 0  # seed 003: a farmer's hand, ace no face or no ace/face/trump
    benny_redeals: int = 0  # an upturned Benny with upturned_benny "redeal"
    lone_hands: int = 0  # a maker went alone (blind loners included)
    lone_marches: int = 0  # ... and took every trick
    lone_defenders: int = 0
    lone_defender_euchres: int = 0
    went_under: int = 0  # seed 000
    farmers_hand_exchanges: int = 0  # seed 003
    ace_no_face_exchanges: int = 0  # seed 003
    blind_loners: int = 0  # Robson: a jack turned up, the dealer went alone unseen
    blind_loner_marches: int = 0
    robson_adds: int = 0  # Robson: a sweep added to the sweepers' score
    robson_reduces: int = 0  # ... or taken off the opponents' scores
    aces_called: int = 0  # call-ace: the maker called a suit
    no_partner: int = 0  # ... that nobody else held: the maker played without a partner
    # per score (team, or player without partners), over all games
    points: list[int] = field(default_factory=list)  # points added to the score
    points_taken_off: list[int] = field(default_factory=list)  # by Robson reduces (floor 0)
    games_won: list[int] = field(default_factory=list)
    elapsed_seconds: float = 0.0

    def __post_init__(self) -> None:
        scorers = self.rules.scorers
        for name in ("points", "points_taken_off", "games_won"):
            if not getattr(self, name):
                setattr(self, name, [0] * scorers)

    # ---- derived figures ------------------------------------------------------------------

    @property
    def played_hands(self) -> int:
        """Hands in which trump was named."""
        return self.hands - self.redeals - self.redeals_asked - self.benny_redeals

    def points_per_hand(self, scorer: int) -> float:
        return self.points[scorer] / self.hands if self.hands else 0.0

    @property
    def hands_per_game(self) -> float:
        return self.hands / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_seconds if self.elapsed_seconds else 0.0

    def win_rate(self, scorer: int) -> float:
        return self.games_won[scorer] / self.games if self.games else 0.0

    def counters(self) -> dict[str, object]:
        """Everything but the timing: equal for two runs with the same seed."""
        return {
            item.name: getattr(self, item.name)
            for item in fields(self)
            if item.name != "elapsed_seconds"
        }

    # ---- the printed report ---------------------------------------------------------------

    def lines(self) -> list[str]:
        rules, played = self.rules, self.played_hands
        size, share = rules.hand_size, _share
        rows = [("seed", str(self.seed))]
        if self.variant is not None:
            rows.append(("variant", self.variant))
        rows.append(("rules", describe_rules(rules)))
        rows.extend(zip(scorer_labels(rules), self.players, strict=True))
        rows += [
            ("games", f"{self.games:>9,}"),
            ("hands", f"{self.hands:>9,}  {self.hands_per_game:5.2f} per game"),
            ("redeals (all passed)", share(self.redeals, self.hands)),
            (f"makes ({rules.tricks_to_make}-{size - 1} tricks)", share(self.makes, played)),
            (f"marches ({size} tricks)", share(self.marches, played)),
            ("euchres", share(self.euchres, played)),
            ("lone hands", share(self.lone_hands, played)),
            ("lone marches", share(self.lone_marches, self.lone_hands)),
            ("lone defenders", share(self.lone_defenders, played)),
            ("lone defender euchres", share(self.lone_defender_euchres, self.lone_defenders)),
            ("went under", share(self.went_under, self.hands)),
        ]
        rows += self._variant_rows()
        names = [label.split(" (")[0] for label in scorer_labels(rules)]
        for scorer, name in enumerate(names):
            per_hand = f"{self.points_per_hand(scorer):5.3f} per hand"
            rows.append((f"{name} points", f"{self.points[scorer]:>9,}  {per_hand}"))
            if rules.robson:
                rows.append((f"{name} points taken off", f"{self.points_taken_off[scorer]:>9,}"))
        for scorer, name in enumerate(names):
            rows.append((f"{name} games won", share(self.games_won[scorer], self.games)))
        rows.append(("elapsed", f"{self.elapsed_seconds:>9.2f} s"))
        rows.append(("speed", f"{self.games_per_second:>9,.1f} games/s"))
        width = max(len(label) for label, _ in rows)
        return [f"{label:<{width}}  {value}" for label, value in rows]

    def _variant_rows(self) -> list[tuple[str, str]]:
        """The counts only some rule options can produce, shown only under those options."""
        rules, played, share = self.rules, self.played_hands, _share
        rows: list[tuple[str, str]] = []
        if rules.farmers_hand:
            rows.append(("farmer's hand exchanges", share(self.farmers_hand_exchanges, self.hands)))
        if rules.ace_no_face:
            rows.append(("ace no face exchanges", share(self.ace_no_face_exchanges, self.hands)))
        if rules.farmers_hand or rules.ace_no_face or rules.no_ace_no_face_no_trump:
            rows.append(("redeals asked", share(self.redeals_asked, self.hands)))
        if rules.benny != "none" and rules.upturned_benny == "redeal":
            rows.append(("upturned Benny redeals", share(self.benny_redeals, self.hands)))
        if rules.robson:
            rows += [
                ("blind loners", share(self.blind_loners, played)),
                ("blind loner marches", share(self.blind_loner_marches, self.blind_loners)),
                ("Robson adds", share(self.robson_adds, played)),
                ("Robson reduces", share(self.robson_reduces, played)),
            ]
        if rules.variant == "call_ace":
            rows += [
                ("aces called", share(self.aces_called, played)),
                ("no partner (suit not held)", share(self.no_partner, self.aces_called)),
            ]
        if rules.renege != "off":
            rows.append((f"renege penalties ({rules.renege})", share(self.reneges, played)))
            if rules.renege == "forfeit":
                rows.append(("games forfeit", share(self.forfeits, self.games)))
        return rows

    def format(self) -> str:
        return "\n".join(self.lines())


def _share(count: int, total: int) -> str:
    return f"{count:>9,}  {100 * count / total:5.1f}%" if total else f"{count:>9,}"


def scorer_labels(rules: RuleOptions) -> list[str]:
    """ "team 0 (seats 0, 2)", "team 1 (seats 1, 3)" with partners; "seat 0", ... without."""
    if rules.partnerships:
        return ["team 0 (seats 0, 2)", "team 1 (seats 1, 3)"]
    return [f"seat {seat}" for seat in range(rules.seats)]


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


def seat_factories(
    players: PlayerFactory | Sequence[PlayerFactory], seats: int = 4
) -> tuple[PlayerFactory, ...]:
    """One factory per seat, from one for all, two for alternating seats (per team with
    partners), or one per seat."""
    if callable(players):
        return (players,) * seats
    players = tuple(players)
    if len(players) == seats:
        return players
    if len(players) == 2:
        return tuple(players[seat % 2] for seat in range(seats))
    raise ValueError(
        f"players: give 1, 2 (alternating seats) or {seats} (one per seat) factories, "
        f"not {len(players)}"
    )


def simulate(
    games: int,
    seed: int | str,
    rules: RuleOptions | None = None,
    players: PlayerFactory | Sequence[PlayerFactory] = RuleOfThumbPlayer,
    variant: str | None = None,
) -> SimulationReport:
    """Play `games` whole games between computer players and count what happened."""
    rules = rules or RuleOptions()
    factories = seat_factories(players, rules.seats)
    report = SimulationReport(
        seed=seed, rules=rules, players=_scorer_players(rules, factories), variant=variant
    )
    start = time.perf_counter()
    for index in range(games):
        state = play_game(rules, f"{seed}/{index}", factories)
        _count_game(report, state)
    report.elapsed_seconds = time.perf_counter() - start
    return report


def play_game(rules: RuleOptions, game_seed: str, factories: Sequence[PlayerFactory]) -> GameState:
    """One whole game; each seat's player sees only its own view."""
    if len(factories) != rules.seats:
        raise ValueError(f"{rules.seats} seats need {rules.seats} players, not {len(factories)}")
    seats = [
        factory(random.Random(f"{game_seed}/seat/{seat}")) for seat, factory in enumerate(factories)
    ]
    state = GameState(rules, game_seed)
    views = FastViews(state)
    while state.winner is None:
        if state.hand.number >= MAX_HANDS_PER_GAME:
            raise SimulationError(f"game {game_seed}: no winner after {MAX_HANDS_PER_GAME} hands")
        seat = state.hand.to_act
        assert seat is not None
        state.apply(seats[seat].choose(views.view(seat), rules), seat)
    return state


def _scorer_players(rules: RuleOptions, factories: Sequence[PlayerFactory]) -> tuple[str, ...]:
    if not rules.partnerships:
        return tuple(player_name(factory) for factory in factories)
    labels = []
    for team in (0, 1):
        names = (player_name(factories[team]), player_name(factories[team + 2]))
        labels.append(names[0] if names[0] == names[1] else "/".join(names))
    return tuple(labels)


def _count_game(report: SimulationReport, state: GameState) -> None:
    report.games += 1
    assert state.winner is not None
    report.games_won[state.winner] += 1
    before = [0] * report.rules.scorers
    for record in state.records:
        _count_hand(report, record)
        for scorer, points in enumerate(record.points_by_scorer):
            if points > 0:
                report.points[scorer] += points
            elif points < 0:  # Robson's reduce: what came off, never below zero
                report.points_taken_off[scorer] += before[scorer] - record.score_after[scorer]
        before = list(record.score_after)


def _count_hand(report: SimulationReport, record: HandRecord) -> None:
    report.hands += 1
    if record.went_under is not None:
        report.went_under += 1
    if record.exchange is not None:
        if record.exchange.kind == "farmers_hand":
            report.farmers_hand_exchanges += 1
        else:
            report.ace_no_face_exchanges += 1
    outcome = record.outcome
    if outcome == ALL_PASS:
        report.redeals += 1
        return
    if outcome == REDEAL:
        if record.redeal_by is None:
            report.benny_redeals += 1
        else:
            report.redeals_asked += 1
        return
    if outcome == MAKE:
        report.makes += 1
    elif outcome == MARCH:
        report.marches += 1
    elif outcome == EUCHRE:
        report.euchres += 1
    elif outcome == RENEGE:
        report.reneges += 1
        report.forfeits += record.renege is not None and record.renege.penalty == "forfeit"
    if record.maker_alone:
        report.lone_hands += 1
        report.lone_marches += outcome == MARCH
    if record.blind_alone:
        report.blind_loners += 1
        report.blind_loner_marches += outcome == MARCH
    if record.lone_defender is not None:
        report.lone_defenders += 1
        report.lone_defender_euchres += outcome == EUCHRE
    if record.robson_choice is not None:
        report.robson_adds += record.robson_choice == "add"
        report.robson_reduces += record.robson_choice == "reduce"
    if record.called_suit is not None:
        report.aces_called += 1
        report.no_partner += record.partner is None
