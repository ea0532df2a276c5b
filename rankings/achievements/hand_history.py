"""Achievements found in one finished game's hand history (the engine's `HandRecord`s, with the
dealt hands: server side only), for one seat, in any variant.

    game_achievements(history, seat=0, rules=RuleOptions(), final_score=(13, 0),
                      winning_seats=(0, 2))
    == [("lucky_13", "game"), ...]

Each result is (slug, occurrence within the game): "game" for the game as a whole, "hand:N" for
hand number N. Where seed 000 speaks of a team (its game has partners), a player who plays for
themself (two-handed, three-handed, call-ace) is their own side: their own score and points.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import HandRecord, RuleOptions
from games.engine.cards import NINES_AND_TENS, NO_TRUMP, left_bower, right_bower
from games.engine.records import EUCHRE, MARCH

from .catalogue import (
    FARMERS_HAND,
    FARMERS_HAND_NINES_AND_TENS,
    LONE_WOLF,
    LUCKY_13,
    LUCKY_13_SCORE,
    MAGICIAN,
    MAGICIAN_NINES_AND_TENS,
    SPURS,
    UNDERTAKER,
    UNDERTAKER_TIMES,
)

GAME = "game"


def hand_occurrence(record: HandRecord) -> str:
    return f"hand:{record.number}"


def cards_played_by(record: HandRecord, seat: int) -> list[str]:
    return [card for trick in record.tricks for who, card in trick.plays if who == seat]


def plays_alone(record: HandRecord, seat: int, rules: RuleOptions) -> bool:
    """The seat made trump and played without anyone's help: it went alone, or it is the maker
    of two- or three-handed, who always plays alone (there is no partner to leave out)."""
    if record.maker != seat:
        return False
    return record.maker_alone or rules.variant in ("two_handed", "three_handed")


def is_lone_wolf(record: HandRecord, seat: int, rules: RuleOptions | None = None) -> bool:
    """The seat named trump, held both bowers and the ace (the cards it played: a dealer's
    picked-up card counts), played alone and took every trick (five, or seven in seven-card
    three-handed: seed 000's "five tricks" is all of them)."""
    if not plays_alone(record, seat, rules or RuleOptions()) or record.outcome != MARCH:
        return False
    if record.trump is None or record.trump == NO_TRUMP:
        return False  # no bowers in no trump
    needed = {right_bower(record.trump), left_bower(record.trump), "A" + record.trump}
    return needed <= set(cards_played_by(record, seat))


def nines_and_tens_dealt(record: HandRecord, seat: int) -> int:
    if record.dealt is None:
        raise ValueError("a public record has no dealt hands: detection needs the full history")
    return sum(card in NINES_AND_TENS for card in record.dealt[seat])


def is_magician(record: HandRecord, seat: int) -> bool:
    """Dealt at least four nines or tens, and the seat itself won a trick of that hand."""
    return nines_and_tens_dealt(record, seat) >= MAGICIAN_NINES_AND_TENS and any(
        trick.winner == seat for trick in record.tricks
    )


def is_farmers_hand(record: HandRecord, seat: int) -> bool:
    return nines_and_tens_dealt(record, seat) >= FARMERS_HAND_NINES_AND_TENS


def times_gone_under(history: Sequence[HandRecord], seat: int) -> int:
    """Going under (seed 000), and seed 003's exchange of three cards with the kitty (a
    farmer's hand, an ace and no face card): the same swap by another name."""
    return sum(
        (record.went_under is not None and record.went_under.seat == seat)
        or (record.exchange is not None and record.exchange.seat == seat)
        for record in history
    )


def points_gained(record: HandRecord, scorer: int) -> int:
    """What the hand added to a score: a team's with partners, a player's own without."""
    if record.points_by_scorer:
        return record.points_by_scorer[scorer]
    return record.points if record.scoring_team == scorer else 0


def won_only_by_marches_and_euchres(history: Sequence[HandRecord], scorer: int) -> bool:
    """Every hand that added to `scorer`'s score was a march, or a euchre of the makers (a
    renege's penalty is neither)."""
    scoring = [record for record in history if points_gained(record, scorer) > 0]
    return bool(scoring) and all(record.outcome in (MARCH, EUCHRE) for record in scoring)


def game_achievements(
    history: Sequence[HandRecord],
    *,
    seat: int,
    rules: RuleOptions,
    final_score: Sequence[int],
    winning_seats: Sequence[int],
) -> list[tuple[str, str]]:
    """The achievements `seat` earned in a finished game: (slug, occurrence) pairs.
    `final_score` is the engine's (per team with partners, per player otherwise)."""
    scorer = rules.scorer_of(seat)
    found: list[tuple[str, str]] = []
    for record in history:
        if is_lone_wolf(record, seat, rules):
            found.append((LONE_WOLF.slug, hand_occurrence(record)))
        if is_magician(record, seat):
            found.append((MAGICIAN.slug, hand_occurrence(record)))
        if is_farmers_hand(record, seat):
            found.append((FARMERS_HAND.slug, hand_occurrence(record)))
    if times_gone_under(history, seat) >= UNDERTAKER_TIMES:
        found.append((UNDERTAKER.slug, GAME))
    if seat in winning_seats:
        ours = final_score[scorer]
        theirs = [score for other, score in enumerate(final_score) if other != scorer]
        # "Won the game 13 to zero": every other side (team, or player) on nothing
        if ours == LUCKY_13_SCORE[0] and all(score == LUCKY_13_SCORE[1] for score in theirs):
            found.append((LUCKY_13.slug, GAME))
        if won_only_by_marches_and_euchres(history, scorer):
            found.append((SPURS.slug, GAME))
    return found
