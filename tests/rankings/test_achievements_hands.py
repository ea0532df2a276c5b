"""The hand-history achievements on hand-built records (seed 000's wording, our readings), and
the runs behind Unbeatable, High Five and Monthiversary. Pure: no database."""

from __future__ import annotations

from datetime import date

from games.engine import RuleOptions
from games.engine.records import ALL_PASS, EUCHRE, MAKE, MARCH, HandRecord, Trick, WentUnder
from rankings.achievements.hand_history import game_achievements
from rankings.achievements.streaks import consecutive_days, run_milestones

STANDARD = RuleOptions()
OTHERS = (
    ("QC", "KC", "AC", "9D", "TD"),
    ("QD", "KD", "AD", "9C", "TC"),
    ("QS", "KS", "9S", "TS", "AS"),
)


def hand(
    *,
    number=0,
    dealt0=("JH", "JD", "AH", "KH", "QH"),
    trump="H",
    maker=0,
    alone=True,
    winners=(0, 0, 0, 0, 0),
    plays0=None,
    outcome=MARCH,
    scoring_team=0,
    points=4,
    went_under=None,
    score_after=(4, 0),
) -> HandRecord:
    """A hand where seat 0 holds `dealt0` and plays it in order, tricks won by `winners`."""
    plays0 = plays0 or dealt0
    tricks = tuple(
        Trick(leader=0, plays=((0, plays0[i]), (1, OTHERS[0][i]), (3, OTHERS[2][i])), winner=winner)
        for i, winner in enumerate(winners)
    )
    return HandRecord(
        number=number,
        dealer=3,
        dealt=(dealt0, *OTHERS),
        upcard="9H",
        kitty=("9H", "TH", "JC", "JS"),
        went_under=went_under,
        bids=(),
        trump=trump,
        maker=maker,
        discard=None,
        maker_alone=alone,
        lone_defender=None,
        tricks=tricks,
        outcome=outcome,
        maker_tricks=sum(w % 2 == maker % 2 for w in winners) if maker is not None else None,
        scoring_team=scoring_team,
        points=points,
        score_after=score_after,
    )


def found(history, seat=0, final=(10, 4), winner=0, rules=STANDARD):
    """The partnership game's achievements of `seat`, team `winner` won."""
    return game_achievements(
        history, seat=seat, rules=rules, final_score=final, winning_seats=(winner, winner + 2)
    )


def slugs(history, seat=0, final=(10, 4), winner=0):
    return [slug for slug, _ in found(history, seat=seat, final=final, winner=winner)]


# ---- A Lone Wolf: "Had both Bowers and the Ace, went alone and took five tricks" ---------------


def test_lone_wolf_both_bowers_the_ace_alone_five_tricks():
    assert "lone_wolf" in slugs([hand()])
    assert ("lone_wolf", "hand:3") in found([hand(number=3)])


def test_no_lone_wolf_without_going_alone_or_without_all_five_tricks():
    assert "lone_wolf" not in slugs([hand(alone=False)])
    assert "lone_wolf" not in slugs([hand(winners=(0, 0, 0, 0, 1), outcome=MAKE, points=1)])


def test_no_lone_wolf_missing_a_bower_or_the_ace():
    assert "lone_wolf" not in slugs([hand(dealt0=("JH", "KH", "AH", "QH", "TH"))])  # no left
    assert "lone_wolf" not in slugs([hand(dealt0=("JH", "JD", "KH", "QH", "TH"))])  # no ace


def test_no_lone_wolf_in_no_trump_nor_for_another_seat():
    assert "lone_wolf" not in slugs([hand(trump="N")])
    assert "lone_wolf" not in slugs([hand(maker=2)])


def test_lone_wolf_counts_the_card_the_dealer_picked_up():
    # dealt without the ace, played it after picking the upcard up: they had it when alone
    picked_up = hand(dealt0=("JH", "JD", "KH", "QH", "9C"), plays0=("JH", "JD", "AH", "KH", "QH"))
    assert "lone_wolf" in slugs([picked_up])


# ---- Magician (four nines or tens, took a trick) and Farmer's Hand (five) ----------------------


def test_magician_four_nines_or_tens_and_a_trick_taken_by_the_player():
    nines_and_tens = ("9H", "TH", "9S", "TS", "AC")
    assert "magician" in slugs(
        [hand(dealt0=nines_and_tens, winners=(1, 1, 1, 1, 0), outcome=EUCHRE)]
    )


