"""A random playout: the rest of a hand played with uniformly random legal actions, inside the
engine (a mixin of `HandState`).

What Monte Carlo search calls at a leaf, and what the engine's benchmark measures: the same
hand as `while hand.to_act is not None: hand.apply(pick(hand.legal_actions()))`, where `pick`
takes a lone legal action as it is and draws any other with `rng.choice` (the tests check the two
agree action for action under random rule options), without the two calls, the action strings
and the checks of each step. The play of the cards, most of a hand's actions, runs in one loop on
local names; a bid goes straight to what `apply` does with it once checked (round one's two
bids without even a list); the play under a renege rule or call-ace (whose plays are watched)
goes through `apply`.

The draws are `random.Random.choice`'s: `choice(seq)` is `seq[rng._randbelow(len(seq))]`, and
`_randbelow(n)` draws `n.bit_length()` random bits until they make a number below `n`, which the
card loop inlines. The same bits give the same action. A generator whose `choice` draws some
other way (it overrides `random` and not `getrandbits`) goes step by step with its `choice`.
Together these took the benchmark's playout from 1.85-1.91 times OpenSpiel's hands a second to
2.07-2.14 (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import FOLLOWING, ORDER_UP, PASS
from .cards import LEAD_STRENGTH
from .phases import BID1, PLAY_PHASE

if TYPE_CHECKING:
    from .hand_fields import HandFields
else:
    HandFields = object  # at run time a plain mixin (hand_fields.pyi)

BITS_BELOW = tuple(n.bit_length() for n in range(9))  # `n.bit_length()`, for a hand's sizes
FIRST_ROUND = (PASS, ORDER_UP)  # the legal bids of round one with no kitty option, in order


def draws_like_choice(rng: random.Random) -> bool:
    """Whether `rng.choice` is `_randbelow` over `getrandbits`, which the loop inlines
    (`random.Random` and a subclass that keeps its `getrandbits`)."""
    # private to CPython's `random` (typeshed has neither)
    return type(rng)._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


class RandomPlayout(HandFields):
    """A mixin of `HandState` (hand.py); it holds no state itself."""

    __slots__ = ()

    def play_out(self, rng: random.Random) -> None:
        """Finish the hand with uniformly random legal actions drawn from `rng`."""
        if not draws_like_choice(rng):  # a generator of its own: its `choice`, step by step
            while self.to_act is not None:
                legal = self.legal_actions()
                self.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
            return
        randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # as above
        plain_first_round = not self.kitty_options
        self._legal = None  # never asked for below: `apply`'s checks are what is skipped
        while self.to_act is not None:
            phase = self.phase
            if phase == PLAY_PHASE and not self.watch_plays:
                self._play_cards_out(rng.getrandbits)  # to the score (Robson may follow)
            elif phase == BID1 and plain_first_round:  # most of an auction's actions
                self._bid_round_one(self.to_act, FIRST_ROUND[randbelow(2)])
            elif phase == PLAY_PHASE:  # watched plays: through `apply`
                legal = self.legal_actions()
                self.apply(legal[0] if len(legal) == 1 else legal[randbelow(len(legal))])
            else:  # what `apply` does with a bid once it has checked it
                legal = self._bidding_actions()
                action = legal[0] if len(legal) == 1 else legal[randbelow(len(legal))]
                self._apply_bidding(phase, self.to_act, action)

    def _play_cards_out(self, getrandbits: Callable[[int], int]) -> None:
        """The play, no renege rule and no watched card, to the end of the hand: the cards of a
        trick in one loop on local names, its end by `HandState._finish_trick` as in `apply`."""
        self._legal = None
        hands, next_seat, bits_below = self.hands, self.next_seat, BITS_BELOW
        # The play is on: trump is named, a seat is to act, a trick has its leader, and a card
        # led sets the tables that the cards following it read (the ignores: hand_fields.pyi).
        seat: int
        leader: int
        strengths: dict[str, int]
        following: dict[str, str]
        lead_strength = LEAD_STRENGTH[self.trump]  # type: ignore[index]
        following_of = FOLLOWING[self.trump]  # type: ignore[index]
        seat, leader, trick = self.to_act, self.leader, self.trick_cards  # type: ignore[assignment]
        strengths, best, winner = self._strength, self._best, self._winner  # type: ignore[assignment]
        following = self._following  # type: ignore[assignment]
        while True:
            held = hands[seat]
            cards = ([*filter(following.__contains__, held)] or held) if trick else held
            count = len(cards)
            if count == 1:
                card = cards[0]
            else:  # `choice(cards)`, inlined (see the module's docstring)
                bits = bits_below[count]
                drawn = getrandbits(bits)
                while drawn >= count:
                    drawn = getrandbits(bits)
                card = cards[drawn]
            held.remove(card)
            if trick:
                strength = strengths[card]
                if strength > best:  # the first strongest card takes the trick
                    best, winner = strength, seat
            else:
                strengths, following = lead_strength[card], following_of[card]
                best, winner = strengths[card], seat
            trick.append(card)
            seat = next_seat[seat]
            if seat != leader:
                continue
            self._strength, self._best, self._winner = strengths, best, winner
            self._finish_trick()  # the next leader to act, or the score
            if self.phase != PLAY_PHASE:
                return
            leader = seat = winner
            trick = self.trick_cards
