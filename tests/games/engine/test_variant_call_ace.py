"""Call-Ace Euchre (seed 003): after trump is made (and the dealer has discarded) the maker calls
an ace or goes alone; the holder of the called ace, or of the highest card of that suit, is the
secret partner; scores are kept per player."""

from __future__ import annotations

import pytest

from games.engine import DISCARD, PLAY, GameState, IllegalAction
from games.engine.view import seat_view

from .explicit_deals import act, play_first_legal, play_tricks
from .variant_deals import deal_for, hand_for, name_trump, plan_deals, rules

CALL_ACE = rules(variant="call_ace")
PRINTED = rules(variant="call_ace", call_ace_printed_suit=True)

# Dealer 3: seat 0 bids first and leads (seats left short are filled up in deck order).
ACES_HELD = deal_for(
    CALL_ACE,
    "JS JC AS KS 9D",
    "AD KD QS TC 9C",
    "AC KC QC TH QH",
    "AH KH JH TD QD",
    upcard="9H",
    kitty="9S TS JD",
)
# Spades trump: the maker (0) holds the three best; the holder of the ace of hearts (1) takes
# the last trick, the makers take four. The ace of diamonds (2) falls in the first trick.
MAKE = deal_for(
    CALL_ACE,
    "JS JC AS 9D 9C",
    "AH 9H TH KS JH",
    "AD KD QD AC KC",
    "QS TS QH KH JD",
    upcard="TD",
    kitty="9S TC QC",
)
MAKE_TRICKS = ("JS KS AD TS", "JC JH KD QS", "AS 9H QD QH", "9D TH AC JD", "KH 9C AH KC")
# Spades called as the ace's suit with the ace of spades unseen: the left bower (1), the king (3)
# and the ten and nine (2) are the other spades by play; by print the left bower is a club.
LEFT_BOWER_FIRST = deal_for(
    CALL_ACE,
    "QS 9D TD 9C 9H",
    "JC AH KH QH TH",
    "9S TS QD KD AD",
    "KS JH TC QC KC",
    upcard="JD",
    kitty="AS JS AC",
)
# The same with the right bower (2) in play instead of the nine of spades.
RIGHT_BOWER_FIRST = deal_for(
    CALL_ACE,
    "QS 9D TD 9C 9H",
    "JC AH KH QH TH",
    "JS TS QD KD AD",
    "KS JH TC QC KC",
    upcard="JD",
    kitty="AS 9S AC",
)
# Clubs called under spades with the ace, king and queen of clubs unseen: the jack of clubs (1)
# is the left bower, a trump; the ten (3) and the nine (2) are the clubs in play.
CLUBS_UNDER_SPADES = deal_for(
    CALL_ACE,
    "JS AS KS QS 9D",
    "JC AH KH QH TH",
    "9C 9S TS QD KD",
    "TC JH 9H AD TD",
    upcard="JD",
    kitty="AC KC QC",
)
# Spades called with the ace unseen, the joker as Benny (3) and the right bower (2) in play.
JOKER_CALL_ACE = rules(variant="call_ace", benny="joker")
JOKER_PRINTED = rules(variant="call_ace", benny="joker", call_ace_printed_suit=True)
BENNY_FIRST = deal_for(
    JOKER_CALL_ACE,
    "QS 9D TD 9C 9H",
    "JC AH KH QH TH",
    "JS TS QD KD AD",
    "XJ JH TC QC KC",
    upcard="JD",
    kitty="AS 9S AC KS",
)
# Spades called with the two of spades as Benny (1): in play it beats the left bower (2); by
# print it is the only spade the others hold.
TWO_CALL_ACE = rules(variant="call_ace", benny="two_of_spades")
TWO_PRINTED = rules(variant="call_ace", benny="two_of_spades", call_ace_printed_suit=True)
ONLY_THE_TWO = deal_for(
    TWO_CALL_ACE,
    "QS KS 9D 9C 9H",
    "2S AH KH QH TH",
    "TD QD KD AD JC",
    "JH QC KC JD AC",
    upcard="TC",
    kitty="AS JS 9S TS",
)
# The maker (0) holds every heart in play; the ace is unseen and the left bower turned down.
NO_OTHER_HEARTS = deal_for(CALL_ACE, "9H TH JH QH KH", upcard="JD", kitty="AH")
SWEEP = deal_for(CALL_ACE, "JS JC AS KS QS", "9H 9D 9C TD TC", "AH", upcard="JD")
SWEPT = deal_for(CALL_ACE, "9D TD 9C TC 9H", "JS JC AS KS QS", "", "AD", upcard="JD", kitty="AH")


