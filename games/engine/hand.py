"""One hand of Euchre as a state machine: deal, two rounds of bidding, the dealer's discard,
alone decisions, five tricks, and the score.

`HandState` is mutable for speed (random playouts, search); the immutable face of the engine
is `Game`, which derives a `HandState` from a seed and a list of actions.
"""

from __future__ import annotations

from .actions import (
    ALONE,
    CALL,
    DISCARD,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    PLAY,
    go_under_action,
    go_under_actions,
)
from .cards import EFFECTIVE_SUIT, NINES_AND_TENS, NO_TRUMP, SUIT_NAMES, SUITS, trick_winner_index
from .deal import Deal
from .errors import IllegalAction
from .records import ALL_PASS, EUCHRE, MAKE, MARCH, Bid, HandRecord, Trick, WentUnder
from .rules import RuleOptions

BID1, BID2, DISCARD_PHASE, ALONE_PHASE, DEFEND_PHASE, PLAY_PHASE, DONE = (
    "bid1",
    "bid2",
    "discard",
    "alone",
    "defend",
    "play",
    "done",
)


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def team_of(seat: int) -> int:
    return seat % 2


def can_go_under(dealt: tuple[str, ...] | list[str]) -> bool:
    """Seed 000: a hand dealt with three or more nines or tens."""
    return sum(card in NINES_AND_TENS for card in dealt) >= 3


