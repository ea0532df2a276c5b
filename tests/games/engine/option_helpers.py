"""Explicit deals and tables for the rule-option tests (any table size, hand size and deck).

Seats are numbered clockwise from 0; with four players 0-3 are N, E, S, W as in explicit_deals.
"""

from __future__ import annotations

from games.engine import Deal, GameState, HandState, RuleOptions, rules_deck
from games.engine.view import SeatView, seat_view


def deal_of(rules: RuleOptions, hands: list[str], upcard: str, kitty: str = "") -> Deal:
    """A deal for `rules` with these hands (a string of cards per seat); cards left out go to the
    short hands, then to the kitty, in deck order. Fails unless every card of the deck is dealt
    exactly once, each seat gets `hand_size` cards and the kitty gets the rest."""
    deck = rules_deck(rules)
    given = [tuple(text.split()) for text in hands]
    given += [()] * (rules.seats - len(given))
    named = [card for hand in given for card in hand] + [upcard, *kitty.split()]
    assert len(named) == len(set(named)), f"a card is dealt twice: {named}"
    assert set(named) <= set(deck), f"not in this deck: {set(named) - set(deck)}"
    rest = [card for card in deck if card not in named]
    full = []
    for hand in given:
        missing = rules.hand_size - len(hand)
        full.append((*hand, *rest[:missing]))
        rest = rest[missing:]
    deal = Deal(hands=tuple(full), upcard=upcard, kitty=tuple(kitty.split()) or tuple(rest))
    every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
    assert sorted(every) == sorted(deck), "the deal is not the whole deck"
    assert all(len(hand) == rules.hand_size for hand in deal.hands)
    return deal


def table(rules: RuleOptions, deal: Deal, dealer: int) -> GameState:
    """A game whose current hand is `deal`, dealt by `dealer`: seat views of an explicit hand."""
    state = GameState(rules, seed=0)
    state.hand = HandState(rules, dealer, deal)
    return state


def view(state: GameState, seat: int | None) -> SeatView:
    return seat_view(state, seat)


def plan_game(monkeypatch, deals: list[Deal], dealer: int) -> None:
    """Games deal `deals` (hand number n gets deals[n]) and the first dealer is `dealer`."""
    import games.engine.game as game_module

    shuffled = game_module.deal_hand

    def planned(seed: int | str, number: int, rules: RuleOptions | None = None) -> Deal:
        if number < len(deals):
            return deals[number]
        return shuffled(seed, number) if rules is None else shuffled(seed, number, rules)

    monkeypatch.setattr(game_module, "deal_hand", planned)
    monkeypatch.setattr(game_module, "first_dealer", lambda seed, rules=None: dealer)


def apply_all(state: GameState | HandState, *actions: str) -> None:
    """Apply the actions in order; the engine raises IllegalAction at the first illegal one."""
    for action in actions:
        state.apply(action)


def play_cards(state: GameState | HandState, *tricks: str) -> None:
    """Play these tricks, each written in play order ("JS 9S TS"), each card by the seat to act
    (the script checks whose turn it is: the seat to act must hold the card)."""
    hand = state.hand if isinstance(state, GameState) else state
    for trick in tricks:
        for card in trick.split():
            seat = hand.to_act
            assert seat is not None, f"the hand is over, {card} cannot be played"
            assert card in hand.hands[seat], f"seat {seat} is to act and does not hold {card}"
            state.apply("play:" + card)


def name_trump_in_round_two(state: GameState | HandState, maker: int, suit: str) -> None:
    """Everybody passes round one, then passes round two until `maker` names `suit`."""
    hand = state.hand if isinstance(state, GameState) else state
    while hand.phase == "bid1":
        state.apply("pass")
    while hand.to_act != maker:
        state.apply("pass")
    state.apply("call:" + suit)