def spades_by_seat_0(deal, table=CALL_ACE):
    hand = hand_for(table, deal, dealer=3)
    name_trump(hand, 0, "S")
    return hand


def test_the_maker_calls_an_ace_or_alone_after_trump_is_named():
    """seed 003 line 48: 'After the bidding, the maker chooses a suit (Fig. 12).'"""
    hand = spades_by_seat_0(ACES_HELD)
    assert (hand.phase, hand.to_act, hand.trump) == ("call_ace", 0, "S")
    assert "not_alone" not in hand.legal_actions() and "alone" in hand.legal_actions()


def test_after_an_order_up_the_dealer_discards_before_the_maker_calls():
    """seed 003 line 11: 'If a trump is made during the first bidding, the dealer can exchange the
    upcard with any other card in their hand.' Then (line 48) the maker chooses a suit."""
    hand = hand_for(CALL_ACE, ACES_HELD, dealer=3)
    act(hand, "pass", "order_up")  # seat 1 orders hearts up; the dealer (3) takes the nine
    assert (hand.phase, hand.to_act) == ("discard", 3)
    act(hand, DISCARD["TD"])
    assert (hand.phase, hand.to_act, hand.maker) == ("call_ace", 1, 1)
    assert sorted(hand.legal_actions()) == ["ace:C", "ace:H", "ace:S", "alone"]  # 1 holds AD


def test_the_suit_of_an_ace_the_maker_holds_cannot_be_called():
    """seed 003 line 48: 'If the maker has aces in the hand, they cannot choose the suits of the
    aces.'"""
    hand = spades_by_seat_0(ACES_HELD)  # the maker holds the ace of spades
    assert sorted(hand.legal_actions()) == ["ace:C", "ace:D", "ace:H", "alone"]
    with pytest.raises(IllegalAction, match="ace"):
        hand.apply("ace:S")


@pytest.mark.parametrize("ordered", [True, False])
def test_the_suit_of_an_ace_turned_up_cannot_be_called(ordered):
    """seed 003 line 48: 'Moreover, if the upcard is an ace, the suit of the ace cannot be chosen.'
    Whether the dealer took the ace or it was turned down."""
    deal = deal_for(CALL_ACE, "JS JC KS 9D 9C", "", "", "9H TH QH KD QD", upcard="AH")
    hand = hand_for(CALL_ACE, deal, dealer=3)
    if ordered:
        act(hand, "order_up", DISCARD["9H"])  # hearts trump, the dealer holds the ace
    else:
        name_trump(hand, 0, "S")
    assert hand.phase == "call_ace" and hand.to_act == 0
    assert sorted(hand.legal_actions()) == ["ace:C", "ace:D", "ace:S", "alone"]
    with pytest.raises(IllegalAction, match="turned up"):
        hand.apply("ace:H")


@pytest.mark.parametrize(("suit", "holder"), [("D", 1), ("C", 2), ("H", 3)])
def test_the_holder_of_the_called_ace_is_the_partner(suit, holder):
    """seed 003 line 48: 'The player holding the ace of the chosen suit becomes the partner of the
    maker.'"""
    hand = spades_by_seat_0(ACES_HELD)
    hand.apply(f"ace:{suit}")
    assert hand.phase == "play" and hand.to_act == 0  # the dealer's left leads
    assert (hand.called_suit, hand.partner) == (suit, holder)
    assert hand.makers == (0, holder)


