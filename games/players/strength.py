"""Hand-strength counts for bidding and for going alone: the rules of thumb of the card table.

A suit's strength is a point count: bowers and trumps by rank, off-suit aces, a king guarded by
its ace, and voids that a hand with trumps can ruff. The thresholds that turn a count into a bid
live with the player (`rule_of_thumb.py`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from games.engine.cards import DECK, DECK_INDEX, EFFECTIVE_SUIT, NO_TRUMP, SUITS, TRUMP_ORDER

# by TRUMP_ORDER strength: the Benny 8 (seed 003), right bower 7, left bower 6, A 5, K 4, Q 3,
# 10 2, 9 1, and in the larger decks 8 0, 7 -1 (a low trump among more trumps is worth less)
TRUMP_POINTS = {8: 3.2, 7: 3.0, 6: 2.5, 5: 2.0, 4: 1.5, 3: 1.2, 2: 1.0, 1: 1.0, 0: 0.9, -1: 0.8}
OFF_ACE_POINTS = 1.0
GUARDED_KING_POINTS = 0.5  # a king with its ace: a second trick in the suit, sometimes
VOID_POINTS = 0.5  # a void lets a hand with two or more trumps ruff
MAX_COUNTED_VOIDS = 2

# plain rank order, low to high; the standard ranks keep 0..5 (9 to ace). The Benny ("X", "2")
# is always a trump, so its entry only keeps lookups total.
PLAIN_RANK = {"7": -2, "8": -1, "9": 0, "T": 1, "J": 2, "Q": 3, "K": 4, "A": 5, "2": 0, "X": 0}

# generic worth of a card before trump is known, to choose what to give away when going under
# (the Benny, "XJ" or "2S", is a trump whatever is named)
KEEP_POINTS = {
    "X": 4.0,
    "2": 4.0,
    "J": 3.0,
    "A": 2.5,
    "K": 1.5,
    "Q": 1.0,
    "T": 0.5,
    "9": 0.3,
    "8": 0.2,
    "7": 0.1,
}


def trump_points(card: str, trump: str) -> float:
    strength = TRUMP_ORDER[trump].get(card)
    return TRUMP_POINTS[strength] if strength is not None else 0.0


def suit_strength(cards: Iterable[str], trump: str) -> float:
    """The point count of `cards` if `trump` were trump (a suit, not no trump)."""
    cards = tuple(cards)
    order, effective = TRUMP_ORDER[trump], EFFECTIVE_SUIT[trump]
    points, trumps = 0.0, 0
    held_suits: set[str] = set()
    for card in cards:
        strength = order.get(card)
        if strength is not None:
            points += TRUMP_POINTS[strength]
            trumps += 1
            continue
        suit = effective[card]
        held_suits.add(suit)
        if card[0] == "A":
            points += OFF_ACE_POINTS
        elif card[0] == "K" and "A" + suit in cards:
            points += GUARDED_KING_POINTS
    if trumps >= 2:
        voids = sum(1 for suit in SUITS if suit != trump and suit not in held_suits)
        points += VOID_POINTS * min(voids, MAX_COUNTED_VOIDS)
    return points


def no_trump_tricks(cards: Iterable[str]) -> float:
    """Tricks a hand should take at no trump: its top cards in each suit, in an unbroken run
    from the ace, with a little for a king that is not behind its ace."""
    cards = set(cards)
    tricks = 0.0
    for suit in SUITS:
        run = 0
        for rank in "AKQJT9":
            if rank + suit not in cards:
                break
            run += 1
        tricks += run
        if run == 0 and "K" + suit in cards:
            tricks += 0.4
    return tricks


def top_trump_run(
    cards: Iterable[str],
    trump: str,
    out_of_play: Iterable[str] = (),
    deck: Collection[str] = DECK,
) -> int:
    """How many of the highest trumps the hand holds in an unbroken run from the top (the
    Benny when the deck has one, else the right bower); trumps known to be out of play (the
    turned-down up card, my discard) do not break it."""
    if trump == NO_TRUMP:
        return 0
    held = set(cards)
    gone = set(out_of_play)
    order = TRUMP_ORDER[trump]
    run = 0
    for card in sorted(order, key=order.__getitem__, reverse=True):
        if card not in deck:
            continue
        if card in held:
            run += 1
        elif card not in gone:
            break
    return run


def off_suit_losers(cards: Iterable[str], trump: str) -> int:
    """Off-suit cards that are not sure winners: anything but an ace, or a king behind its ace."""
    cards = tuple(cards)
    order, effective = TRUMP_ORDER[trump], EFFECTIVE_SUIT[trump]
    losers = 0
    for card in cards:
        if card in order or card[0] == "A":
            continue
        if card[0] == "K" and "A" + effective[card] in cards:
            continue
        losers += 1
    return losers


def count_trumps(cards: Iterable[str], trump: str) -> int:
    order = TRUMP_ORDER[trump]
    return sum(card in order for card in cards)


def near_lay_down(
    cards: Collection[str],
    trump: str,
    out_of_play: Iterable[str] = (),
    deck: Collection[str] = DECK,
) -> bool:
    """Three or more trumps with the top one and no off-suit card that can lose, or the two
    top trumps and at most one such card, or five trumps: a hand to play alone. (Looser than
    the card table's "both bowers and the ace": in simulation it scored better.)"""
    if trump == NO_TRUMP:
        return no_trump_tricks(cards) >= 5
    trumps = count_trumps(cards, trump)
    run = top_trump_run(cards, trump, out_of_play, deck)
    losers = off_suit_losers(cards, trump)
    if trumps < 3 or run == 0:
        return False
    return losers == 0 or (run >= 2 and losers <= 1) or trumps >= 5


def card_to_discard(hand: tuple[str, ...] | list[str], trump: str, allowed: list[str]) -> str:
    """Short-suit myself: throw the lowest off-suit card of my shortest suit, keep aces and
    trumps (the lowest trump goes only when nothing else may)."""
    order, effective = TRUMP_ORDER[trump], EFFECTIVE_SUIT[trump]
    suit_lengths: dict[str, int] = {}
    for card in hand:
        suit_lengths[effective[card]] = suit_lengths.get(effective[card], 0) + 1

    def keep_key(card: str) -> tuple[int, int, int, int, int, int]:
        return (
            int(card in order),
            order.get(card, 0),
            int(card[0] == "A"),
            suit_lengths[effective[card]],
            PLAIN_RANK[card[0]],
            DECK_INDEX[card],
        )

    return min(allowed, key=keep_key)


def pickup_strength(
    hand: tuple[str, ...] | list[str], upcard: str, trump: str, may_discard_upcard: bool = True
) -> float:
    """The point count of my cards and the up card but the one I would discard, `trump` being
    trump: the count of whoever takes the up card."""
    six = (*hand, upcard)
    allowed = [card for card in six if may_discard_upcard or card != upcard]
    discard = card_to_discard(six, trump, allowed)
    return suit_strength((card for card in six if card != discard), trump)
