"""Achievements found in one finished game's hand history (the engine's `HandRecord`s, with the
dealt hands: server side only), for one seat.

    game_achievements(history, seat=0, final_score=(13, 0), winner_team=0)
    == [("lucky_13", "game"), ...]

Each result is (slug, occurrence within the game): "game" for the game as a whole, "hand:N" for
hand number N.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import HandRecord, team_of
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


def is_lone_wolf(record: HandRecord, seat: int) -> bool:
    """The seat named trump, held both bowers and the ace (the cards it played: a dealer's
    picked-up card counts), went alone and took all five tricks."""
    if record.maker != seat or not record.maker_alone or record.outcome != MARCH:
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
    return sum(
        record.went_under is not None and record.went_under.seat == seat for record in history
    )


def won_only_by_marches_and_euchres(history: Sequence[HandRecord], team: int) -> bool:
    """Every hand that scored for `team` was a march or a euchre of the other team."""
    scoring = [record for record in history if record.scoring_team == team and record.points]
    return bool(scoring) and all(record.outcome in (MARCH, EUCHRE) for record in scoring)


def game_achievements(
    history: Sequence[HandRecord],
    *,
    seat: int,
    final_score: tuple[int, int],
    winner_team: int,
) -> list[tuple[str, str]]:
    """The achievements `seat` earned in a finished game: (slug, occurrence) pairs."""
    team = team_of(seat)
    found: list[tuple[str, str]] = []
    for record in history:
        if is_lone_wolf(record, seat):
            found.append((LONE_WOLF.slug, hand_occurrence(record)))
        if is_magician(record, seat):
            found.append((MAGICIAN.slug, hand_occurrence(record)))
        if is_farmers_hand(record, seat):
            found.append((FARMERS_HAND.slug, hand_occurrence(record)))
    if times_gone_under(history, seat) >= UNDERTAKER_TIMES:
        found.append((UNDERTAKER.slug, GAME))
    if winner_team == team:
        ours, theirs = final_score[team], final_score[1 - team]
        if (ours, theirs) == LUCKY_13_SCORE:
            found.append((LUCKY_13.slug, GAME))
        if won_only_by_marches_and_euchres(history, team):
            found.append((SPURS.slug, GAME))
    return found