@pytest.mark.parametrize(
    ("deal", "suit", "table", "partner"),
    [
        # as in play, spades trump: right bower, left bower, ace, king, queen, ten, nine
        (LEFT_BOWER_FIRST, "S", CALL_ACE, 1),  # the left bower beats the king
        (RIGHT_BOWER_FIRST, "S", CALL_ACE, 2),  # the right bower beats the left
        (CLUBS_UNDER_SPADES, "C", CALL_ACE, 3),  # the jack of clubs is a trump, not a club
        # by the printed suit: A K Q J 10 9, the jacks in their own suits
        (LEFT_BOWER_FIRST, "S", PRINTED, 3),  # the king of spades; the jack of clubs is a club
        (RIGHT_BOWER_FIRST, "S", PRINTED, 3),  # the king beats the jack of spades
        (CLUBS_UNDER_SPADES, "C", PRINTED, 1),  # the jack of clubs beats the ten
        # the Benny is the best trump in play; by print the joker is no spade
        (BENNY_FIRST, "S", JOKER_CALL_ACE, 3),
        (BENNY_FIRST, "S", JOKER_PRINTED, 2),
        # the two of spades Benny: the best trump in play; by print a spade, the lowest
        (ONLY_THE_TWO, "S", TWO_CALL_ACE, 1),
        (ONLY_THE_TWO, "S", TWO_PRINTED, 1),
    ],
)
def test_nobody_holds_the_ace_the_highest_card_of_the_suit_makes_the_partner(
    deal, suit, table, partner
):
    """seed 003 line 48: 'If no one has the ace, the player with the highest-ranking card (e.g.,
    K, Q, …) of the suit becomes the partner.' Reading: ranked as in play (the left bower is a
    trump) unless `call_ace_printed_suit`."""
    hand = spades_by_seat_0(deal, table)
    assert "A" + suit in deal.kitty
    hand.apply(f"ace:{suit}")
    assert hand.partner == partner and hand.makers == (0, partner)


def test_nobody_else_holds_the_suit_the_maker_plays_without_partner_and_not_alone():
    """seed 003 line 48: 'the player with the highest-ranking card ... of the suit becomes the
    partner.' Reading: with no such player the maker has no partner, scored as not alone."""
    hand = hand_for(CALL_ACE, NO_OTHER_HEARTS, dealer=3)
    name_trump(hand, 0, "H")  # the jack of diamonds was turned down: no left bower in play
    hand.apply("ace:H")
    assert hand.partner is None and hand.makers == (0,) and not hand.maker_alone
    play_first_legal(hand)
    assert (hand.outcome, hand.points_by_scorer) == ("march", [2, 0, 0, 0])


def test_alone_the_maker_plays_against_three_and_nobody_sits_out():
    """seed 003 line 48: 'If "alone" is selected, the maker plays without a partner.' (line 15:
    'If "alone" is selected, the left player of a maker leads a card.') Line 32: '5 (alone
    march) +4'."""
    hand = spades_by_seat_0(SWEEP)
    hand.apply("alone")
    assert hand.maker_alone and hand.partner is None and hand.called_suit is None
    assert hand.active == [True] * 4 and hand.leader == 1
    play_first_legal(hand)
    assert all(len(trick.plays) == 4 for trick in hand.tricks)
    assert (hand.outcome, hand.points_by_scorer) == ("march", [4, 0, 0, 0])


def test_maker_and_partner_each_score_a_make():
    """seed 003 line 50: 'The scoring method is the same as Euchre' ('3-4 +1'); each player
    keeps a score, and the partner scores with the maker."""
    hand = spades_by_seat_0(MAKE)
    hand.apply("ace:H")
    play_tricks(hand, *MAKE_TRICKS)
    assert [trick.winner for trick in hand.tricks] == [0, 0, 0, 3, 1]
    assert (hand.outcome, hand.points_by_scorer) == ("make", [1, 1, 0, 0])


