"""Hand-made deals for players' tests, in any variant: the view of the seat to act after a
list of actions."""

from __future__ import annotations

from games.engine import Deal, GameState, HandState, RuleOptions, SeatView, rules_deck
from games.engine.view import seat_view


def situation(
    hands: dict[int, str],
    upcard: str,
    dealer: int,
    actions: tuple[str, ...] = (),
    rules: RuleOptions | None = None,
    score: tuple[int, ...] | None = None,
) -> tuple[SeatView, RuleOptions, GameState]:
    """Seats left out of `hands` get the first spare cards of the deck (in deck order); the
    kitty gets the rest. `score` is the game's score before the hand."""
    rules = rules or RuleOptions()
    given = {seat: cards.split() for seat, cards in hands.items()}
    held = {card for cards in given.values() for card in cards}
    spare = iter(card for card in rules_deck(rules) if card != upcard and card not in held)
    dealt = tuple(
        tuple(given.get(seat) or [next(spare) for _ in range(rules.hand_size)])
        for seat in range(rules.seats)
    )
    state = GameState(rules, "situation")
    if score is not None:
        state.scores = list(score)
    state.hand = HandState(rules, dealer, Deal(hands=dealt, upcard=upcard, kitty=tuple(spare)))
    for action in actions:
        state.apply(action)
    assert state.to_act is not None
    return seat_view(state, state.to_act), rules, state


def robson_sweep(score: tuple[int, int]) -> GameState:
    """Robson: seat 0 holds the five top spades, orders them up (dealer 3), plays with its
    partner and takes every trick, the game's score before the hand being `score`. The game
    waits for seat 0's add or reduce."""
    hands = {0: "JS JC AS KS QS", 1: "9H TH QH KH AH", 2: "9D TD QD KD AD", 3: "9C TC QC KC AC"}
    actions = ("order_up", "discard:9S", "not_alone")
    _, _, state = situation(hands, "9S", 3, actions, RuleOptions(robson=True), score)
    while state.hand.phase == "play":
        # seat 0 plays its last honest card, the others their first
        state.apply(state.hand.honest_actions()[0 if state.to_act else -1])
    return state
