"""The hand history (every bid and every card, trick by trick) and the seat views: a seat sees its
own cards and what was shown to everyone, never another seat's unplayed card nor the kitty."""

from __future__ import annotations

import json
import re

from games.engine import DISCARD, Game, RuleOptions, go_under_action
from games.engine.records import Bid
from games.engine.view import seat_view

from .explicit_deals import (
    ALONE_MAKES_THREE,
    ALONE_MAKES_THREE_TRICKS,
    MAKE_THREE,
    MAKE_THREE_TRICKS,
    E,
    N,
    S,
    W,
    cards,
    plan_deals,
    play_tricks,
    rotate,
    spades_named_by_north,
)

CARD = re.compile(r"(?<![A-Za-z0-9])[9TJQKA][SHDC](?![A-Za-z0-9])")


def cards_shown(view) -> set[str]:
    """Every card named anywhere in the serialized view (hand, trick, legal actions, ...)."""
    return set(CARD.findall(json.dumps(view.to_dict())))


def planned_game(monkeypatch, deal, rules=None) -> Game:
    """A game whose first hand is `deal`, dealt by West."""
    import games.engine.game as game_module

    monkeypatch.setattr(game_module, "deal_hand", lambda seed, number, rules=None: deal)
    monkeypatch.setattr(game_module, "first_dealer", lambda seed, rules=None: W)
    return Game(rules or RuleOptions(), seed=0)


def test_the_hand_history_records_every_bid_and_every_card_trick_by_trick():
    """seed 003 line 33: 'You can view a score sheet and trick history by pressing the buttons in
    the Score dialog' — the record holds every bid and every card, in order, trick by trick."""
    hand = spades_named_by_north(MAKE_THREE)
    play_tricks(hand, *MAKE_THREE_TRICKS)
    record = hand.record(score_after=(1, 0))
    assert record.bids == (
        Bid(N, 1, "pass"), Bid(E, 1, "pass"), Bid(S, 1, "pass"), Bid(W, 1, "pass"),
        Bid(N, 2, "call:S"),
    )  # fmt: skip
    assert [[card for _, card in trick.plays] for trick in record.tricks] == [
        list(cards(trick)) for trick in MAKE_THREE_TRICKS
    ]
    assert [[seat for seat, _ in trick.plays] for trick in record.tricks] == [
        [N, E, S, W], [N, E, S, W], [N, E, S, W], [N, E, S, W], [E, S, W, N],
    ]  # fmt: skip
    assert [(trick.leader, trick.winner) for trick in record.tricks] == [
        (N, N), (N, N), (N, N), (N, E), (E, E),
    ]  # fmt: skip
    assert (record.dealer, record.upcard, record.trump, record.maker) == (W, "9H", "S", N)
    assert record.dealt == MAKE_THREE.hands and record.kitty == MAKE_THREE.kitty
    assert (record.outcome, record.maker_tricks, record.scoring_team, record.points) == (
        "make", 3, 0, 1,
    )  # fmt: skip
    assert record.score_after == (1, 0) and record.maker_team == 0
    assert record.to_dict()["tricks"][4]["plays"][0] == {"seat": E, "card": "AH"}


def test_the_game_keeps_the_history_of_every_finished_hand(monkeypatch):
    """seed 003 line 33: 'a score sheet and trick history' — a game lists its finished hands with
    the score after each."""
    plan = [(N, "lone_make"), (E, "lone_march")]
    plan_deals(monkeypatch, plan)
    game = Game(RuleOptions(), seed=0)
    for number, (maker, _) in enumerate(plan):
        for _ in range(4):
            game = game.apply("pass")
        while game.to_act != maker:
            game = game.apply("pass")
        game = game.apply("call:S").apply("alone")
        while game.hand_number == number:
            game = game.apply(game.legal_actions()[0])
    first, second = game.history
    assert (first.maker, first.points, first.score_after) == (N, 1, (1, 0))
    assert (second.maker, second.points, second.score_after) == (E, 4, (1, 4))
    assert first.dealt == rotate(ALONE_MAKES_THREE, N).hands
    assert all(len(trick.plays) == 3 for trick in first.tricks)  # South sat out
    assert game.view(S).history == (first.public(), second.public())


def test_the_public_history_drops_what_nobody_saw():
    """seed 002 line 44: 'the dealer takes the face-up card in his hand and discards one card by
    his choosing, not showing it to the other players.' — the public record has no dealt hands,
    no kitty, no discard."""
    hand = spades_named_by_north(ALONE_MAKES_THREE, alone=True)
    play_tricks(hand, *ALONE_MAKES_THREE_TRICKS)
    record = hand.record((1, 0))
    public = record.public()
    assert public.dealt is None and public.kitty is None and public.discard is None
    assert public.tricks == record.tricks and public.bids == record.bids
    shown = set(CARD.findall(json.dumps(public.to_dict())))
    played = {card for trick in record.tricks for _, card in trick.plays}
    assert shown == played | {record.upcard}
    assert not shown & set(hand.hands[S])  # the sitting-out partner's cards stay hidden


