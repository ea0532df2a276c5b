"""The bidding of a hand, from the up card to the first lead: the part of `HandState` that
names trump, picks up the up card, calls an ace and decides who plays alone.

A mixin of `HandState` (hand.py), so that each file stays readable; it holds no state itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .actions import (
    ALONE,
    BLIND_ALONE,
    CALL,
    CALL_ACE,
    DISCARD,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    REDEAL,
    SEE_HAND,
    exchange_actions,
    go_under_action,
    go_under_actions,
)
from .cards import BENNY_CARDS, NO_TRUMP, SUITS, suit_rank_order
from .kitty import can_go_under, exchange_kind, farmers_call_cards, is_no_ace_no_face_no_trump
from .phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    BLIND_PHASE,
    CALL_ACE_PHASE,
    DEALER_NAMES_PHASE,
    DEFEND_PHASE,
    DISCARD_PHASE,
    DONE,
    NAME_BLIND_PHASE,
    ROBSON_PHASE,
)
from .records import ALL_PASS, Bid, Exchange, WentUnder
from .records import REDEAL as REDEAL_OUTCOME

BENNY_SUITS = {"S", "H", "D", "C"}
_DISCARD_OF = DISCARD.__getitem__
_new_tuple = tuple.__new__  # a Bid without NamedTuple's keyword-handling __new__ (hot path)

if TYPE_CHECKING:
    from .hand_fields import HandFields
else:
    HandFields = object  # at run time a plain mixin (hand_fields.pyi)


class Bidding(HandFields):
    __slots__ = ()

    # ---- the first phase ------------------------------------------------------------------

    def _opening_phase(self) -> str:
        rules, upcard = self.rules, self.upcard
        if upcard in BENNY_CARDS:
            choice = rules.upturned_benny
            if choice in BENNY_SUITS:
                self.upcard_suit = choice
            elif choice == "name_blind":
                self.to_act = self.dealer
                return NAME_BLIND_PHASE
            elif choice == "dealer_must_play":
                self.to_act = self.dealer
                return DEALER_NAMES_PHASE
            elif choice == "name":
                # no suit to order: players name any suit in turn, the dealer takes the Benny
                self.upcard_suit, self.naming_takes_upcard = None, True
                return BID2
            else:  # "redeal": thrown in at once, the same dealer deals again
                self.to_act, self.outcome = None, REDEAL_OUTCOME
                return DONE
        elif rules.robson and upcard[0] == "J":
            self.to_act = self.dealer
            return BLIND_PHASE
        return BID1

    # ---- legal actions --------------------------------------------------------------------

    def _bidding_actions(self) -> list[str]:
        seat: int  # a seat is to act in the bidding (the ignore: hand_fields.pyi)
        phase, seat, rules = self.phase, self.to_act, self.rules  # type: ignore[assignment]
        if phase == BID1:
            if not self.kitty_options:
                return [PASS, ORDER_UP]
            return [PASS, ORDER_UP, *self._kitty_actions(seat)]
        if phase == BID2:
            actions = [] if rules.stick_the_dealer and seat == self.dealer else [PASS]
            turned_down = self.upcard_suit
            actions.extend(CALL[suit] for suit in SUITS if suit != turned_down)
            if rules.no_trump:
                actions.append(CALL[NO_TRUMP])
            actions.extend(self._kitty_actions(seat))
            return actions
        if phase == ALONE_PHASE:
            forced = rules.dealers_partner_alone and seat == (self.dealer + 2) % 4
            return [ALONE] if forced else [ALONE, NOT_ALONE]
        if phase == DISCARD_PHASE:
            actions = [*map(_DISCARD_OF, self.hands[seat])]
            if not rules.dealer_may_discard_upcard and self.upcard in self.hands[seat]:
                actions.remove(DISCARD[self.upcard])  # the hand holds one copy of each card
            return actions
        if phase == DEFEND_PHASE:
            return [ALONE, NOT_ALONE]
        if phase == CALL_ACE_PHASE:
            return [ALONE, *(CALL_ACE[suit] for suit in self._callable_aces())]
        if phase == BLIND_PHASE:
            return [BLIND_ALONE, SEE_HAND]
        if phase in (NAME_BLIND_PHASE, DEALER_NAMES_PHASE):
            return [CALL[suit] for suit in SUITS]
        if phase == ROBSON_PHASE:
            return self._robson_actions()
        return []

    def _kitty_actions(self, seat: int) -> list[str]:
        """Going under (seed 000), an exchange or a redeal (seed 003), on your turn to bid."""
        if not self.kitty_options:
            return []
        rules, dealt = self.rules, self.dealt[seat]
        actions: list[str] = []
        swapped = self.went_under is not None or self.exchange is not None
        if rules.going_under and not swapped and can_go_under(dealt):
            held = self.hands[seat]
            if rules.going_under_form == "farmers_call":  # seed 004: "those three cards"
                held = farmers_call_cards(held)
            actions.extend(go_under_actions(held))
        kind = exchange_kind(dealt, rules.farmers_hand, rules.ace_no_face)
        if kind is not None and not swapped:
            actions.extend(exchange_actions(self.hands[seat]))
        mine = self.exchange is not None and self.exchange.seat == seat
        if not mine and (
            kind is not None
            or (
                rules.no_ace_no_face_no_trump
                and self.phase == BID1
                and is_no_ace_no_face_no_trump(dealt, self.upcard_suit)
            )
        ):
            actions.append(REDEAL)
        return actions

    def _callable_aces(self) -> list[str]:
        """Seed 003: not the suit of an ace the maker holds, nor of an ace turned up."""
        hand = self.hands[cast(int, self.maker)]
        return [suit for suit in SUITS if "A" + suit not in hand and self.upcard != "A" + suit]

    def _why_bid_illegal(self, action: str) -> str:
        phase = self.phase
        if action.startswith("under:"):
            return self._why_under_illegal(action[6:].split(","))
        if action.startswith("exchange:") or action == REDEAL:
            return "Only a farmer's hand or an ace no face may exchange or ask for a redeal now"
        if action == PASS and phase == BID2 and self.rules.stick_the_dealer:
            return "Stick the dealer: the dealer must name a suit"
        if action == NOT_ALONE and phase == ALONE_PHASE:
            return "The dealer's partner who makes trump must play alone"
        if action.startswith("ace:") and phase == CALL_ACE_PHASE:
            return "You may not call the ace of a suit you hold an ace of, or of an ace turned up"
        if action.startswith("call:") and phase == BID2 and action[5:] == self.upcard_suit:
            return "That suit was turned down: name another"
        return f"'{action}' is not allowed now"

    def _why_under_illegal(self, named: list[str]) -> str:
        offered = [action for action in self.legal_actions() if action.startswith("under:")]
        if not offered:
            return (
                "Going under is not allowed now (three or more nines or tens, on your turn to bid)"
            )
        held = self.hands[cast(int, self.to_act)]
        if len(named) != 3 or len(set(named)) != 3 or not set(named) <= set(held):
            return "Going under gives three different cards of your hand"
        if self.rules.going_under_form == "farmers_call":
            others = [card for card in named if card not in farmers_call_cards(held)]
            if others:
                return (
                    "Farmer's: the three cards you give are nines and tens, shown to the table "
                    f"(not {', '.join(others)})"
                )
        return f"Going under: name the three cards in deck order ({go_under_action(named)})"

    # ---- applying a bid -------------------------------------------------------------------

    def _apply_bidding(self, phase: str, seat: int, action: str) -> None:
        if phase in (BID1, BID2):
            if self.kitty_options and self._apply_kitty(seat, action):
                return
            if phase == BID1:
                self._bid_round_one(seat, action)
            else:
                self._bid_round_two(seat, action)
        elif phase == ALONE_PHASE:
            self._maker_decides_alone(seat, action == ALONE)
        elif phase == DISCARD_PHASE:
            card = action[8:]
            self.hands[seat].remove(card)
            self.discarded = card
            self._trump_made()
        elif phase == DEFEND_PHASE:
            self._defender_decides_alone(seat, action == ALONE)
        elif phase == CALL_ACE_PHASE:
            self._call_ace(seat, action)
        elif phase == BLIND_PHASE:
            self._blind_decision(action == BLIND_ALONE)
        elif phase == NAME_BLIND_PHASE:
            self.bids.append(Bid(seat, 0, action))
            self.upcard_suit = action[5:]
            self.phase, self.to_act = BID1, (seat + 1) % self.seats
        elif phase == DEALER_NAMES_PHASE:
            self.bids.append(Bid(seat, 0, action))
            self.trump, self.maker = action[5:], seat
            self._take_upcard(seat)
        else:
            self._robson_choose(action)

    def _apply_kitty(self, seat: int, action: str) -> bool:
        """Going under, an exchange or a redeal: True when `action` was one of them."""
        if action.startswith("under:"):
            self._swap_kitty(seat, tuple(action[6:].split(",")), kind=None)
        elif action.startswith("exchange:"):
            kind = exchange_kind(self.dealt[seat], self.rules.farmers_hand, self.rules.ace_no_face)
            self._swap_kitty(seat, tuple(action[9:].split(",")), kind=kind)
        elif action == REDEAL:
            self.redeal_by, self.outcome = seat, REDEAL_OUTCOME
            self.phase, self.to_act = DONE, None
        else:
            return False
        return True

    def _swap_kitty(self, seat: int, given: tuple[str, ...], kind: str | None) -> None:
        hand = self.hands[seat]
        for card in given:
            hand.remove(card)
        received = tuple(self.kitty[:3])
        hand.extend(received)
        self.kitty = [*given, *self.kitty[3:]]
        if kind is None:
            shown = self.rules.going_under_form == "farmers_call"
            self.went_under = WentUnder(seat, given, received, shown)
        else:
            self.exchange = Exchange(seat=seat, kind=kind, given=given, received=received)

    def _take_upcard(self, taker: int) -> None:
        self.taker = taker
        self.hands[taker].append(self.upcard)
        self.phase, self.to_act = DISCARD_PHASE, taker

    def _bid_round_one(self, seat: int, action: str) -> None:
        self.bids.append(_new_tuple(Bid, (seat, 1, action)))
        if action == ORDER_UP:
            self.trump, self.maker = self.upcard_suit, seat
            taker = self.dealer
            if self.rules.partner_takes_upcard and seat != self.dealer:
                taker = (seat + 2) % 4  # seed 003: the maker's partner takes it
            self._take_upcard(taker)
        elif seat == self.dealer:
            self.phase, self.to_act = BID2, (seat + 1) % self.seats
        else:
            self.to_act = (seat + 1) % self.seats

    def _bid_round_two(self, seat: int, action: str) -> None:
        self.bids.append(_new_tuple(Bid, (seat, 2, action)))
        if action != PASS:
            self.trump, self.maker = action[5:], seat
            if self.naming_takes_upcard:
                self._take_upcard(self.dealer)
            else:
                self._trump_made()
        elif seat == self.dealer:
            # everybody passed twice: no score, the next dealer deals again
            self.phase, self.to_act, self.outcome = DONE, None, ALL_PASS
        else:
            self.to_act = (seat + 1) % self.seats

    def _blind_decision(self, blind_alone: bool) -> None:
        dealer = self.dealer
        self.bids.append(Bid(dealer, 0, BLIND_ALONE if blind_alone else SEE_HAND))
        if blind_alone:
            self.blind_alone = True
            self.trump, self.maker = self.upcard[1], dealer
            self._take_upcard(dealer)
        else:
            self.phase, self.to_act = BID1, (dealer + 1) % self.seats

    def _trump_made(self) -> None:
        """Trump is named and the up card laid away: who plays alone, then the first lead."""
        variant = self.rules.variant
        if variant == "call_ace":
            self.phase, self.to_act = CALL_ACE_PHASE, self.maker
        elif self.blind_alone:
            self._maker_decides_alone(cast(int, self.maker), True, record=False)
        elif variant == "euchre":
            self.phase, self.to_act = ALONE_PHASE, self.maker
        else:
            self._start_play()  # two- and three-handed: the maker already plays alone

    def _maker_decides_alone(self, seat: int, alone: bool, record: bool = True) -> None:
        if record:
            self.alone_decisions.append((seat, "maker", alone))
        if alone:
            self.maker_alone = True
            self.active[(seat + 2) % 4] = False
        if self.rules.defend_alone:
            self.phase, self.to_act = DEFEND_PHASE, self._defenders_in_order()[0]
        else:
            self._start_play()

    def _defenders_in_order(self) -> list[int]:
        """Defenders are asked from the dealer's left, clockwise."""
        maker = cast(int, self.maker)  # trump is made
        order = [(self.dealer + offset) % 4 for offset in range(1, 5)]
        return [seat for seat in order if seat % 2 != maker % 2]

    def _defender_decides_alone(self, seat: int, alone: bool) -> None:
        self.alone_decisions.append((seat, "defender", alone))
        if alone:
            self.lone_defender = seat
            self.active[(seat + 2) % 4] = False
            self._start_play()
            return
        first, second = self._defenders_in_order()
        if seat == first:
            self.to_act = second
        else:
            self._start_play()

    def _call_ace(self, seat: int, action: str) -> None:
        if action == ALONE:
            self.alone_decisions.append((seat, "maker", True))
            self.maker_alone = True  # call-ace: nobody sits out, the other three defend
        else:
            suit = action[4:]
            self.called_suit = suit
            self.partner, self.partner_card = self._called_partner(suit)
        self._start_play()

    def _called_partner(self, suit: str) -> tuple[int | None, str | None]:
        """Seed 003: the holder of the called ace, or if nobody holds it the holder of the
        highest card of that suit; the maker is never their own partner."""
        others = [seat for seat in range(self.seats) if seat != self.maker]
        ace = "A" + suit
        for seat in others:
            if ace in self.hands[seat]:
                return seat, ace
        order = suit_rank_order(suit, self.trump, self.rules.call_ace_printed_suit)
        best: tuple[int, int, str] | None = None
        for seat in others:
            for card in self.hands[seat]:
                strength = order.get(card)
                if strength is not None and (best is None or strength > best[0]):
                    best = (strength, seat, card)
        if best is None:
            return None, None  # nobody else holds a card of that suit: the maker plays alone
        return best[1], best[2]
