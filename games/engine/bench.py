"""Random-playout speed: `python -m games.engine.bench [--hands N] [--seed S]`.

Plays N single hands with uniformly random legal actions through our engine and, when the
`open-spiel` package is installed, through OpenSpiel's C++ `euchre` driven from Python, under the
same rules (OpenSpiel's defaults: stick the dealer, no lone defender, the dealer keeps the up card),
and prints hands per second for each and their ratio. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from .cards import DECK
from .deal import Deal
from .hand import HandState
from .rules import RuleOptions

OPENSPIEL_RULES = RuleOptions(
    stick_the_dealer=True, dealer_may_discard_upcard=False, opening_lead="dealer_left"
)


def playout_ours(hands: int, rng: random.Random) -> None:
    rules, deck, choice = OPENSPIEL_RULES, list(DECK), rng.choice
    for number in range(hands):
        rng.shuffle(deck)
        deal = Deal(
            hands=(tuple(deck[0:5]), tuple(deck[5:10]), tuple(deck[10:15]), tuple(deck[15:20])),
            upcard=deck[20],
            kitty=tuple(deck[21:24]),
        )
        hand = HandState(rules, number % 4, deal, number)
        while hand.to_act is not None:
            hand.apply(choice(hand.legal_actions()))


def playout_openspiel(hands: int, rng: random.Random) -> None:
    import pyspiel  # type: ignore[import-not-found]

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
    playout(max(hands // 20, 1), random.Random(seed))  # warm up
    start = time.perf_counter()
    playout(hands, random.Random(seed))
    return hands / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    ours = hands_per_second(playout_ours, args.hands, args.seed)
    print(f"our engine (pure Python):     {ours:10,.0f} hands/s  ({args.hands:,} random hands)")
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        print("OpenSpiel:                    not installed (pip install open-spiel to compare)")
        return
    theirs = hands_per_second(playout_openspiel, args.hands, args.seed)
    print(f"OpenSpiel euchre from Python: {theirs:10,.0f} hands/s  ({args.hands:,} random hands)")
    print(f"ratio ours / OpenSpiel:       {ours / theirs:10.2f}")


if __name__ == "__main__":
    main()
