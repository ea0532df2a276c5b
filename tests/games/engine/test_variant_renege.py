"""Reneging (seeds 003 and 004): with a renege rule on, a card that does not follow suit may be
played; it is found at the end of its trick and punished under the table's reading — the
opponents take every trick (seed 003), two points to the opposing team (seed 004), or the game
is forfeit (seed 004's cut-throat variation)."""

from __future__ import annotations

import pytest

from games.engine import PLAY, GameState, IllegalAction, Renege, RuleOptions

from .explicit_deals import E, N, S, W, make_deal, new_hand
from .option_helpers import deal_of, name_trump_in_round_two, plan_game, play_cards, table, view

NS, EW = 0, 1

# West deals, hearts are turned down and North names spades. East and South each hold a diamond.
DIAMONDS = make_deal(
    north="JS JC AS AD KD",
    east="QD TC KC AC AH",
    south="9S TS QS 9D TH",
    west="KS JH QH KH TD",
    upcard="9H",
)
EAST_RENEGES = "AD AC 9D TD"  # East holds the queen of diamonds and plays a club
SOUTH_RENEGES = "AD QD 9S TD"  # South holds the nine of diamonds and trumps


def spades_by_north(renege: str, alone: bool = False):
    hand = new_hand(DIAMONDS, W, renege=renege)
    name_trump_in_round_two(hand, N, "S")
    hand.apply("alone" if alone else "not_alone")
    return hand


def test_with_renege_on_any_card_is_legal_but_only_following_is_honest():
    """seed 004 line 31: 'When a player does have a card of the same suit as the first one played,
    but does not play it, the player has reneged' — a renege is possible (and punished), so every
    card is legal; the honest actions, what a computer player chooses from, follow suit."""
    state = table(RuleOptions(renege="all_tricks"), DIAMONDS, W)
    name_trump_in_round_two(state, N, "S")
    state.apply("not_alone")
    state.apply(PLAY["AD"])
    assert sorted(state.legal_actions()) == sorted(PLAY[card] for card in DIAMONDS.hands[E])
    assert state.hand.honest_actions() == [PLAY["QD"]]
    east = view(state, E)
    assert east.honest_actions == (PLAY["QD"],) and len(east.legal_actions) == 5
    assert view(state, N).honest_actions == ()  # not North's turn
    # without the rule the same card is refused
    strict = spades_by_north("off")
    strict.apply(PLAY["AD"])
    assert strict.honest_actions() == strict.legal_actions() == [PLAY["QD"]]
    with pytest.raises(IllegalAction, match="You must follow suit"):
        strict.apply(PLAY["AC"])


def test_a_renege_is_found_at_the_end_of_its_trick():
    """seed 004 line 31: 'the player has reneged, which awards the opposing team points and ends
    the round.' — the trick is finished first, then the round ends."""
    hand = spades_by_north("two_points")
    play_cards(hand, "AD AC")
    assert hand.phase == "play" and hand.renege is None and hand.to_act == S
    play_cards(hand, "9D TD")
    assert hand.is_over and len(hand.tricks) == 1
    assert hand.renege == Renege(E, 0, "AC", "two_points")
    assert hand.outcome == "renege"


@pytest.mark.parametrize(
    ("trick", "alone", "outcome_points"),
    [
        (EAST_RENEGES, False, [2, 0]),  # a defender reneges: the makers' march
        ("QD KS AD", True, [4, 0]),  # West trumps holding a diamond: a lone march
        (SOUTH_RENEGES, False, [0, 2]),  # a maker reneges: the defenders' euchre
    ],
)
def test_all_tricks_the_opponents_win_all_five_tricks(trick, alone, outcome_points):
    """seed 003 line 117: 'If enabled and a player makes a mistake in a trick, the opponent wins
    all five tricks.' — scored as five tricks to the other side: a march or a euchre."""
    hand = spades_by_north("all_tricks", alone=alone)
    play_cards(hand, trick)  # alone, South sits out and East leads
    assert hand.is_over and hand.renege.penalty == "all_tricks"
    assert hand.points_by_scorer == outcome_points


