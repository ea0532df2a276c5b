"""A perfect-information solver for the play of one hand: every hand is known.

Euchre's play is at most five tricks of three or four cards, so the whole tree can be searched:
alpha-beta over the cards, a table of bounds at the start of each trick (the cards left and the
leader say everything), equivalent cards (touching cards of one suit in one hand, once the cards
between them are gone) tried once, and cheap moves tried first.

The value is the number of tricks the makers' team still takes with best play by both sides.
Hand points are a non-decreasing function of it (`hand_points`), so the same play is best for
points and for tricks, and the exact count breaks ties between equally scoring plays.
"""

from __future__ import annotations

from .cards import TrumpTables, trump_tables


def hand_points(maker_tricks: int, maker_alone: bool, lone_defender: bool) -> int:
    """The makers' team's score for the hand, negative when euchred (the rules of `hand.py`)."""
    if maker_tricks >= 5:
        return 4 if maker_alone else 2
    if maker_tricks >= 3:
        return 1
    return -4 if lone_defender else -2


class PlaySolver:
    """One fully known deal from a point in its play. `hands[seat]` is a bit mask of the cards
    the seat still holds (0 for a seat sitting out); `next_seat[seat]` is the next seat to play."""

    __slots__ = ("tables", "hands", "next_seat", "players", "maker_team", "memo", "nodes")

    def __init__(
        self,
        trump: str,
        hands: list[int],
        next_seat: list[int],
        players: int,
        maker_team: int,
    ) -> None:
        self.tables: TrumpTables = trump_tables(trump)
        self.hands = hands
        self.next_seat = next_seat
        self.players = players
        self.maker_team = maker_team
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
            won = int(winner % 2 == self.maker_team)
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
        key = rem | leader << 24
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
        return 1 if winner % 2 == self.maker_team else 0

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
        maximizing = seat % 2 == self.maker_team
        last = k + 1 == self.players
        value = -1 if maximizing else 99
        key = ((hand << 24 | live) << 7 | best + 1) << 3 | led + 1 if k else hand << 24 | live
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
                won = 1 if card_winner % 2 == self.maker_team else 0
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
