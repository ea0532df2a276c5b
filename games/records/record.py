"""The record of a finished game, for anyone to read: who sat where, the final score, the score
sheet and every trick, with each variant's own facts (an exchange, a redeal, the called ace and
its partner, a renege and its penalty, Robson's choice) and per-player scores where players
score alone.

Public information only. It is built from the engine's public hand records (what every seat's
view shows), which hold the up card and the cards played face up, never the dealt hands, the
kitty, the dealer's discard, the cards swapped by going under or an exchange (but the nines
and tens a Farmer's call showed the table), or a lone maker's partner's hand. A call-ace
partner is public once the hand is over (everyone saw the called card, or the hand ended).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.engine import HandRecord, RuleOptions
from games.engine.records import ALL_PASS, EUCHRE, MAKE, MARCH, REDEAL, RENEGE
from games.models import Game, Seat
from games.selectors import engine_game, rules_preset_name, seat_name

from .cards import CardFace, Suit

RESULTS = {
    MAKE: "made",
    MARCH: "march",
    EUCHRE: "euchred",
    ALL_PASS: "all passed",
    REDEAL: "thrown in",
    RENEGE: "renege",
}
EXCHANGES = {"farmers_hand": "a farmer's hand", "ace_no_face": "an ace and no face card"}
RENEGE_PENALTIES = {
    "all_tricks": "every trick of the hand went to the other side",
    "two_points": "2 points to the other side, and the hand ended",
    "forfeit": "the game went to the other side",
}
VARIANT_NAMES = {
    "euchre": "four players in two partnerships",
    "two_handed": "two-handed",
    "three_handed": "three-handed",
    "call_ace": "call-ace",
}


@dataclass(frozen=True)
class RecordSeat:
    position: int
    team: int | None  # the partnership game's team (seats 0 and 2 are team 0); None without
    name: str  # the player's display name, or the computer's name ("Ada")
    user_id: int | None
    cancelled: bool  # the player left; the computer finished the game in this seat
    level: str | None = None  # a computer of the table: how it plays ("strong"), its badge


@dataclass(frozen=True)
class Side:
    """Who shares a score: a team of two partners, or one player who plays for themself."""

    number: int  # the team, or the player's seat
    name: str  # "Ann & Cid", or "Ann"
    positions: tuple[int, ...]
    score: int
    won: bool


@dataclass(frozen=True)
class SideScore:
    score: int  # after the hand
    gain: int  # what the hand gave (Robson's reduce takes points off: negative)


@dataclass(frozen=True)
class PlayedCard:
    seat: RecordSeat
    face: CardFace
    won: bool  # this card took the trick


@dataclass(frozen=True)
class TrickLine:
    number: int  # 1 to 5 (7 in seven-card three-handed)
    leader: RecordSeat
    plays: tuple[PlayedCard, ...]  # in play order, the lead first
    winner: RecordSeat


@dataclass(frozen=True)
class HandLine:
    number: int  # 1, 2, ...
    dealer: RecordSeat
    upcard: CardFace
    upcard_taker: RecordSeat | None  # who picked the up card up (the dealer, or a partner)
    trump: Suit  # the letter is None when nobody named trump
    maker: RecordSeat | None
    maker_alone: bool
    partner: RecordSeat | None  # call-ace: the called card's holder
    called_suit: Suit | None  # call-ace: the suit of the ace the maker called
    result: str  # made, march, euchred, all passed, thrown in, renege
    maker_tricks: int | None
    scores: tuple[SideScore, ...]  # one per side, in the sides' order
    facts: tuple[str, ...]  # the hand in sentences, in the order things happened
    tricks: tuple[TrickLine, ...]

    @property
    def made_by(self) -> str:
        """The score sheet's "made by": the maker, with the called partner in call-ace."""
        if self.maker is None:
            return "—"
        if self.partner is not None:
            return f"{self.maker.name} with {self.partner.name}"
        return self.maker.name


@dataclass(frozen=True)
class GameRecord:
    game_id: int
    kind: str
    finished_at: datetime | None
    variant: str | None  # the preset's name, if the rules are one
    rules: tuple[str, ...]  # the table's rule options, in words
    seats: tuple[RecordSeat, ...]
    sides: tuple[Side, ...]  # two teams, or every player
    partnerships: bool
    winning_seats: tuple[int, ...]
    hands: tuple[HandLine, ...]