def test_maker_and_partner_each_score_a_march():
    """seed 003 line 31: '5 (march) +2'."""
    hand = spades_by_seat_0(SWEEP)
    hand.apply("ace:H")
    assert hand.partner == 2
    play_first_legal(hand)
    assert (hand.outcome, hand.points_by_scorer) == ("march", [2, 0, 2, 0])


def test_each_defender_scores_a_euchre():
    """seed 003 line 29: '0-2 (euchre) +2' for the defenders — here each of them."""
    hand = spades_by_seat_0(SWEPT)
    hand.apply("ace:D")
    assert hand.makers == (0, 3)  # seat 3 holds the ace of diamonds; seat 1 every best spade
    play_first_legal(hand)
    assert hand.tricks_by_seat == [0, 5, 0, 0]
    assert (hand.outcome, hand.points_by_scorer) == ("euchre", [0, 2, 2, 0])


def known_partner(hand, seat):
    return seat_view(_Table(hand), seat).partner


class _Table:
    """The least a seat view needs around a hand."""

    def __init__(self, hand):
        self.rules, self.hand = hand.rules, hand
        self.scores, self.winner, self.public_records, self.dealer_draw = [0] * 4, None, [], None

    @property
    def to_act(self):
        return self.hand.to_act

    def legal_actions(self):
        return self.hand.legal_actions()


def test_only_the_ace_holder_knows_the_partner_until_the_ace_is_played():
    """seed 003 line 48: 'The player holding the ace of the chosen suit becomes the partner' —
    a secret partner: the others learn it when the ace falls."""
    hand = spades_by_seat_0(MAKE)
    hand.apply("ace:D")  # seat 2 holds the ace of diamonds
    assert [known_partner(hand, seat) for seat in range(4)] == [None, None, 2, None]
    assert known_partner(hand, None) is None
    hand.apply(PLAY["JS"])
    hand.apply(PLAY["KS"])
    assert known_partner(hand, 3) is None
    hand.apply(PLAY["AD"])  # seat 2, void in spades, plays the called ace
    assert [known_partner(hand, seat) for seat in (0, 1, 2, 3, None)] == [2] * 5


def test_a_partner_by_the_highest_card_does_not_know_it_until_that_card_is_played():
    """seed 003 line 48: 'If no one has the ace, the player with the highest-ranking card ... of
    the suit becomes the partner.' Nobody, the partner included, knows it before that card."""
    hand = spades_by_seat_0(LEFT_BOWER_FIRST)
    hand.apply("ace:S")
    assert hand.partner == 1
    assert [known_partner(hand, seat) for seat in range(4)] == [None] * 4
    hand.apply(PLAY["QS"])
    assert known_partner(hand, 1) is None
    hand.apply(PLAY["JC"])  # the left bower: seat 1's highest spade, and its only trump
    assert [known_partner(hand, seat) for seat in range(4)] == [1] * 4


def test_the_partner_is_public_in_the_finished_hands_record():
    hand = spades_by_seat_0(SWEEP)
    hand.apply("ace:H")
    play_first_legal(hand)
    public = hand.record(score_after=(2, 0, 2, 0)).public()
    assert (public.called_suit, public.partner) == ("H", 2)
    assert known_partner(hand, 1) == 2  # the hand is over: everybody may know


def test_a_tie_at_the_top_of_the_players_scores_plays_on(monkeypatch):
    """seed 003 line 38: 'The game ends when a team reaches 10 points.' Maker and partner score
    together: reaching 10 together is a tie, and the game goes on until one player leads."""
    plan_deals(monkeypatch, [SWEEP] * 6)
    state = GameState(CALL_ACE, seed=7)
    for call in ["ace:H"] * 5 + ["alone"]:
        assert state.winner is None
        name_trump(state, 0, "S")
        state.apply(call)
        while state.hand.phase == "play":
            state.apply(state.legal_actions()[0])
    assert [record.score_after for record in state.records] == [
        (2, 0, 2, 0),
        (4, 0, 4, 0),
        (6, 0, 6, 0),
        (8, 0, 8, 0),
        (10, 0, 10, 0),
        (14, 0, 10, 0),
    ]
    assert state.winner == 0
