"""A random playout: the rest of a hand played with uniformly random legal actions, inside the
engine (a mixin of `HandState`).

What Monte Carlo search calls at a leaf, and what the engine's benchmark measures: the same
hand as `while hand.to_act is not None: hand.apply(pick(hand.legal_actions()))`, where `pick`
takes a lone legal action as it is and draws any other with `rng.choice` (the tests check the two
agree action for action under random rule options), without the two calls, the action strings
and the checks of each step. The play of the cards, most of a hand's actions, runs in one loop on
local names; the auction, and the play under a renege rule or call-ace (whose plays are
watched), go step by step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import FOLLOWING
from .cards import LEAD_STRENGTH
from .phases import PLAY_PHASE


class RandomPlayout:
    """A mixin of `HandState` (hand.py); it holds no state itself."""

    __slots__ = ()

    def play_out(self, rng: random.Random) -> None:
        """Finish the hand with uniformly random legal actions drawn from `rng`."""
        choice = rng.choice
        while self.to_act is not None:
            if self.phase == PLAY_PHASE and not self.watch_plays:
                self._play_cards_out(choice)  # to the score (Robson's choice may follow)
            else:
                legal = self.legal_actions()
                self.apply(legal[0] if len(legal) == 1 else choice(legal))

    def _play_cards_out(self, choice: Callable[[list[str]], str]) -> None:
        """The play, no renege rule and no watched card, to the end of the hand: the cards of a
        trick in one loop on local names, its end by `HandState._finish_trick` as in `apply`."""
        self._legal = None
        hands, next_seat = self.hands, self.next_seat
        lead_strength, following_of = LEAD_STRENGTH[self.trump], FOLLOWING[self.trump]
        seat, leader, trick = self.to_act, self.leader, self.trick_cards
        strengths, best, winner = self._strength, self._best, self._winner
        following = self._following
        while True:
            held = hands[seat]
            if trick:
                cards = [*filter(following.__contains__, held)] or held
                card = cards[0] if len(cards) == 1 else choice(cards)
                held.remove(card)
                strength = strengths[card]
                if strength > best:  # the first strongest card takes the trick
                    best, winner = strength, seat
            else:
                card = held[0] if len(held) == 1 else choice(held)
                held.remove(card)
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