def test_no_magician_with_three_or_without_a_trick_of_ones_own():
    three = ("9H", "TH", "9S", "KS", "AC")
    assert "magician" not in slugs([hand(dealt0=three, winners=(0, 1, 1, 1, 1))])
    four = ("9H", "TH", "9S", "TS", "AC")
    # the partner's trick is not the player's
    assert "magician" not in slugs([hand(dealt0=four, winners=(2, 1, 1, 1, 1))])
    assert "magician" not in slugs([hand(dealt0=four, winners=(), outcome=ALL_PASS)])


def test_farmers_hand_five_nines_or_tens_and_a_trick_makes_both():
    five = ("9H", "TH", "9S", "TS", "9C")
    assert "farmers_hand" in slugs([hand(dealt0=five, winners=(1, 1, 1, 1, 1))])
    assert "magician" not in slugs([hand(dealt0=five, winners=(1, 1, 1, 1, 1))])
    assert {"farmers_hand", "magician"} <= set(slugs([hand(dealt0=five, winners=(0, 1, 1, 1, 1))]))


def test_four_nines_or_tens_are_no_farmers_hand():
    assert "farmers_hand" not in slugs([hand(dealt0=("9H", "TH", "9S", "TS", "AC"))])


# ---- The Undertaker: "Went under 4 or more times during one game" -----------------------------


def test_undertaker_at_four_times_gone_under_in_one_game():
    under = WentUnder(seat=0, given=("9H", "TH", "9S"), received=("JC", "JS", "9D"))
    other = WentUnder(seat=1, given=("9H", "TH", "9S"), received=("JC", "JS", "9D"))
    three = [hand(number=n, went_under=under) for n in range(3)] + [
        hand(number=3, went_under=other)
    ]
    assert "undertaker" not in slugs(three)
    four = [*three, hand(number=4, went_under=under)]
    assert slugs(four).count("undertaker") == 1  # once per game


# ---- Lucky 13 and Riding with the Spurs on ----------------------------------------------------


def test_lucky_13_is_a_win_thirteen_to_nothing():
    assert "lucky_13" in slugs([hand()], final=(13, 0), winner=0)
    assert "lucky_13" in slugs([hand()], seat=1, final=(0, 13), winner=1)
    assert "lucky_13" not in slugs([hand()], final=(13, 1), winner=0)
    assert "lucky_13" not in slugs([hand()], seat=1, final=(13, 0), winner=0)  # the losers


def test_spurs_when_every_point_came_from_marches_and_euchres():
    march = hand(number=0, alone=False, points=2, outcome=MARCH)
    euchre = hand(number=1, maker=1, winners=(0, 0, 0, 1, 1), outcome=EUCHRE, points=2)
    lost_hand = hand(
        number=2, maker=1, winners=(1, 1, 1, 0, 0), outcome=MAKE, scoring_team=1, points=1
    )
    assert "spurs" in slugs([march, euchre, lost_hand])  # the other team's points do not matter
    assert "spurs" in slugs([march, euchre], seat=2)  # the partner rides too
    plain = hand(number=3, alone=False, winners=(0, 0, 0, 1, 1), outcome=MAKE, points=1)
    assert "spurs" not in slugs([march, euchre, plain])
    assert "spurs" not in slugs([march, euchre], seat=1, winner=0)  # not for the losers


# ---- runs ---------------------------------------------------------------------------------------


def test_run_milestones_counts_from_the_runs_oldest_item():
    newest_first = [(f"g{n}", True) for n in range(25, 0, -1)] + [("g0", False), ("old", True)]
    assert run_milestones(newest_first, every=10) == ["g10", "g20"]
    assert run_milestones([("g1", False)], every=1) == []
    assert run_milestones([], every=10) == []


def test_consecutive_days_break_at_a_missing_day():
    days = [date(2026, 3, 5), date(2026, 3, 4), date(2026, 3, 2), date(2026, 3, 1)]
    assert list(consecutive_days(days)) == [
        (date(2026, 3, 5), True),
        (date(2026, 3, 4), True),
        (date(2026, 3, 2), False),
        (date(2026, 3, 1), True),
    ]
    across_months = [date(2026, 3, 1), date(2026, 2, 28)]
    assert run_milestones(consecutive_days(across_months), every=2) == [date(2026, 3, 1)]
