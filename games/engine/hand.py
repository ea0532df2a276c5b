"""One hand of Euchre as a state machine: the deal, the bidding (bidding.py), the tricks, the
score (scoring.py), the record (hand_record.py).

`HandState` is mutable for speed (random playouts, search); the immutable face of the engine
is `Game`, which derives a `HandState` from a seed and a list of actions. The play of the cards
is here: it is the hot path of every simulation, so it stays short.
"""

from __future__ import annotations

from typing import cast

from .actions import FOLLOWING, PLAY, PLAYED_CARD
from .bidding import Bidding
from .cards import EFFECTIVE_SUIT, LEAD_STRENGTH, SUIT_NAMES
from .deal import Deal
from .errors import IllegalAction
from .hand_record import Recording
from .kitty import can_go_under
from .phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    DEFEND_PHASE,
    DISCARD_PHASE,
    DONE,
    PLAY_PHASE,
)
from .playout import RandomPlayout
from .records import Bid, Trick
from .rules import RuleOptions
from .scoring import Scoring
from .seating import NEXT_SEAT, play_seating

_PLAY_OF = PLAY.__getitem__


def partner_of(seat: int) -> int:
    """The partner in the four-player partnership game."""
    return (seat + 2) % 4


def team_of(seat: int) -> int:
    return seat % 2


