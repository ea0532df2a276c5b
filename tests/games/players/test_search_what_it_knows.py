"""What the search may know, on explicit deals: the call-ace partner only once it shows, its
own hand not at all while it decides blind, and what a seed 003 exchange tells; and it decides
the variants' own phases (calling an ace, going alone blind, naming trump, exchanging)."""

from __future__ import annotations

import random
from collections import Counter

from games.engine import Deal, GameState, HandState, RuleOptions
from games.engine.actions import exchange_action
from games.engine.cards import BENNY_CARDS, FACE_RANKS
from games.engine.view import seat_view
from games.players.rule_of_thumb_variants import choose_robson
from games.players.search import SearchPlayer
from games.players.search.bidding import Candidate, candidates_for
from games.players.search.sampler import World, constraints_of, fitted_world, sample_worlds
from games.players.search.solver import stakes_for

from .situations import robson_sweep

CALL_ACE = RuleOptions(variant="call_ace")


def table(rules: RuleOptions, dealer: int, hands: list[str], upcard: str, kitty: str) -> GameState:
    """A game whose current hand is this deal: hands as space-separated cards, seat by seat."""
    state = GameState(rules, "explicit")
    deal = Deal(tuple(tuple(h.split()) for h in hands), upcard, tuple(kitty.split()))
    state.hand = HandState(rules, dealer, deal)
    return state