def test_a_seat_sees_only_its_own_cards_and_the_face_up_card(monkeypatch):
    """seed 002 line 31: 'When the dealing ends each player can see only the cards in his/her hand,
    plus the face-up card.'"""
    game = planned_game(monkeypatch, MAKE_THREE)
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view.hand) == sorted(MAKE_THREE.hands[seat])
        assert cards_shown(view) == set(MAKE_THREE.hands[seat]) | {"9H"}
    assert cards_shown(game.spectator_view()) == {"9H"}
    assert game.spectator_view().hand == ()


def test_only_the_seat_to_act_is_offered_actions(monkeypatch):
    """seed 001 line 60: 'Going clockwise around the table ... each player can either say
    "Pass" ... or ... "Order it up"' — in turn; other seats are offered nothing."""
    game = planned_game(monkeypatch, MAKE_THREE)
    assert game.to_act == N
    assert game.view(N).legal_actions == tuple(game.legal_actions())
    assert [game.view(seat).legal_actions for seat in (E, S, W)] == [(), (), ()]
    assert game.spectator_view().legal_actions == ()


def test_played_cards_become_public_and_the_rest_stay_hidden(monkeypatch):
    """seed 000 line 12: 'All four players throw just one card, and the player who threw the
    highest ranking card takes the trick' — played cards are seen by all, unplayed ones are not."""
    game = planned_game(monkeypatch, MAKE_THREE)
    for action in ["pass"] * 4 + ["call:S", "not_alone", "play:JS", "play:9S", "play:TS"]:
        game = game.apply(action)
    for seat in range(4):
        view = game.view(seat)
        assert {"JS", "9S", "TS"} <= cards_shown(view)
        unplayed_elsewhere = {
            card for other in range(4) if other != seat for card in game.state().hand.hands[other]
        }
        assert not cards_shown(view) & unplayed_elsewhere
        assert not cards_shown(view) & set(MAKE_THREE.kitty)


def test_the_dealers_discard_is_seen_only_by_the_dealer(monkeypatch):
    """seed 002 line 44: 'discards one card by his choosing, not showing it to the other
    players.'"""
    game = planned_game(monkeypatch, MAKE_THREE)
    game = game.apply("order_up").apply(DISCARD["QS"])  # West picks up the nine of hearts
    assert game.view(W).my_discard == "QS" and "QS" in cards_shown(game.view(W))
    for seat in (N, E, S):
        assert game.view(seat).my_discard is None
        assert "QS" not in cards_shown(game.view(seat))
    assert "QS" not in cards_shown(game.spectator_view())
    # everybody saw the up card go to the dealer
    assert all(game.view(seat).upcard_taken for seat in range(4))


def test_cards_swapped_by_going_under_are_seen_only_by_that_player(monkeypatch):
    """seed 000 line 19: 'replace three of his cards with the three unseen cards in the kitty' —
    the others learn that the player went under, not which cards moved."""
    game = planned_game(monkeypatch, MAKE_THREE, RuleOptions(going_under=True))
    # MAKE_THREE deals East 9S, TH: not enough; South TS, 9D, TC: three tens and nines
    game = game.apply("pass")
    assert not [a for a in game.legal_actions() if a.startswith("under:")]
    game = game.apply("pass")
    assert game.to_act == S
    game = game.apply(go_under_action(["TS", "9D", "TC"]))
    mine = game.view(S)
    assert mine.went_under_seat == S
    assert mine.my_under_given == ("TS", "9D", "TC")
    assert set(mine.my_under_received) == set(MAKE_THREE.kitty)
    for seat in (N, E, W):
        view = game.view(seat)
        assert view.went_under_seat == S and view.my_under_given is None
        assert not cards_shown(view) & {"TS", "9D", "TC", *MAKE_THREE.kitty}


def test_seat_views_never_show_another_seats_hand_while_a_hand_is_played(monkeypatch):
    """seed 002 line 31: 'each player can see only the cards in his/her hand, plus the face-up
    card' — checked after every action of a whole hand, for every seat."""
    game = planned_game(monkeypatch, MAKE_THREE)
    actions = ["pass"] * 4 + ["call:S", "not_alone"]
    actions += [f"play:{card}" for trick in MAKE_THREE_TRICKS for card in cards(trick)]
    for action in actions:
        state = game.state()
        played = {card for trick in state.hand.tricks for _, card in trick.plays}
        played |= set(state.hand.trick_cards)
        for seat in range(4):
            allowed = set(state.hand.hands[seat]) | played | {"9H"}
            assert cards_shown(seat_view(state, seat)) <= allowed
        game = game.apply(action)
    assert game.history[0].outcome == "make"