class HandState(Bidding, Scoring, Recording, RandomPlayout):
    __slots__ = (
        "rules",
        "number",
        "dealer",
        "seats",
        "dealt",
        "hands",
        "upcard",
        "upcard_suit",
        "original_kitty",
        "kitty",
        "phase",
        "to_act",
        "bids",
        "went_under",
        "exchange",
        "redeal_by",
        "blind_alone",
        "naming_takes_upcard",
        "trump",
        "maker",
        "taker",
        "discarded",
        "maker_alone",
        "alone_decisions",
        "lone_defender",
        "called_suit",
        "partner",
        "partner_card",
        "partner_shown",
        "makers",
        "active",
        "players",
        "next_seat",
        "leader",
        "trick_cards",
        "play_orders",
        "_trick_log",
        "_tricks",
        "tricks_by_seat",
        "watch_plays",
        "reneging",
        "partnered",
        "kitty_options",
        "renege",
        "renege_found",
        "outcome",
        "scoring_team",
        "points",
        "points_by_scorer",
        "forfeit_to",
        "robson_choice",
        "_legal",
        "_following",
        "_strength",
        "_best",
        "_winner",
    )

    def __init__(self, rules: RuleOptions, dealer: int, deal: Deal, number: int = 0) -> None:
        seats = len(deal.hands)
        flags = rules.hand_flags
        partnered, self.reneging, self.watch_plays, self.kitty_options, upcard_rules = flags
        self.partnered = partnered
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.seats = seats
        self.dealt = deal.hands
        self.hands = [*map(list, deal.hands)]
        self.upcard = deal.upcard
        self.upcard_suit: str | None = deal.upcard[1]  # the suit round one proposes
        self.original_kitty = deal.kitty
        self.kitty = list(deal.kitty)
        self.to_act: int | None = (dealer + 1) % seats
        self.bids: list[Bid] = []
        self.went_under = None
        self.exchange = None
        self.redeal_by: int | None = None
        self.blind_alone = False
        self.naming_takes_upcard = False
        self.trump: str | None = None
        self.maker: int | None = None
        self.taker: int | None = None
        self.discarded: str | None = None
        self.maker_alone = False
        self.alone_decisions: list[tuple[int, str, bool]] = []
        self.lone_defender: int | None = None
        self.called_suit: str | None = None
        self.partner: int | None = None
        self.partner_card: str | None = None
        self.partner_shown = False
        self.makers: tuple[int, ...] = ()
        self.active = [True, True, True, True] if seats == 4 else [True] * seats
        self.players = seats  # seats taking part in the play: fewer when someone is alone
        self.next_seat = NEXT_SEAT[seats]
        self.leader: int | None = None
        self.trick_cards: list[str] = []
        self.play_orders: tuple[tuple[int, ...], ...] | None = None  # per leader, for the play
        self._trick_log: list[tuple[int, list[str], int]] = []  # (leader, cards, winner)
        self._tricks: list[Trick] = []  # `tricks`, built from the log when asked
        self.tricks_by_seat = [0, 0, 0, 0] if seats == 4 else [0] * seats
        self.renege = None
        self.renege_found = None  # (seat, card) of the first renege in the current trick
        self.outcome: str | None = None
        self.scoring_team: int | None = None
        self.points = 0
        self.points_by_scorer = [0, 0] if partnered else [0] * seats
        self.forfeit_to: int | None = None
        self.robson_choice: str | None = None
        self._legal: list[str] | None = None  # legal_actions() cached until the next apply
        # FOLLOWING's table for the card led, while a trick is on and suit must be followed
        self._following: dict[str, str] | None = None
        # the trick's strength table (LEAD_STRENGTH), its strongest card's strength and seat so
        # far: kept as the cards fall, so that the last card settles the trick at once
        self._strength: dict[str, int] | None = None
        self._best = 0
        self._winner = 0
        self.phase = self._opening_phase() if upcard_rules else BID1

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
        other._trick_log = list(self._trick_log)
        other._tricks = list(self._tricks)
        other.tricks_by_seat = list(self.tricks_by_seat)
        other.points_by_scorer = list(self.points_by_scorer)
        return other

    # ---- what may be done now -------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat to act. The list is cached: do not change it."""
        legal = self._legal
        if legal is None:
            if self.phase == PLAY_PHASE:
                # inline, and C-level maps rather than comprehensions: the play is most of a
                # random playout's actions
                # (a seat is to act in the play: see hand_fields.pyi on the ignores)
                hand, following = self.hands[self.to_act], self._following  # type: ignore[index]
                if following is not None:
                    legal = [*filter(None, map(following.get, hand))] or [*map(_PLAY_OF, hand)]
                else:
                    legal = [*map(_PLAY_OF, hand)]
            else:
                legal = self._bidding_actions()
            self._legal = legal
        return legal

    def playable_cards(self, seat: int) -> list[str]:
        """Follow suit if you can (the left bower and the Benny count as trump); else anything.
        With a renege rule on, these are the cards an honest player may play."""
        hand = self.hands[seat]
        if not self.trick_cards:
            return list(hand)
        effective = EFFECTIVE_SUIT[self.trump]  # type: ignore[index]  # named before the play
        led = effective[self.trick_cards[0]]
        following = [card for card in hand if effective[card] == led]
        return following or list(hand)

    def honest_actions(self) -> list[str]:
        """The legal actions without a renege: what a computer player chooses from."""
        if self.phase == PLAY_PHASE and self.reneging:
            # the play: a seat is to act
            return [PLAY[card] for card in self.playable_cards(self.to_act)]  # type: ignore[arg-type]
        return self.legal_actions()

    # ---- applying an action ---------------------------------------------------------------

    def apply(self, action: str) -> None:
        legal = self._legal
        if legal is None:
            if self.to_act is None or self.phase == DONE:
                raise IllegalAction("This hand is over")
            legal = self.legal_actions()
        if action not in legal:
            if self.to_act is None or self.phase == DONE:
                raise IllegalAction("This hand is over")
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        # `action` is legal, so a seat is to act, and in the play trump is named and a card led
        # sets the trick's tables (the ignores here and below: see hand_fields.pyi)
        seat: int = self.to_act  # type: ignore[assignment]
        if self.phase != PLAY_PHASE:
            self._apply_bidding(self.phase, seat, action)
            return
        card, trick = PLAYED_CARD[action], self.trick_cards
        if self.watch_plays:
            self._watch_play(seat, card)
        self.hands[seat].remove(card)
        if trick:
            strength = self._strength[card]  # type: ignore[index]  # set by the trick's lead
            if strength > self._best:  # the first strongest card takes the trick: no two tie
                self._best, self._winner = strength, seat
        else:
            self._strength = strengths = LEAD_STRENGTH[self.trump][card]  # type: ignore[index]
            self._best, self._winner = strengths[card], seat
            if not self.reneging:
                self._following = FOLLOWING[self.trump][card]  # type: ignore[index]
        trick.append(card)
        following_seat = self.next_seat[seat]
        if following_seat != self.leader:
            self.to_act = following_seat
        else:  # round to the leader again: every player in the hand has played
            self._finish_trick()

    def _why_illegal(self, action: str) -> str:
        if self.phase == PLAY_PHASE:
            if not action.startswith("play:"):
                return f"'{action}' is not allowed now: play a card"
            card = action[5:]
            if card not in self.hands[cast(int, self.to_act)]:
                return "You do not hold that card"
            led = EFFECTIVE_SUIT[cast(str, self.trump)][self.trick_cards[0]]
            return f"You must follow suit: {SUIT_NAMES[led]} were led"
        return self._why_bid_illegal(action)

    def _watch_play(self, seat: int, card: str) -> None:
        """Call-ace: the partner shows with the called card. Renege rules: note a card that
        does not follow suit although the player could."""
        if card == self.partner_card:
            self.partner_shown = True
        if (
            self.trick_cards
            and self.renege_found is None
            and self.reneging
            and card not in self.playable_cards(seat)
        ):
            self.renege_found = (seat, card)

    # ---- the play -------------------------------------------------------------------------

    def _opening_leader(self) -> int:
        if self.rules.opening_lead == "loner_left":
            if self.lone_defender is not None:
                # seed 002: with both teams alone the defender leads, else a lone defender's left
                if self.maker_alone:
                    return self.lone_defender
                return self.next_seat[self.lone_defender]
            if self.maker_alone:
                return self.next_seat[cast(int, self.maker)]
        return self.next_seat[self.dealer]

    def _start_play(self) -> None:
        maker = cast(int, self.maker)  # trump is made
        if self.partnered:
            self.makers = (maker, (maker + 2) % 4)
        else:
            self.makers = self._maker_side()
        self.players = self.active.count(True)
        self.next_seat, self.play_orders = play_seating(self.active)
        self.leader = self._opening_leader()
        self.phase, self.to_act = PLAY_PHASE, self.leader

    def _maker_side(self) -> tuple[int, ...]:
        maker = cast(int, self.maker)  # trump is made
        if self.partnered:
            return (maker, (maker + 2) % 4)
        if self.partner is not None:
            return (maker, self.partner)
        return (maker,)

    def _finish_trick(self) -> None:
        cards, log, winner = self.trick_cards, self._trick_log, self._winner
        # `cards` is never changed again; a trick has its leader (the ignore: hand_fields.pyi)
        log.append((self.leader, cards, winner))  # type: ignore[arg-type]
        self.tricks_by_seat[winner] += 1
        self.trick_cards, self._following = [], None
        if self.renege_found is not None:
            self._penalise_renege(*self.renege_found)
        elif len(log) == self.rules.hand_size:
            self._score()
        else:
            self.leader = self.to_act = winner

    # ---- derived facts --------------------------------------------------------------------

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks (do not change the list): built when asked, since a random
        playout never asks."""
        tricks, log = self._tricks, self._trick_log
        if len(tricks) < len(log):
            orders = cast("tuple[tuple[int, ...], ...]", self.play_orders)  # set for the play
            for leader, cards, winner in log[len(tricks) :]:
                plays = tuple(zip(orders[leader], cards, strict=True))
                tricks.append(Trick(leader, plays, winner))
        return tricks

    @property
    def trick_seats(self) -> list[int]:
        """Who played the cards of the trick on the table, in order."""
        cards = self.trick_cards
        if not cards:
            return []
        orders = cast("tuple[tuple[int, ...], ...]", self.play_orders)  # set for the play
        return list(orders[cast(int, self.leader)][: len(cards)])

    @property
    def is_over(self) -> bool:
        return self.phase == DONE

    @property
    def upcard_taken(self) -> bool:
        return self.taker is not None

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won this hand per score: per team with partners, else per player."""
        if self.partnered:
            won = self.tricks_by_seat
            return [won[0] + won[2], won[1] + won[3]]
        return list(self.tricks_by_seat)


__all__ = [
    "ALONE_PHASE",
    "BID1",
    "BID2",
    "DEFEND_PHASE",
    "DISCARD_PHASE",
    "DONE",
    "PLAY_PHASE",
    "HandState",
    "can_go_under",
    "partner_of",
    "team_of",
]