@pytest.mark.parametrize(("trick", "to"), [(EAST_RENEGES, NS), (SOUTH_RENEGES, EW)])
def test_two_points_to_the_opposing_team_and_the_round_ends(trick, to):
    """seed 004 line 17: 'Reneging: 2 points to the opposing team' (line 31: 'and ends the
    round')."""
    hand = spades_by_north("two_points")
    play_cards(hand, trick)
    assert hand.is_over and len(hand.tricks) == 1
    assert hand.points_by_scorer == [2 if team == to else 0 for team in (NS, EW)]


def test_a_renege_in_a_later_trick_after_void_plays_that_are_not_reneges():
    """seed 004 line 31: 'If a player does not have a card of the same suit, they may play a card
    of another suit' — the second trick's off-suit cards are no renege; West's heart under the
    right bower, holding the king of spades, is one (found at the end of the third trick)."""
    hand = spades_by_north("all_tricks")
    play_cards(hand, "AD QD 9D TD", "KD AC TH QH")
    assert hand.renege is None and hand.phase == "play"
    play_cards(hand, "JS AH 9S JH")
    assert hand.renege == Renege(W, 2, "JH", "all_tricks") and len(hand.tricks) == 3
    assert hand.points_by_scorer == [2, 0]  # West defended: the makers' march


# spades trump: East's only trump is the left bower, and East holds a club too
LEFT_BOWER = make_deal(north="JS AD KD QD 9C", east="JC TC 9D TD TH", upcard="9H")


@pytest.mark.parametrize(
    ("lead", "east", "reneged"),
    [("JS", "JC", False), ("JS", "TC", True), ("9C", "TC", False), ("9C", "JC", True)],
)
def test_the_left_bower_follows_trump_not_its_printed_suit(lead, east, reneged):
    """seed 004 line 48: 'if spades are the trump suit and a spade is led in the trick, the jack of
    clubs can be played without reneging. Alternatively, if spades are the trump suit and clubs
    are led, you have to play any other club you may have instead of the jack of clubs.'"""
    hand = new_hand(LEFT_BOWER, W, renege="two_points")
    name_trump_in_round_two(hand, N, "S")
    hand.apply("not_alone")
    play_cards(hand, f"{lead} {east}")
    while len(hand.tricks) == 0:
        hand.apply(hand.honest_actions()[0])
    assert (hand.renege is not None) == reneged
    assert hand.is_over == reneged


@pytest.mark.parametrize(("trick", "winner"), [(EAST_RENEGES, NS), (SOUTH_RENEGES, EW)])
def test_forfeit_the_game_goes_to_the_other_team(monkeypatch, trick, winner):
    """seed 004 line 39: 'Reneging: In more cut-throat variations, reneging causes a forfeit
    instead of giving the other team points.'"""
    plan_game(monkeypatch, [DIAMONDS], dealer=W)
    state = GameState(RuleOptions(renege="forfeit"), seed=0)
    name_trump_in_round_two(state, N, "S")
    state.apply("not_alone")
    play_cards(state, trick)
    assert state.winner == winner and state.scores == [0, 0] and state.to_act is None
    assert state.records[-1].renege.penalty == "forfeit"
    assert view(state, N).phase == "over" and view(state, E).winner == winner


def test_forfeit_in_the_two_handed_game_the_other_player_wins(monkeypatch):
    """seed 004 line 39: 'reneging causes a forfeit' — in the two-handed game, to the other
    player."""
    rules = RuleOptions(variant="two_handed", renege="forfeit")
    plan_game(monkeypatch, [deal_of(rules, ["JS JC AS AD KD", "QD TC KC AC AH"], "9H")], dealer=1)
    state = GameState(rules, seed=0)
    name_trump_in_round_two(state, 0, "S")
    play_cards(state, "AD AC")
    assert state.winner == 0 and state.records[-1].renege == Renege(1, 0, "AC", "forfeit")


