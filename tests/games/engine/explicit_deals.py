"""Explicit deals and scripted hands for the rule tests, so that each test is about one rule.

Seats are 0-3 = N, E, S, W (team = seat % 2, partners sit across, play goes clockwise: seat + 1).
A hand is written as a string of cards, rank then suit: "JS JC AS KS QS".
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine import DECK, PLAY, Deal, HandState, RuleOptions
from games.engine.records import Trick

N, E, S, W = 0, 1, 2, 3


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def make_deal(
    north: str = "",
    east: str = "",
    south: str = "",
    west: str = "",
    *,
    upcard: str,
    kitty: str = "",
) -> Deal:
    """A deal with these hands; seats left empty and the kitty get the remaining cards in deck
    order. Fails unless the result is 24 distinct cards: 5 per seat, the up card, 3 unseen."""
    given = [cards(north), cards(east), cards(south), cards(west)]
    named = [card for hand in given for card in hand] + [upcard, *cards(kitty)]
    assert len(named) == len(set(named)), f"a card is dealt twice: {named}"
    assert set(named) <= set(DECK), f"not a card: {set(named) - set(DECK)}"
    rest = [card for card in DECK if card not in named]
    hands = []
    for hand in given:
        missing = 5 - len(hand)
        hands.append((*hand, *rest[:missing]))
        rest = rest[missing:]
    unseen = cards(kitty) or tuple(rest[:3])
    deal = Deal(hands=tuple(hands), upcard=upcard, kitty=unseen)
    every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
    assert sorted(every) == sorted(DECK), "the deal is not the 24-card deck"
    assert all(len(hand) == 5 for hand in deal.hands)
    return deal


def rotate(deal: Deal, by: int) -> Deal:
    """The same deal turned round the table: seat s's cards go to seat s + by."""
    hands = tuple(deal.hands[(seat - by) % 4] for seat in range(4))
    return Deal(hands=hands, upcard=deal.upcard, kitty=deal.kitty)


def new_hand(deal: Deal, dealer: int = W, **options: object) -> HandState:
    """A hand from an explicit deal: the engine's public `HandState(rules, dealer, deal)`."""
    return HandState(RuleOptions(**options), dealer, deal)  # type: ignore[arg-type]


def act(hand: HandState, *actions: str) -> HandState:
    """Apply the actions in order; the engine raises IllegalAction at the first illegal one."""
    for action in actions:
        hand.apply(action)
    return hand


def play_tricks(hand: HandState, *tricks: str) -> list[Trick]:
    """Play these tricks, each written in play order ("JS 9S TS QS"). Every card must be held by
    the seat to act, so a script also checks who leads and whose turn it is."""
    for trick in tricks:
        for card in cards(trick):
            seat = hand.to_act
            assert seat is not None, f"the hand is over, {card} cannot be played"
            assert card in hand.hands[seat], f"seat {seat} is to act and does not hold {card}"
            hand.apply(PLAY[card])
    return list(hand.tricks)


def play_first_legal(hand: HandState) -> HandState:
    """Play the hand out, each seat choosing its first legal action."""
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    return hand


def plays(actions: Iterable[str]) -> set[str]:
    """The cards of the play actions among `actions`."""
    return {action[5:] for action in actions if action.startswith("play:")}


# ---- ready-made deals ---------------------------------------------------------------------------
# The dealer is West (3), so North (0) bids and leads first. The up card is the nine of hearts:
# everyone passes it, and North names spades in the second round (no pick-up, no discard).
# Spades trump: JS is the right bower, JC the left bower.

TURNED_DOWN_HEARTS = "9H"


def spades_named_by_north(deal: Deal, alone: bool = False, **options: object) -> HandState:
    """Round one passes all round, North names spades and decides alone (or not)."""
    hand = new_hand(deal, W, **options)
    act(hand, "pass", "pass", "pass", "pass", "call:S")
    return act(hand, "alone" if alone else "not_alone")


# North holds the five best spades: any play sweeps.
NORTH_SWEEPS = make_deal(north="JS JC AS KS QS", upcard=TURNED_DOWN_HEARTS)
# East holds the five best spades: the makers (North) take no trick.
EAST_SWEEPS = make_deal(north="9D TD JD QD KD", east="JS JC AS KS QS", upcard=TURNED_DOWN_HEARTS)