def game_record(*, game_id: int) -> GameRecord | None:
    """The record of a game that was played to a winner; None for any other game (unknown,
    not started, still playing, or a private table closed before it started)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None or not game.has_winner:
        return None
    engine = engine_game(game)
    if engine.winner is None:
        return None  # the stored row and its log disagree: show nothing rather than guess
    rules = engine.rules
    seat_rows: list[Seat] = list(game.seats.select_related("user").order_by("position"))
    names = [seat_name(game, seat) for seat in seat_rows]
    seats = tuple(
        RecordSeat(
            position=seat.position,
            team=seat.position % 2 if rules.partnerships else None,
            # the computers' names differ from each other, not always from a person's
            name=f"{name} (computer)" if seat.user_id is None and names.count(name) > 1 else name,
            user_id=seat.user_id,
            cancelled=seat.cancelled,
            level=game.computer_level if seat.user_id is None else None,
        )
        for seat, name in zip(seat_rows, names, strict=True)
    )
    sides = _sides(rules, seats, engine.score, set(engine.winning_seats))
    # the spectator's view: public hand records only
    history = engine.spectator_view().history
    return GameRecord(
        game_id=game.pk,
        kind=game.get_kind_display(),
        finished_at=game.finished_at,
        variant=rules_preset_name(rules),
        rules=rules_in_words(rules),
        seats=seats,
        sides=sides,
        partnerships=rules.partnerships,
        winning_seats=tuple(engine.winning_seats),
        hands=tuple(_hand_line(record, seats, rules) for record in history),
    )


def seat_places(
    record: GameRecord, viewer: RecordSeat | None
) -> tuple[tuple[RecordSeat, str], ...]:
    """Each seat with where it sat from the viewer's seat, in the table's words ("on your left",
    "your partner", "across", "on your right"); no words for a reader who did not play."""
    count = len(record.seats)
    if viewer is None:
        return tuple((seat, "") for seat in record.seats)
    across = "your partner" if record.partnerships else "across"
    words = {
        4: ("", "on your left", across, "on your right"),
        3: ("", "on your left", "on your right"),
        2: ("", "across"),
    }[count]
    return tuple((seat, words[(seat.position - viewer.position) % count]) for seat in record.seats)


def _sides(
    rules: RuleOptions, seats: tuple[RecordSeat, ...], score: tuple[int, ...], winners: set[int]
) -> tuple[Side, ...]:
    groups = [
        tuple(seat for seat in seats if rules.scorer_of(seat.position) == scorer)
        for scorer in range(rules.scorers)
    ]
    return tuple(
        Side(
            number=scorer,
            name=" & ".join(seat.name for seat in group),
            positions=tuple(seat.position for seat in group),
            score=score[scorer],
            won=bool(winners & {seat.position for seat in group}),
        )
        for scorer, group in enumerate(groups)
    )


def rules_in_words(rules: RuleOptions) -> tuple[str, ...]:
    words = [VARIANT_NAMES[rules.variant], f"to {rules.target_score}"]
    if rules.hand_size != 5:
        words.append(f"{rules.hand_size} cards each")
    if rules.deck != 24:
        words.append(f"{rules.deck} cards")
    if rules.benny != "none":
        words.append("the joker as Benny" if rules.benny == "joker" else "the 2♠ as Benny")
    under = "going under"
    if rules.going_under_form == "farmers_call":
        under = "going under by Farmer's call (three nines and tens, shown)"
    for option, label in (
        ("going_under", under),
        ("farmers_hand", "farmer's hand"),
        ("ace_no_face", "ace no face"),
        ("no_ace_no_face_no_trump", "redeal without ace, face or trump"),
        ("stick_the_dealer", "stick the dealer"),
        ("defend_alone", "defending alone"),
        ("dealers_partner_alone", "Canadian loner"),
        ("partner_takes_upcard", "partner takes the up card"),
        ("robson", "Robson"),
        ("call_ace_printed_suit", "called suit ranked as printed"),
        ("win_by_two", "win by two"),
        ("no_trump", "no trump"),
    ):
        if getattr(rules, option):
            words.append(label)
    if rules.renege != "off":
        words.append(f"renege: {RENEGE_PENALTIES[rules.renege]}")
    if rules.first_dealer == "black_jack":
        words.append("first dealer by black jack")
    return tuple(words)


def _hand_line(record: HandRecord, seats: tuple[RecordSeat, ...], rules: RuleOptions) -> HandLine:
    def seat(position: int | None) -> RecordSeat | None:
        return None if position is None else seats[position]

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
    gains = record.points_by_scorer or (0,) * rules.scorers
    return HandLine(
        number=record.number + 1,
        dealer=seats[record.dealer],
        upcard=CardFace.of(record.upcard),
        upcard_taker=seat(record.taker),
        trump=Suit.of(record.trump),
        maker=seat(record.maker),
        maker_alone=record.maker_alone,
        partner=seat(record.partner),
        called_suit=Suit.of(record.called_suit) if record.called_suit else None,
        result=RESULTS.get(record.outcome, record.outcome),
        maker_tricks=record.maker_tricks,
        scores=tuple(
            SideScore(score=score, gain=gain)
            for score, gain in zip(record.score_after, gains, strict=True)
        ),
        facts=hand_facts(record, seats, rules),
        tricks=tricks,
    )


def hand_facts(
    record: HandRecord, seats: tuple[RecordSeat, ...], rules: RuleOptions
) -> tuple[str, ...]:
    """What happened in the hand, in sentences, from its public record."""
    name = {seat.position: seat.name for seat in seats}
    facts = []
    under = record.went_under
    if under is not None and under.shown and under.given:
        shown = " ".join(CardFace.of(card).label for card in under.given)
        facts.append(
            f"{name[under.seat]} called Farmer's: showed {shown} and took the three centre cards."
        )
    elif under is not None:
        facts.append(f"{name[under.seat]} went under.")
    if record.exchange is not None:
        why = EXCHANGES.get(record.exchange.kind, record.exchange.kind)
        facts.append(f"{name[record.exchange.seat]} exchanged three cards with the kitty ({why}).")
    if record.outcome == REDEAL:
        if record.redeal_by is not None:
            asker = name[record.redeal_by]
            facts.append(f"{asker} asked for a redeal: the same dealer dealt again.")
        else:
            facts.append("The Benny was turned up: thrown in, and the same dealer dealt again.")
        return tuple(facts)
    if any(bid.call == "see_hand" for bid in record.bids):
        dealer = name[record.dealer]
        facts.append(f"A jack turned up: {dealer} looked at the hand (not alone blind).")
    if record.maker is None:
        facts.append("Everyone passed; the next dealer dealt again.")
        return tuple(facts)
    facts.extend(_making(record, record.maker, name))
    if record.called_suit is not None:
        suit = Suit.of(record.called_suit)
        called = f"{name[record.maker]} called the ace of {suit.name}"
        if record.partner is None:
            facts.append(f"{called}; nobody else held {suit.name}: no partner this hand.")
        else:
            facts.append(f"{called}: {name[record.partner]} was the partner.")
    if record.lone_defender is not None:
        facts.append(f"{name[record.lone_defender]} defended alone.")
    if record.renege is not None:
        renege = record.renege
        card = CardFace.of(renege.card).label
        penalty = RENEGE_PENALTIES.get(renege.penalty, renege.penalty)
        facts.append(
            f"{name[renege.seat]} reneged with the {card} in trick {renege.trick + 1}: {penalty}."
        )
    if record.robson_choice is not None:
        swept = record.maker_tricks == rules.hand_size
        chooser = record.maker if swept else record.tricks[-1].winner
        if record.robson_choice == "add":
            facts.append(f"A sweep: {name[chooser]} chose to add the points.")
        else:
            facts.append(f"A sweep: {name[chooser]} chose to take the points off the other side.")
    return tuple(facts)


def _making(record: HandRecord, maker_seat: int, name: dict[int, str]) -> tuple[str, ...]:
    """How trump was made, in the order it happened: the up card turned down (trump named in
    the second round), or ordered up and then picked up."""
    maker = name[maker_seat]
    alone = " and went alone" if record.maker_alone else ""
    # the bid that made trump (a Robson dealer's "see_hand" is a bid of round 0, not a call)
    deciding_bid = next(
        (bid for bid in record.bids if bid.call == "order_up" or bid.call.startswith("call:")),
        None,
    )
    trump = Suit.of(record.trump)
    if record.blind_alone:
        return (f"{maker} went alone blind (a jack turned up), with {trump.name} as trump.",)
    if deciding_bid is not None and deciding_bid.call == "order_up":
        taker = record.taker
        if taker is None or taker == maker_seat:
            return (f"{maker} picked it up{alone}.",)  # the dealer took the up card
        return (f"{maker} ordered it up{alone}; {name[taker]} picked it up.",)
    if trump.letter == "N":
        made = f"{maker} named no trump{alone}."
    else:
        made = f"{maker} named {trump.symbol} {trump.name}{alone}."
    if deciding_bid is not None and deciding_bid.round == 2:
        return ("The up card was turned down.", made)
    return (made,)
