"""The simulator's fast views equal `seat_view` at every decision of every preset.

`FastViews` keeps parts of the view from one decision to the next; a stale part would show a
seat something it should not see (or hide what it should). So games of every preset are played
until the thing that preset is about has shown in a view (a blind decision, an exchange, a
called ace...), and every seat's fast view is compared with `seat_view` at every decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.engine import PRESETS, GameState, RuleOptions, SeatView, preset_rules
from games.engine.deal import Deal, deal_hand, first_dealer
from games.engine.kitty import is_ace_no_face, is_farmers_hand, is_no_ace_no_face_no_trump
from games.engine.view import seat_view
from games.lab.simulation_views import FastViews
from games.players import RandomPlayer

# kinds of action a random player would rarely happen on, taken whenever they are legal
SPECIAL = ("exchange:", "under:", "redeal", "blind_alone", "ace:", "robson:reduce")


class Adventurous(RandomPlayer):
    """A random player who takes the variants' special actions whenever they are offered."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        special = [a for a in view.legal_actions if a.startswith(SPECIAL)]
        return self.rng.choice(special or list(view.legal_actions))


def _dealt_rank(rank: str) -> Callable[[SeatView], bool]:
    return lambda view: any(card[0] == rank for card in view.hand)


# what each preset is about, as seen in some seat's view; the views must show it at least once
SHOWS: dict[str, Callable[[SeatView], bool]] = {
    "standard": lambda view: view.phase == "play",
    "two_handed": lambda view: view.seats == 2 and len(view.hand_sizes) == 2,
    "three_handed": lambda view: view.seats == 3 and view.phase == "play",
    "three_handed_seven": lambda view: len(view.hand) == 7,
    # seed 003: "the player holding the ace of the chosen suit becomes the partner"
    "call_ace": lambda view: view.partner is not None and view.partner != view.seat,
    # seed 003 upturned Benny "Naming Trump (blind)": the dealer names trump before looking
    "benny_joker": lambda view: view.hand_hidden and view.upcard == "XJ",
    "benny_two_of_spades": lambda view: view.hand_hidden and view.upcard == "2S",
    "deck_28": _dealt_rank("8"),
    "deck_32": _dealt_rank("7"),
    # seed 003: "the dealer can declare 'alone' with the blind hand", and add or reduce
    "robson": lambda view: view.blind_alone and view.phase == "robson",
    "farmers_hand": lambda view: view.my_exchange_received is not None,
    "ace_no_face": lambda view: view.my_exchange_received is not None,
    "no_ace_no_face_no_trump": lambda view: "redeal" in view.legal_actions,
    "partner_takes_upcard": lambda view: view.taker not in (None, view.dealer),
    # seed 001: the dealer's partner who makes trump must play alone
    "canadian_loner": lambda view: view.legal_actions == ("alone",),
    # with a renege rule on, a seat may play a card that does not follow suit
    "renege": lambda view: set(view.honest_actions) < set(view.legal_actions),
    "kitchen_table": lambda view: bool(view.dealer_draw) and view.went_under_seat is not None,
}
MAX_GAMES = 60


def _first_bidder(deal: Deal, dealer: int) -> tuple[str, ...]:
    return deal.hands[(dealer + 1) % len(deal.hands)]


# hands dealt too rarely to wait for (a few in a thousand): games are picked whose first hand
# deals one to the first bidder, found from the seeds alone
RARE_DEALS: dict[str, Callable[[Deal, int], bool]] = {
    "farmers_hand": lambda deal, dealer: is_farmers_hand(_first_bidder(deal, dealer)),
    "ace_no_face": lambda deal, dealer: is_ace_no_face(_first_bidder(deal, dealer)),
    "no_ace_no_face_no_trump": lambda deal, dealer: is_no_ace_no_face_no_trump(
        _first_bidder(deal, dealer), deal.upcard[1]
    ),
}


def game_seeds(name: str, rules: RuleOptions) -> list[str]:
    seeds = [f"views/{name}/{game}" for game in range(MAX_GAMES * 200)]
    rare = RARE_DEALS.get(name)
    if rare is None:
        return seeds[:MAX_GAMES]
    return [seed for seed in seeds if rare(deal_hand(seed, 0, rules), first_dealer(seed, rules))][
        :MAX_GAMES
    ]


def test_every_preset_has_something_to_show() -> None:
    assert set(SHOWS) == set(PRESETS)


def _play_checking_views(rules: RuleOptions, seed: str, shows: Callable[[SeatView], bool]) -> bool:
    state = GameState(rules, seed)
    fast = FastViews(state)
    players = [Adventurous(random.Random(f"{seed}/{seat}")) for seat in range(rules.seats)]
    shown = False
    while state.winner is None:
        for seat in range(rules.seats):
            view = fast.view(seat)
            assert view == seat_view(state, seat), (seed, state.hand.number, state.hand.phase)
            shown = shown or shows(view)
        seat = state.to_act
        assert seat is not None
        state.apply(players[seat].choose(fast.view(seat), rules), seat)
    for seat in range(rules.seats):  # the finished game too
        assert fast.view(seat) == seat_view(state, seat)
    return shown


@pytest.mark.parametrize("name", list(PRESETS))
def test_fast_views_equal_seat_view_in_every_preset(name: str) -> None:
    rules, shows = preset_rules(name), SHOWS[name]
    for seed in game_seeds(name, rules):
        if _play_checking_views(rules, seed, shows):
            return
    pytest.fail(f"{name}: {MAX_GAMES} games and the views never showed what the preset is about")


def test_a_view_is_a_seat_view_with_its_own_fields() -> None:
    """The fast view is built slot by slot: every field must be filled, none left shared."""
    state = GameState(RuleOptions(), "slots")
    first = FastViews(state).view(state.hand.to_act)
    assert isinstance(first, SeatView)
    assert first.to_dict() == seat_view(state, state.hand.to_act).to_dict()
    with pytest.raises(AttributeError):
        first.seat = 3  # type: ignore[misc]  # still frozen
