"""Random-playout speed: `python -m games.engine.bench [--hands N] [--rounds R] [--seed S]`.

Plays N single hands with uniformly random legal actions through our engine, twice: step by step
through its API (`legal_actions()` and `apply()` for every action, as a player or a search
drives it) and by its own random playout (`HandState.play_out`, one call a hand, as a Monte Carlo
search's leaf would); and, when the `open-spiel` package is installed, through OpenSpiel's C++
`euchre` driven from Python step by step (it has no playout call), under the same rules
(OpenSpiel's defaults: stick the dealer, no lone defender, the dealer keeps the up card). It
prints hands per second for each and the ratios to OpenSpiel's. The hands are played in R
rounds, the engines in turn, and the figures are the rounds' medians: a shared machine's speed
drifts by a quarter within a minute, and two runs one after the other put that drift in the
ratio (single runs gave 1.38 to 1.80 in one session, the median of five rounds in turn 1.54
to 1.60). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from .cards import DECK
from .deal import Deal
from .hand import HandState
from .rules import RuleOptions

OPENSPIEL_RULES = RuleOptions(
    stick_the_dealer=True, dealer_may_discard_upcard=False, opening_lead="dealer_left"
)


def _shuffled_deal(deck: list[str], rng: random.Random) -> Deal:
    rng.shuffle(deck)
    return Deal(
        hands=(tuple(deck[0:5]), tuple(deck[5:10]), tuple(deck[10:15]), tuple(deck[15:20])),
        upcard=deck[20],
        kitty=tuple(deck[21:24]),
    )


def playout_ours(hands: int, rng: random.Random) -> None:
    """Step by step through the API, every action drawn by `random.choice`."""
    rules, deck, choice = OPENSPIEL_RULES, list(DECK), rng.choice
    for number in range(hands):
        hand = HandState(rules, number % 4, _shuffled_deal(deck, rng), number)
        while hand.to_act is not None:
            hand.apply(choice(hand.legal_actions()))


def playout_ours_in_engine(hands: int, rng: random.Random) -> None:
    """The engine's own random playout, one call a hand."""
    rules, deck = OPENSPIEL_RULES, list(DECK)
    for number in range(hands):
        HandState(rules, number % 4, _shuffled_deal(deck, rng), number).play_out(rng)


def playout_openspiel(hands: int, rng: random.Random) -> None:
    import pyspiel

    game = pyspiel.load_game("euchre")
    choice = rng.choice
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(choice(outcomes)[0])
            else:
                state.apply_action(choice(state.legal_actions()))


def hands_per_second(playout: Callable[[int, random.Random], None], hands: int, seed: int) -> float:
    start = time.perf_counter()
    playout(hands, random.Random(seed))
    return hands / (time.perf_counter() - start)


def rounds_in_turn(
    playouts: list[Callable[[int, random.Random], None]], hands: int, rounds: int, seed: int
) -> list[list[float]]:
    """Hands per second of each playout in each round, the playouts taking turns, each round
    on the same seed's deals."""
    per_round = max(hands // rounds, 1)
    for playout in playouts:
        playout(max(per_round // 10, 1), random.Random(seed))  # warm up
    figures: list[list[float]] = [[] for _ in playouts]
    for number in range(rounds):
        for playout, found in zip(playouts, figures, strict=True):
            found.append(hands_per_second(playout, per_round, seed + number))
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5, help="the engines take turns")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    playouts: list[Callable[[int, random.Random], None]]
    try:
        import pyspiel  # noqa: F401

        playouts = [playout_ours, playout_ours_in_engine, playout_openspiel]
    except ImportError:
        playouts = [playout_ours, playout_ours_in_engine]
    figures = rounds_in_turn(playouts, args.hands, args.rounds, args.seed)
    played = f"({args.hands:,} random hands in {args.rounds} rounds, the median)"
    names = ["our engine, step by step:", "our engine, its playout:", "OpenSpiel from Python:"]
    for name, found in zip(names, figures, strict=False):
        print(f"{name:<40}{statistics.median(found):10,.0f} hands/s  {played}")
    if len(figures) == 2:
        print(f"{'OpenSpiel:':<40}not installed (pip install open-spiel to compare)")
        return
    for name, ours in (("step by step", figures[0]), ("playout", figures[1])):
        ratios = [mine / theirs for mine, theirs in zip(ours, figures[2], strict=True)]
        print(
            f"{'ratio ours / OpenSpiel, ' + name + ':':<40}{statistics.median(ratios):10.2f}"
            f"  (rounds {min(ratios):.2f}-{max(ratios):.2f})"
        )


if __name__ == "__main__":
    main()
