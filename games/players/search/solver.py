"""A perfect-information solver for the play of one hand: every hand is known.

Euchre's play is five tricks (seven in seed 004's three-person game) of two, three or four
cards, so the whole tree can be searched: alpha-beta over the cards, a table of bounds at the
start of each trick (the cards left and the leader say everything), equivalent cards (touching
cards of one suit in one hand, once the cards between them are gone) tried once, and cheap
moves tried first. Only cards that follow suit are searched: with a renege rule on, those are
the honest plays, the only ones a computer makes.

The value is the number of tricks the makers' side still takes with best play by both sides:
the makers are a team, a lone maker, or in call-ace the maker and the partner of this deal.
Hand points are a non-decreasing function of it (`Stakes.points`), so the same play is best for
points and for tricks, and the exact count breaks ties between equally scoring plays.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from games.engine import RuleOptions
from games.engine.scoring import BLIND_EUCHRE_POINTS, BLIND_MARCH_POINTS

from .cards import TrumpTables


@dataclass(frozen=True, slots=True)
class Stakes:
    """What one hand is worth to the makers' side, by the tricks it takes: positive when the
    makers score, negative (the defenders' points) when they are euchred. Every variant
    scores the same way from either side's seat: without partners each maker gets the
    points, or each defender the euchre points (the house reading of seed 003)."""

    hand_size: int = 5
    to_make: int = 3
    make: int = 1
    march: int = 2
    euchre: int = -2

    def points(self, maker_tricks: int) -> int:
        if maker_tricks >= self.hand_size:
            return self.march
        if maker_tricks >= self.to_make:
            return self.make
        return self.euchre


def stakes_for(
    rules: RuleOptions, maker_alone: bool, lone_defender: bool, blind_alone: bool = False
) -> Stakes:
    """The engine's scoring (scoring.py): a march 2, alone 4; a euchre 2, against a lone
    defender 4; Robson's blind loner 5 for every trick, else 1 to the defenders."""
    size, to_make = rules.hand_size, rules.tricks_to_make
    if blind_alone:
        return Stakes(size, size, BLIND_MARCH_POINTS, BLIND_MARCH_POINTS, -BLIND_EUCHRE_POINTS)
    return Stakes(size, to_make, 1, 4 if maker_alone else 2, -4 if lone_defender else -2)


STANDARD = RuleOptions()


def hand_points(maker_tricks: int, maker_alone: bool, lone_defender: bool) -> int:
    """The makers' team's score for a hand of the standard game, negative when euchred."""
    return stakes_for(STANDARD, maker_alone, lone_defender).points(maker_tricks)


class PlaySolver:
    """One fully known deal from a point in its play. `hands[seat]` is a bit mask of the cards
    the seat still holds (0 for a seat sitting out); `next_seat[seat]` is the next seat to play;
    `makers` are the seats of the makers' side."""

    __slots__ = ("tables", "hands", "next_seat", "players", "side", "shift", "memo", "nodes")

    def __init__(
        self,
        tables: TrumpTables,
        hands: list[int],
        next_seat: list[int],
        players: int,
        makers: Collection[int],
    ) -> None:
        self.tables = tables
        self.hands = hands
        self.next_seat = next_seat
        self.players = players
        # side[seat]: 1 for a maker (maximises the makers' tricks), 0 for a defender
        self.side = [int(seat in makers) for seat in range(len(hands))]
        self.shift = tables.width  # keys: the leader (or the hand) above the cards' bits
        self.memo: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    # ---- the public face -------------------------------------------------------------------

    def solve(self, leader: int, trick: list[tuple[int, int]]) -> int:
        """Tricks the makers take from here (the current trick included) with best play."""
        rem, live = self._rem(trick)
        if not trick:
            left = (self.hands[leader] & rem).bit_count()
            return self._search(rem, leader, 0, left + 1)
        seat, led, best, winner = self._trick_state(trick)
        return self._play(rem, live, seat, len(trick), led, best, winner, -1, 99)

    def solve_moves(self, seat: int, trick: list[tuple[int, int]]) -> dict[int, int]:
        """For each card (index) the seat to act may play: the makers' tricks from here after
        it, with best play afterwards."""
        return {card: self._after(card, seat, trick, -1, 99) for card in self.moves(seat, trick)}

    def move_classes(
        self, seat: int, trick: list[tuple[int, int]], cuts: tuple[int, ...]
    ) -> dict[int, int]:
        """For each card the seat may play: how many of `cuts` (increasing counts of the makers'
        tricks from here) best play reaches after it. Cheaper than exact counts: each cut is
        a null-window search."""
        classes = {}
        for card in self.moves(seat, trick):
            reached = 0
            for cut in cuts:
                if self._after(card, seat, trick, cut - 1, cut) < cut:
                    break
                reached += 1
            classes[card] = reached
        return classes

    def reaches(self, leader: int, cut: int) -> bool:
        """Whether the makers take at least `cut` tricks from the start of a trick."""
        rem, _ = self._rem([])
        if cut <= 0:
            return True
        return self._search(rem, leader, cut - 1, cut) >= cut

    def moves(self, seat: int, trick: list[tuple[int, int]]) -> list[int]:
        rem, _ = self._rem(trick)
        hand = self.hands[seat] & rem
        if trick:
            follow = hand & self.tables.suit_mask[self.tables.suit[trick[0][1]]]
            hand = follow or hand
        return _cards(hand)

    def _after(
        self, card: int, seat: int, trick: list[tuple[int, int]], alpha: int, beta: int
    ) -> int:
        """The makers' tricks from here when `seat` plays `card` now (fail-soft in the window)."""
        tables = self.tables
        rem, live = self._rem(trick)
        bit = 1 << card
        k = len(trick)
        if k == 0:
            led = tables.suit[card]
            best, winner = tables.strength[led][card], seat
        else:
            _, led, best, winner = self._trick_state(trick)
            strength = tables.strength[led][card]
            if strength > best:
                best, winner = strength, seat
        if k + 1 == self.players:
            won = self.side[winner]
            return won + self._search(rem ^ bit, winner, alpha - won, beta - won)
        return self._play(
            rem ^ bit, live, self.next_seat[seat], k + 1, led, best, winner, alpha, beta
        )

    # ---- the search ------------------------------------------------------------------------

    def _rem(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        rem = 0
        for hand in self.hands:
            rem |= hand
        live = rem
        for _, card in trick:
            live |= 1 << card
        return rem, live

    def _trick_state(self, trick: list[tuple[int, int]]) -> tuple[int, int, int, int]:
        tables = self.tables
        led = tables.suit[trick[0][1]]
        best, winner = -1, trick[0][0]
        for seat, card in trick:
            strength = tables.strength[led][card]
            if strength > best:
                best, winner = strength, seat
        return self.next_seat[trick[-1][0]], led, best, winner

    def _search(self, rem: int, leader: int, alpha: int, beta: int) -> int:
        """Makers' tricks from the start of a trick: fail-soft alpha-beta with a bounds table."""
        if not rem:
            return 0
        key = rem | leader << self.shift
        bounds = self.memo.get(key)
        if bounds is not None:
            low, high = bounds
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            left = (self.hands[leader] & rem).bit_count()
            if left == 1:
                return self._last_trick(rem, leader)
            if left <= alpha:
                return left  # even every trick left would not raise alpha
            if beta <= 0:
                return 0
            low, high = 0, left
        value = self._play(rem, rem, leader, 0, -1, -1, leader, alpha, beta)
        if value <= alpha:
            high = value
        elif value >= beta:
            low = value
        else:
            low = high = value
        self.memo[key] = (low, high)
        return value

    def _last_trick(self, rem: int, leader: int) -> int:
        tables, hands = self.tables, self.hands
        card = (hands[leader] & rem).bit_length() - 1
        strength = tables.strength[tables.suit[card]]
        best, winner, seat = strength[card], leader, self.next_seat[leader]
        while seat != leader:
            card = (hands[seat] & rem).bit_length() - 1
            if strength[card] > best:
                best, winner = strength[card], seat
            seat = self.next_seat[seat]
        return self.side[winner]

    def _play(
        self,
        rem: int,
        live: int,
        seat: int,
        k: int,
        led: int,
        best: int,
        winner: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        tables = self.tables
        hand = self.hands[seat] & rem
        if k:
            follow = hand & tables.suit_mask[led]
            if follow:
                hand = follow
        maximizing = self.side[seat]
        last = k + 1 == self.players
        value = -1 if maximizing else 99
        shift = self.shift
        key = ((hand << shift | live) << 7 | best + 1) << 3 | led + 1 if k else hand << shift | live
        cache = tables.moves
        moves = cache.get(key)
        if moves is None:
            if len(cache) > MOVE_CACHE_SIZE:
                cache.clear()
            moves = cache[key] = _distinct_moves(tables, hand, live, led if k else -1, best)
        for card in moves:
            bit = 1 << card
            if k:
                strength = tables.strength[led][card]
                if strength > best:
                    card_led, card_best, card_winner = led, strength, seat
                else:
                    card_led, card_best, card_winner = led, best, winner
            else:
                card_led = tables.suit[card]
                card_best, card_winner = tables.strength[card_led][card], seat
            if last:
                won = self.side[card_winner]
                child = rem ^ bit
                if child:
                    score = won + self._search(child, card_winner, alpha - won, beta - won)
                else:
                    score = won
            else:
                score = self._play(
                    rem ^ bit,
                    live,
                    self.next_seat[seat],
                    k + 1,
                    card_led,
                    card_best,
                    card_winner,
                    alpha,
                    beta,
                )
            if maximizing:
                if score > value:
                    value = score
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif score < value:
                value = score
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return value


MOVE_CACHE_SIZE = 400_000  # entries kept per trump: the same hands and tricks come back often


def _cards(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def _distinct_moves(tables: TrumpTables, moves: int, live: int, led: int, best: int) -> list[int]:
    """One card of each run of equivalent cards (touching cards of one suit in this hand, once
    the cards between them are gone), in a good order to try: when following, the cheapest
    card that takes the trick first, then the cheapest that does not; when leading, the
    strongest first."""
    runs: list[int] = []
    above = tables.above
    rest = moves
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        for higher in above[card]:
            if live & higher:
                if not moves & higher:
                    runs.append(card)
                break  # else the next live card above is mine too: this one is equivalent
        else:
            runs.append(card)
    if len(runs) < 2:
        return runs
    if led < 0:
        strength = tables.strength
        suit = tables.suit
        runs.sort(key=lambda c: -strength[suit[c]][c])
        return runs
    strength_led = tables.strength[led]
    runs.sort(key=strength_led.__getitem__)
    winners = [c for c in runs if strength_led[c] > best]
    if not winners:
        return runs
    return winners + [c for c in runs if strength_led[c] <= best]