class HandState:
    __slots__ = (
        "rules",
        "number",
        "dealer",
        "dealt",
        "hands",
        "upcard",
        "original_kitty",
        "kitty",
        "phase",
        "to_act",
        "bids",
        "went_under",
        "trump",
        "maker",
        "discarded",
        "maker_alone",
        "alone_decisions",
        "lone_defender",
        "active",
        "players",
        "next_seat",
        "leader",
        "trick_cards",
        "trick_seats",
        "tricks",
        "tricks_won",
        "outcome",
        "scoring_team",
        "points",
        "_legal",
    )

    def __init__(self, rules: RuleOptions, dealer: int, deal: Deal, number: int = 0) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.dealt = deal.hands
        self.hands = [list(cards) for cards in deal.hands]
        self.upcard = deal.upcard
        self.original_kitty = deal.kitty
        self.kitty = list(deal.kitty)
        self.phase = BID1
        self.to_act: int | None = (dealer + 1) % 4
        self.bids: list[Bid] = []
        self.went_under: WentUnder | None = None
        self.trump: str | None = None
        self.maker: int | None = None
        self.discarded: str | None = None
        self.maker_alone = False
        self.alone_decisions: list[tuple[int, str, bool]] = []
        self.lone_defender: int | None = None
        self.active = [True, True, True, True]
        self.players = 4  # seats taking part in the play: fewer when someone is alone
        self.next_seat = [1, 2, 3, 0]
        self.leader: int | None = None
        self.trick_cards: list[str] = []
        self.trick_seats: list[int] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self.outcome: str | None = None
        self.scoring_team: int | None = None
        self.points = 0
        self._legal: list[str] | None = None  # legal_actions() cached until the next apply

    def clone(self) -> HandState:
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(cards) for cards in self.hands]
        other.kitty = list(self.kitty)
        other.bids = list(self.bids)
        other.alone_decisions = list(self.alone_decisions)
        other.active = list(self.active)
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.tricks = list(self.tricks)
        other.tricks_won = list(self.tricks_won)
        return other

    # ---- what may be done now -------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat to act. The list is cached: do not change it."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal_actions()
        return legal

    def _list_legal_actions(self) -> list[str]:
        phase, seat = self.phase, self.to_act
        if phase == PLAY_PHASE:
            hand = self.hands[seat]
            if self.trick_cards:
                effective = EFFECTIVE_SUIT[self.trump]
                led = effective[self.trick_cards[0]]
                following = [PLAY[card] for card in hand if effective[card] == led]
                if following:
                    return following
            return [PLAY[card] for card in hand]
        if phase == BID1:
            return [PASS, ORDER_UP, *self._under_actions(seat)]
        if phase == BID2:
            rules = self.rules
            actions = [] if rules.stick_the_dealer and seat == self.dealer else [PASS]
            turned_down = self.upcard[1]
            actions.extend(CALL[suit] for suit in SUITS if suit != turned_down)
            if rules.no_trump:
                actions.append(CALL[NO_TRUMP])
            actions.extend(self._under_actions(seat))
            return actions
        if phase == DISCARD_PHASE:
            keep_upcard = not self.rules.dealer_may_discard_upcard
            return [
                DISCARD[card]
                for card in self.hands[seat]
                if not (keep_upcard and card == self.upcard)
            ]
        if phase in (ALONE_PHASE, DEFEND_PHASE):
            return [ALONE, NOT_ALONE]
        return []

    def playable_cards(self, seat: int) -> list[str]:
        """Follow suit if you can (the left bower counts as trump); else anything."""
        hand = self.hands[seat]
        if not self.trick_cards:
            return list(hand)
        effective = EFFECTIVE_SUIT[self.trump]
        led = effective[self.trick_cards[0]]
        following = [card for card in hand if effective[card] == led]
        return following or list(hand)

    def _under_actions(self, seat: int) -> list[str]:
        if not self.rules.going_under or self.went_under is not None:
            return []
        if not can_go_under(self.dealt[seat]):
            return []
        return go_under_actions(self.hands[seat])

    # ---- applying an action ---------------------------------------------------------------

    def apply(self, action: str) -> None:
        phase, seat = self.phase, self.to_act
        if phase == DONE or seat is None:
            raise IllegalAction("This hand is over")
        legal = self._legal
        if legal is None:
            legal = self._list_legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        if phase == PLAY_PHASE:
            card, trick = action[5:], self.trick_cards
            self.hands[seat].remove(card)
            trick.append(card)
            self.trick_seats.append(seat)
            if len(trick) < self.players:
                self.to_act = self.next_seat[seat]
            else:
                self._finish_trick()
            return
        if action.startswith("under:"):
            self._go_under(seat, tuple(action[6:].split(",")))
        elif phase == BID1:
            self._bid_round_one(seat, action)
        elif phase == BID2:
            self._bid_round_two(seat, action)
        elif phase == DISCARD_PHASE:
            card = action[8:]
            self.hands[seat].remove(card)
            self.discarded = card
            self.phase, self.to_act = ALONE_PHASE, self.maker
        elif phase == ALONE_PHASE:
            self._maker_decides_alone(seat, action == ALONE)
        else:
            self._defender_decides_alone(seat, action == ALONE)

    def _why_illegal(self, action: str) -> str:
        if self.phase == PLAY_PHASE:
            if not action.startswith("play:"):
                return f"'{action}' is not allowed now: play a card"
            card = action[5:]
            if card not in self.hands[self.to_act]:
                return "You do not hold that card"
            led = EFFECTIVE_SUIT[self.trump][self.trick_cards[0]]
            return f"You must follow suit: {SUIT_NAMES[led]} were led"
        if action.startswith("under:"):
            return (
                "Going under is not allowed now (three or more nines or tens, on your turn to bid)"
            )
        if action == PASS and self.phase == BID2 and self.rules.stick_the_dealer:
            return "Stick the dealer: the dealer must name a suit"
        return f"'{action}' is not allowed now"

    def _go_under(self, seat: int, given: tuple[str, ...]) -> None:
        hand = self.hands[seat]
        for card in given:
            hand.remove(card)
        received = tuple(self.kitty)
        hand.extend(received)
        self.kitty = list(given)
        self.went_under = WentUnder(seat=seat, given=given, received=received)

    def _bid_round_one(self, seat: int, action: str) -> None:
        self.bids.append(Bid(seat, 1, action))
        if action == ORDER_UP:
            self.trump, self.maker = self.upcard[1], seat
            self.hands[self.dealer].append(self.upcard)
            self.phase, self.to_act = DISCARD_PHASE, self.dealer
        elif seat == self.dealer:
            self.phase, self.to_act = BID2, (seat + 1) % 4
        else:
            self.to_act = (seat + 1) % 4

    def _bid_round_two(self, seat: int, action: str) -> None:
        self.bids.append(Bid(seat, 2, action))
        if action != PASS:
            self.trump, self.maker = action[5:], seat
            self.phase, self.to_act = ALONE_PHASE, seat
        elif seat == self.dealer:
            # everybody passed twice: no score, the next dealer deals again
            self.phase, self.to_act, self.outcome = DONE, None, ALL_PASS
        else:
            self.to_act = (seat + 1) % 4

    def _maker_decides_alone(self, seat: int, alone: bool) -> None:
        self.alone_decisions.append((seat, "maker", alone))
        if alone:
            self.maker_alone = True
            self.active[partner_of(seat)] = False
        if self.rules.defend_alone:
            self.phase, self.to_act = DEFEND_PHASE, self._defenders_in_order()[0]
        else:
            self._start_play()

    def _defenders_in_order(self) -> list[int]:
        """Defenders are asked from the dealer's left, clockwise."""
        order = [(self.dealer + offset) % 4 for offset in range(1, 5)]
        return [seat for seat in order if team_of(seat) != team_of(self.maker)]

    def _defender_decides_alone(self, seat: int, alone: bool) -> None:
        self.alone_decisions.append((seat, "defender", alone))
        if alone:
            self.lone_defender = seat
            self.active[partner_of(seat)] = False
            self._start_play()
            return
        first, second = self._defenders_in_order()
        if seat == first:
            self.to_act = second
        else:
            self._start_play()

    def _next_active(self, seat: int) -> int:
        seat = (seat + 1) % 4
        while not self.active[seat]:
            seat = (seat + 1) % 4
        return seat

    def _opening_leader(self) -> int:
        if self.rules.opening_lead == "loner_left":
            if self.lone_defender is not None:
                # seed 002: with both teams alone the defender leads, else a lone defender's left
                if self.maker_alone:
                    return self.lone_defender
                return self._next_active(self.lone_defender)
            if self.maker_alone:
                return self._next_active(self.maker)
        return self._next_active(self.dealer)

    def _start_play(self) -> None:
        self.players = self.active.count(True)
        self.next_seat = [self._next_active(seat) for seat in range(4)]
        self.leader = self._opening_leader()
        self.phase, self.to_act = PLAY_PHASE, self.leader

    def _finish_trick(self) -> None:
        cards, seats = self.trick_cards, self.trick_seats
        winner = seats[trick_winner_index(cards, self.trump)]
        self.tricks.append(Trick(seats[0], tuple(zip(seats, cards, strict=True)), winner))
        self.tricks_won[winner % 2] += 1
        self.trick_cards, self.trick_seats = [], []
        if len(self.tricks) == 5:
            self._score()
        else:
            self.leader = self.to_act = winner

    def _score(self) -> None:
        maker_team = team_of(self.maker)
        made = self.tricks_won[maker_team]
        if made >= 3:
            self.scoring_team = maker_team
            if made == 5:
                self.outcome, self.points = MARCH, 4 if self.maker_alone else 2
            else:
                self.outcome, self.points = MAKE, 1
        else:
            self.scoring_team = 1 - maker_team
            self.outcome = EUCHRE
            self.points = 4 if self.lone_defender is not None else 2
        self.phase, self.to_act, self.leader = DONE, None, None

    # ---- derived facts --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == DONE

    @property
    def upcard_taken(self) -> bool:
        return self.phase not in (BID1, BID2) and bool(self.bids) and self.bids[-1].call == ORDER_UP

    def record(self, score_after: tuple[int, int]) -> HandRecord:
        maker_tricks = None if self.maker is None else self.tricks_won[team_of(self.maker)]
        return HandRecord(
            number=self.number,
            dealer=self.dealer,
            dealt=self.dealt,
            upcard=self.upcard,
            kitty=self.original_kitty,
            went_under=self.went_under,
            bids=tuple(self.bids),
            trump=self.trump,
            maker=self.maker,
            discard=self.discarded,
            maker_alone=self.maker_alone,
            lone_defender=self.lone_defender,
            tricks=tuple(self.tricks),
            outcome=self.outcome or "",
            maker_tricks=maker_tricks,
            scoring_team=self.scoring_team,
            points=self.points,
            score_after=score_after,
        )


__all__ = ["HandState", "can_go_under", "go_under_action", "partner_of", "team_of"]
