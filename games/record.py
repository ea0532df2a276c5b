"""The record of a finished game, for anyone to read: who sat where, the final score, the score
sheet and every trick.

Public information only. It is built from the engine's public hand records (what every seat's
view shows), which hold the up card and the cards played face up, never the dealt hands, the
kitty, the dealer's discard, the cards swapped by going under or a lone maker's partner's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.engine import HandRecord, RuleOptions
from games.engine.cards import SUIT_NAMES
from games.engine.records import ALL_PASS, EUCHRE, MAKE, MARCH

from .models import Game, Seat
from .selectors import engine_game

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {"9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
RANK_NAMES = {"9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
RESULTS = {MAKE: "made", MARCH: "march", EUCHRE: "euchred", ALL_PASS: "all passed"}


def seat_label(seat: Seat) -> str:
    """The name a seat goes by in records: its player's, or "Computer"."""
    return seat.user.get_short_name() if seat.user is not None else "Computer"


@dataclass(frozen=True)
class CardFace:
    code: str  # "TH"
    label: str  # "10♥"
    name: str  # "Ten of hearts"
    red: bool

    @classmethod
    def of(cls, code: str) -> CardFace:
        rank, suit = code[0], code[1]
        return cls(
            code=code,
            label=RANK_LABELS[rank] + SUIT_SYMBOLS[suit],
            name=f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}",
            red=suit in "HD",
        )


@dataclass(frozen=True)
class RecordSeat:
    position: int
    team: int
    name: str
    user_id: int | None
    cancelled: bool  # the player left; the computer finished the game in this seat


@dataclass(frozen=True)
class Team:
    number: int  # 0: seats 1 and 3, 1: seats 2 and 4
    name: str  # "Ann & Cid"
    score: int
    won: bool


@dataclass(frozen=True)
class PlayedCard:
    seat: RecordSeat
    face: CardFace
    won: bool  # this card took the trick


@dataclass(frozen=True)
class TrickLine:
    number: int  # 1 to 5
    leader: RecordSeat
    plays: tuple[PlayedCard, ...]  # in play order, the lead first
    winner: RecordSeat


@dataclass(frozen=True)
class HandLine:
    number: int  # 1, 2, ...
    dealer: RecordSeat
    upcard: CardFace
    upcard_taken: bool
    went_under: RecordSeat | None
    trump: str | None  # suit letter, "N" for no trump, None when all passed
    trump_symbol: str  # "♠"; empty for no trump and when all passed
    trump_name: str  # "spades", "no trump", "—"
    maker: RecordSeat | None
    made_in_round: int | None  # 1: ordered up, 2: named in the second round
    maker_alone: bool
    lone_defender: RecordSeat | None
    result: str  # made, march, euchred, all passed
    maker_tricks: int | None
    scoring_team: int | None
    points: int
    score_after: tuple[int, int]
    tricks: tuple[TrickLine, ...]


@dataclass(frozen=True)
class GameRecord:
    game_id: int
    kind: str
    finished_at: datetime | None
    rules: tuple[str, ...]  # the table's rule options, in words
    seats: tuple[RecordSeat, ...]
    teams: tuple[Team, Team]
    winner_team: int
    hands: tuple[HandLine, ...]


def game_record(*, game_id: int) -> GameRecord | None:
    """The record of a game that was played to a winner; None for any other game (unknown,
    not started, still playing, or a private table closed before it started)."""
    game = Game.objects.filter(
        pk=game_id, status=Game.Status.FINISHED, winner_team__isnull=False
    ).first()
    if game is None:
        return None
    engine = engine_game(game)
    if engine.winner is None:
        return None  # the stored row and its log disagree: show nothing rather than guess
    seats = tuple(
        RecordSeat(
            position=seat.position,
            team=seat.position % 2,
            name=seat_label(seat),
            user_id=seat.user_id,
            cancelled=seat.cancelled,
        )
        for seat in game.seats.select_related("user").order_by("position")
    )
    score = engine.score
    teams = tuple(
        Team(
            number=team,
            name=" & ".join(seat.name for seat in seats if seat.team == team),
            score=score[team],
            won=team == engine.winner,
        )
        for team in (0, 1)
    )
    # the spectator's view: public hand records only
    history = engine.spectator_view().history
    return GameRecord(
        game_id=game.pk,
        kind=game.get_kind_display(),
        finished_at=game.finished_at,
        rules=rules_in_words(RuleOptions.from_dict(game.rules)),
        seats=seats,
        teams=(teams[0], teams[1]),
        winner_team=engine.winner,
        hands=tuple(_hand_line(record, seats) for record in history),
    )


def rules_in_words(rules: RuleOptions) -> tuple[str, ...]:
    words = [f"to {rules.target_score}"]
    for option, label in (
        ("going_under", "going under"),
        ("stick_the_dealer", "stick the dealer"),
        ("defend_alone", "defending alone"),
        ("win_by_two", "win by two"),
        ("no_trump", "no trump"),
    ):
        if getattr(rules, option):
            words.append(label)
    return tuple(words)


def _hand_line(record: HandRecord, seats: tuple[RecordSeat, ...]) -> HandLine:
    def seat(position: int | None) -> RecordSeat | None:
        return None if position is None else seats[position]

    deciding_bid = next((bid for bid in record.bids if bid.call != "pass"), None)
    tricks = tuple(
        TrickLine(
            number=number,
            leader=seats[trick.leader],
            plays=tuple(
                PlayedCard(
                    seat=seats[position], face=CardFace.of(card), won=position == trick.winner
                )
                for position, card in trick.plays
            ),
            winner=seats[trick.winner],
        )
        for number, trick in enumerate(record.tricks, start=1)
    )
    return HandLine(
        number=record.number + 1,
        dealer=seats[record.dealer],
        upcard=CardFace.of(record.upcard),
        upcard_taken=deciding_bid is not None and deciding_bid.call == "order_up",
        went_under=seat(record.went_under.seat) if record.went_under else None,
        trump=record.trump,
        trump_symbol=SUIT_SYMBOLS.get(record.trump or "", ""),
        trump_name=SUIT_NAMES[record.trump] if record.trump else "—",
        maker=seat(record.maker),
        made_in_round=deciding_bid.round if deciding_bid else None,
        maker_alone=record.maker_alone,
        lone_defender=seat(record.lone_defender),
        result=RESULTS.get(record.outcome, record.outcome),
        maker_tricks=record.maker_tricks,
        scoring_team=record.scoring_team,
        points=record.points,
        score_after=record.score_after,
        tricks=tricks,
    )