def apply(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state.apply(action)
    return state


def search(view_state: GameState, rules: RuleOptions) -> str:
    seat = view_state.to_act
    view = seat_view(view_state, seat)
    action = SearchPlayer(random.Random(1), play_samples=4, bid_samples=4).choose(view, rules)
    assert action in view.honest_actions
    return action


# seat 0 orders spades up, dealer 3 lays the nine away, seat 0 calls the ace of hearts
CALLED = ("order_up", "discard:9S", "ace:H")
MAKER = "JS JC AS KS 9H"


def test_a_defender_does_not_know_which_hand_holds_the_called_ace() -> None:
    """seed 003: "The player holding the ace of the chosen suit becomes the partner of the
    maker." Seat 2 cannot see who holds it: two deals that differ only in that (seat 1 or 3)
    give seat 2 the same view, the same sampled deals, and in them the ace (so the partner)
    moves between the hands; in each deal the partner is whoever holds it there."""
    one = ["JS JC AS KS 9H", "AH TD QD 9C TC", "KH AD KD AC KC", "QH TH JD QC JH"]
    three = ["JS JC AS KS 9H", "QH TD QD 9C TC", "KH AD KD AC KC", "AH TH JD QC JH"]
    views = []
    for hands in (one, three):
        state = apply(table(CALL_ACE, 3, hands, "9S", "TS QS 9D"), *CALLED, "play:JS", "play:9C")
        assert state.hand.partner == (1 if hands is one else 3)
        views.append(seat_view(state, 2))
    assert views[0] == views[1] and views[0].partner is None
    worlds = sample_worlds(views[0], CALL_ACE, 80, random.Random(4))
    assert worlds == sample_worlds(views[1], CALL_ACE, 80, random.Random(4))
    holders = Counter()
    for world in worlds:
        holder = next((s for s, cards in enumerate(world.hands) if "AH" in cards), "kitty")
        holders[holder] += 1
        if holder != "kitty":
            assert world.partner == holder
        else:
            assert world.partner == 2  # nobody holds the ace: my king of hearts is the best
    assert holders[1] >= 10 and holders[3] >= 10, holders
    assert holders[0] == 0  # the maker may not call an ace it holds


def test_a_card_played_without_showing_the_partner_was_not_the_partners_card() -> None:
    """Seat 1 follows with the queen of hearts and nobody is shown partner: someone else held
    the ace or the king, so no sampled deal lays both away (the queen would have been it)."""
    hands = ["JS JC AS KS 9H", "QH TD QD 9C TC", "9D AD KD AC KC", "AH TH JD QC JH"]
    state = apply(table(CALL_ACE, 3, hands, "9S", "KH TS QS"), *CALLED, "play:9H", "play:QH")
    view = seat_view(state, 2)
    assert view.partner is None
    for world in sample_worlds(view, CALL_ACE, 80, random.Random(7)):
        held = {card for seat in (1, 3) for card in world.hands[seat]}
        assert held & {"AH", "KH"}
        assert world.partner in (1, 3)


def test_the_ace_holder_knows_and_so_does_its_search() -> None:
    hands = ["JS JC AS KS 9H", "AH TD QD 9C TC", "KH AD KD AC KC", "QH TH JD QC JH"]
    state = apply(table(CALL_ACE, 3, hands, "9S", "TS QS 9D"), *CALLED, "play:JS")
    view = seat_view(state, 1)
    assert view.partner == 1
    for world in sample_worlds(view, CALL_ACE, 20, random.Random(2)):
        assert world.partner == 1


def test_a_partner_by_a_lower_card_is_known_once_it_is_played() -> None:
    """seed 003: "If no one has the ace, the player with the highest-ranking card (e.g., K, Q,
    ...) of the suit becomes the partner." Before the king is played nobody knows, not even its
    holder; once it is, every deal keeps the ace out of the other hands."""
    hands = ["JS JC AS KS 9H", "9D TD QD 9C TC", "QH AD KD AC KC", "KH TH JD QC JH"]
    state = apply(table(CALL_ACE, 3, hands, "9S", "AH TS QS"), *CALLED)
    assert state.hand.partner == 3
    apply(state, "play:9H", "play:9C", "play:QH")
    before = seat_view(state, 3)
    assert before.partner is None
    places = Counter(
        "me" if "AH" in world.hands[3] else "kitty" if "AH" in world.kitty else "other"
        for world in sample_worlds(before, CALL_ACE, 60, random.Random(5))
    )
    assert places["kitty"] >= 5 and places["other"] >= 5, places  # I may or may not be partner
    apply(state, "play:KH")
    for seat in (0, 1, 2, 3):
        after = seat_view(state, seat)
        assert after.partner == 3
        for world in sample_worlds(after, CALL_ACE, 30, random.Random(seat)):
            assert world.partner == 3
            assert all("AH" not in world.hands[other] for other in (1, 2, 3))


def test_the_maker_calls_an_ace_or_goes_alone_by_search() -> None:
    hands = ["JS JC AS KS 9H", "AH TD QD 9C TC", "KH AD KD AC KC", "QH TH JD QC JH"]
    state = apply(table(CALL_ACE, 3, hands, "9S", "TS QS 9D"), "order_up", "discard:9S")
    view = seat_view(state, 0)
    assert view.phase == "call_ace"
    assert {c.action for c in candidates_for(view, CALL_ACE)} == set(view.legal_actions)
    assert search(state, CALL_ACE) in view.legal_actions


def test_a_blind_decision_samples_its_own_hand() -> None:
    """seed 003, Robson: "If an upcard is a jack, the dealer can declare "alone" with the blind
    hand." The dealer's view shows no card while deciding: its own hand is sampled like the
    others, never holding a card it has seen (the jack)."""
    rules = RuleOptions(robson=True)
    hands = ["9S TS QS KS AS", "9H TH QH KH AH", "9D TD QD KD AD", "9C TC QC KC AC"]
    state = table(rules, 3, hands, "JS", "JH JD JC")
    view = seat_view(state, 3)
    assert view.phase == "blind" and view.hand == () and view.hand_hidden
    mine = set()
    for world in sample_worlds(view, rules, 30, random.Random(3)):
        assert len(world.hands[3]) == 5 and "JS" not in world.hands[3]
        mine.add(world.hands[3])
    assert len(mine) > 20  # not the real hand: any five of the unseen cards
    assert search(state, rules) in ("blind_alone", "see_hand")
    # seed 003: "If the dealer successfully takes all the tricks, five points are awarded. If
    # the dealer fails to take all the tricks, the defenders get one point."
    blind = stakes_for(rules, maker_alone=True, lone_defender=False, blind_alone=True)
    assert [blind.points(tricks) for tricks in (5, 4, 0)] == [5, -1, -1]


def test_naming_trump_blind_and_the_dealer_who_must_play() -> None:
    """seed 003, Upturned Benny: "If "Dealer must play" is set, the dealer must declare the
    trump suit"; with "Naming Trump (blind)" the dealer names it before seeing the hand."""
    hands = ["9S TS QS KS AS", "9H TH QH KH AH", "9D TD QD KD AD", "9C TC QC KC AC"]
    blind = RuleOptions(benny="joker")
    state = table(blind, 3, hands, "XJ", "JH JD JC")
    assert seat_view(state, 3).phase == "name_blind"
    assert search(state, blind).startswith("call:")
    must = RuleOptions(benny="joker", upturned_benny="dealer_must_play")
    state = table(must, 3, hands, "XJ", "JH JD JC")
    view = seat_view(state, 3)
    assert view.phase == "dealer_names" and len(candidates_for(view, must)) == 4
    # clubs, all five of them and the joker: the search names clubs
    assert search(state, must) == "call:C"


def test_a_farmers_hand_searches_its_exchange_and_a_redeal() -> None:
    """seed 003: "If dealt cards form a Farmer's Hand, the player has the option to exchange
    three cards or request a redeal." The search weighs both against passing."""
    rules = RuleOptions(farmers_hand=True)
    hands = ["9S TS 9H TH 9D", "JS QS KS AS JC", "QH KH AH JH TD", "QD KD AD JD 9C"]
    state = table(rules, 3, hands, "TC", "QC KC AC")
    view = seat_view(state, 0)
    found = candidates_for(view, rules)
    assert Candidate("redeal") in found
    assert any(c.action.startswith("exchange:") for c in found)
    assert search(state, rules) in view.legal_actions


def test_another_seats_exchange_tells_what_it_gave() -> None:
    """A farmer's hand has no face card, no ace and no Benny: the three cards it gave the
    kitty are such cards in every sampled deal, and it kept two such cards."""
    rules = RuleOptions(farmers_hand=True, deck=28)
    hands = ["9S TS 9H TH 9D", "JS QS KS AS JC", "QH KH AH JH TD", "QD KD AD JD 9C"]
    kitty = "QC KC AC 8S 8H 8D 8C"
    state = apply(table(rules, 3, hands, "TC", kitty), "exchange:9S,TS,9H")
    view = seat_view(state, 1)
    assert view.exchange_seat == 0
    for world in sample_worlds(view, rules, 40, random.Random(6)):
        given = world.kitty[:3]
        assert not any(c[0] in FACE_RANKS or c[0] == "A" or c in BENNY_CARDS for c in given)
        kept = [c for c in world.hands[0] if c[0] not in "JQKA"]
        assert len(kept) >= 2
    # and the true deal meets those facts
    hand = state.hand
    truth = World(tuple(map(tuple, hand.hands)), tuple(hand.kitty), None)
    assert fitted_world(view, rules, constraints_of(view, rules), truth) is not None


def test_an_ace_no_face_exchange_may_have_held_the_benny() -> None:
    """seed 003: "Ace No Face is a hand consisting of one ace and four cards without face
    cards" - the Benny is none: a seat dealt the ace, the joker and three low cards exchanged,
    and the true deal (the joker kept, or given) is among the deals the sampler allows."""
    rules = RuleOptions(ace_no_face=True, benny="joker")
    hands = ["XJ AH 9H TD TC", "JS QS KS AS JC", "QH KH 9S JH TH", "QD KD AD JD 9C"]
    for given in (["9H", "TD", "TC"], ["XJ", "9H", "TD"]):
        state = apply(table(rules, 3, hands, "TS", "QC KC AC 9D"), exchange_action(given))
        view = seat_view(state, 1)
        assert view.exchange_seat == 0
        hand = state.hand
        truth = World(tuple(map(tuple, hand.hands)), tuple(hand.kitty), None)
        constraints = constraints_of(view, rules)
        assert not set(truth.kitty[:3]) & constraints.forbidden[4 + 2]  # the three given
        assert fitted_world(view, rules, constraints, truth) is not None
        for world in sample_worlds(view, rules, 20, random.Random(7)):
            dealt = [*world.kitty[:3], *[c for c in world.hands[0] if c[0] not in "JQK"]]
            assert not any(c[0] in FACE_RANKS for c in world.kitty[:3])
            assert sum(c[0] == "A" for c in dealt) >= 1 or "XJ" in dealt


def test_a_farmers_call_puts_the_shown_cards_in_every_sampled_kitty() -> None:
    """seed 004: the nines and tens a farmer's call gives are shown to the table: no sampled
    deal puts them in a hand."""
    rules = RuleOptions(going_under=True, going_under_form="farmers_call")
    hands = ["9S TS 9H AD KD", "JS QS KS AS JC", "QH KH AH JH TD", "QD 9D JD 9C TC"]
    state = apply(table(rules, 3, hands, "TH", "QC KC AC"), "under:9S,TS,9H")
    view = seat_view(state, 1)
    assert view.under_shown == ("9S", "TS", "9H")
    for world in sample_worlds(view, rules, 20, random.Random(8)):
        assert world.kitty[:3] == ("9S", "TS", "9H")
        assert not {"9S", "TS", "9H"} & {c for held in world.hands for c in held}


def test_robson_add_or_reduce_is_left_to_the_rule_of_thumb() -> None:
    """seed 003, Robson: "A team that takes all five tricks has the option of reducing or
    adding points." A question of the game's score, not of the cards: the search takes the
    rule of thumb's choice (`choose_robson`, by the race to the target), whichever it is."""
    rules = RuleOptions(robson=True)
    choices = set()
    for score in ((2, 9), (8, 9), (2, 2)):
        state = robson_sweep(score)
        view = seat_view(state, 0)
        assert view.phase == "robson" and view.to_act == 0
        choices.add(choose_robson(view))
        assert search(state, rules) == choose_robson(view)
    assert choices == {"robson:add", "robson:reduce"}