# ---- three-handed: the opponent of a defender is the maker, of the maker both defenders ----------

THREE = RuleOptions(variant="three_handed")
# seat 2 deals, hearts are turned down and seat 1 names spades; seat 0 leads the ace of diamonds
THREE_DEAL = deal_of(THREE, ["AD KD QC 9C 9H", "JS JC AS QD KH", "9S TS 9D KS AH"], "TH")


@pytest.mark.parametrize(
    ("penalty", "trick", "points"),
    [
        ("two_points", "AD QD KS", [0, 2, 0]),  # defender 2 reneges: 2 to the maker
        ("all_tricks", "AD QD KS", [0, 2, 0]),  # ... the maker's march
        ("two_points", "AD JS 9D", [2, 0, 2]),  # the maker reneges: 2 to each defender
        ("all_tricks", "AD JS 9D", [2, 0, 2]),  # ... the defenders' euchre, 2 each
    ],
)
def test_three_handed_renege_penalises_the_reneging_side(penalty, trick, points):
    """seed 003 line 46: 'There is one maker and two defenders.' — seed 004 line 17's 'opposing
    team' of a defender is the maker; the maker's are both defenders."""
    hand = new_hand(THREE_DEAL, 2, variant="three_handed", renege=penalty)
    name_trump_in_round_two(hand, 1, "S")
    assert (hand.phase, hand.to_act, hand.maker) == ("play", 0, 1)
    play_cards(hand, trick)
    assert hand.is_over and hand.renege.penalty == penalty
    assert hand.points_by_scorer == points


# ---- call-ace: the secret partnership decides the sides ------------------------------------------

# North names spades and calls the ace of hearts: East holds it and is North's partner this hand.
CALL_ACE_DEAL = make_deal(
    north="JS JC AS AD KD",
    east="AH QD TC KC 9C",
    south="9S TS QS 9D TH",
    west="KS JH QH KH TD",
    upcard="9H",
)


@pytest.mark.parametrize(
    ("penalty", "trick", "reneger", "points"),
    [
        ("two_points", "AD TC 9D TD", E, [0, 0, 2, 2]),  # the partner reneges
        ("all_tricks", "AD TC 9D TD", E, [0, 0, 2, 2]),
        ("two_points", "AD QD 9S TD", S, [2, 2, 0, 0]),  # a defender reneges
        ("all_tricks", "AD QD 9S TD", S, [2, 2, 0, 0]),
    ],
)
def test_call_ace_renege_penalises_by_the_called_partnership(penalty, trick, reneger, points):
    """seed 003 line 48: 'The player holding the ace of the chosen suit becomes the partner of the
    maker.' — East, not North's usual partner South, is on the maker's side this hand."""
    hand = new_hand(CALL_ACE_DEAL, W, variant="call_ace", renege=penalty)
    name_trump_in_round_two(hand, N, "S")
    hand.apply("ace:H")
    assert hand.partner == E
    play_cards(hand, trick)
    assert hand.renege == Renege(reneger, 0, trick.split()[reneger], penalty)
    assert hand.points_by_scorer == points


def test_the_hand_record_keeps_the_renege_for_everyone():
    """seed 003 line 33: 'a score sheet and trick history' — the renege is part of the hand's
    history, public once the hand is over."""
    hand = spades_by_north("two_points")
    play_cards(hand, EAST_RENEGES)
    record = hand.record((2, 0))
    assert record.renege == Renege(E, 0, "AC", "two_points") == record.public().renege
    assert record.to_dict()["renege"] == {
        "seat": E,
        "trick": 0,
        "card": "AC",
        "penalty": "two_points",
    }
    honest = spades_by_north("two_points")
    while not honest.is_over:
        honest.apply(honest.honest_actions()[0])
    assert honest.record((1, 0)).renege is None and honest.outcome in ("make", "march", "euchre")