# A frame of five scripted tricks (N leads first); the makers (N-S) take tricks 1-3.
MAKE_THREE = make_deal(
    north="JS JC AD 9C JH",
    east="9S TH KD AC AH",
    south="TS KS 9D TC QH",
    west="QS AS QD KC KH",
    upcard=TURNED_DOWN_HEARTS,
    kitty="TD JD QC",
)
MAKE_THREE_TRICKS = (
    "JS 9S TS QS",  # N's right bower takes it
    "JC TH KS AS",  # the left bower beats the ace of trumps
    "AD KD 9D QD",  # N
    "9C AC TC KC",  # E
    "AH QH KH JH",  # E: the jack of hearts is a plain heart under spades
)
# The same frame with E's and S's clubs swapped: S takes the fourth trick, the makers take four.
MAKE_FOUR = make_deal(
    north="JS JC AD 9C JH",
    east="9S TH KD TC AH",
    south="TS KS 9D AC QH",
    west="QS AS QD KC KH",
    upcard=TURNED_DOWN_HEARTS,
    kitty="TD JD QC",
)
MAKE_FOUR_TRICKS = (
    "JS 9S TS QS",
    "JC TH KS AS",
    "AD KD 9D QD",
    "9C TC AC KC",  # S
    "QH KH JH AH",  # S leads its last card, E takes it
)
# The same frame with N's and E's diamonds swapped: the makers take only tricks 1-2.
EUCHRE_TWO = make_deal(
    north="JS JC KD 9C JH",
    east="9S TH AD AC AH",
    south="TS KS 9D TC QH",
    west="QS AS QD KC KH",
    upcard=TURNED_DOWN_HEARTS,
    kitty="TD JD QC",
)
EUCHRE_TWO_TRICKS = (
    "JS 9S TS QS",
    "JC TH KS AS",
    "KD AD 9D QD",  # E
    "AC TC KC 9C",  # E
    "AH QH KH JH",  # E
)
# North alone (South sits out, East leads): North takes the last three tricks with trumps.
ALONE_MAKES_THREE = make_deal(
    north="9D 9C JS JC AS",
    east="AD AC AH QD TD",
    west="KD KC KH QC TC",
    upcard=TURNED_DOWN_HEARTS,
)
ALONE_MAKES_THREE_TRICKS = (
    "AD KD 9D",  # E, W, N (S sits out)
    "AC KC 9C",
    "AH KH JS",  # N is void in hearts and trumps
    "JC QD QC",
    "AS TD TC",
)


# ---- whole games from planned hands -------------------------------------------------------------
# Each planned hand is (maker seat, kind): the maker names spades in round two and goes alone.
# "lone_march" deals it the five best spades (4 points); "lone_make" deals it ALONE_MAKES_THREE
# (3 tricks, 1 point). The deals are turned round the table so that the maker holds them.

PLANNED_DEALS = {"lone_march": NORTH_SWEEPS, "lone_make": ALONE_MAKES_THREE}


def plan_deals(monkeypatch, plan: list[tuple[int, str]]) -> None:
    """Make games deal the planned hands (hand number n gets plan[n]) instead of shuffling."""
    import games.engine.game as game_module

    shuffled = game_module.deal_hand

    def planned(seed: int | str, number: int, rules=None) -> Deal:
        if number < len(plan):
            maker, kind = plan[number]
            return rotate(PLANNED_DEALS[kind], maker)
        return shuffled(seed, number) if rules is None else shuffled(seed, number, rules)

    monkeypatch.setattr(game_module, "deal_hand", planned)


def play_planned_hand(state, maker: int, kind: str) -> None:
    """Bid and play one planned hand of a GameState (see PLANNED_DEALS)."""
    hand = state.hand
    for _ in range(4):
        state.apply("pass")
    while state.to_act != maker:
        state.apply("pass")
    state.apply("call:S")
    state.apply("alone")
    if kind == "lone_make":
        for trick in ALONE_MAKES_THREE_TRICKS:
            for card in cards(trick):
                state.apply(PLAY[card])
    else:
        while not hand.is_over:
            state.apply(state.legal_actions()[0])
    assert hand.is_over
