"""The collusion review's statistics on made-up games, without a database: a planted pair is
flagged for each kind of evidence, an honest population (random seating, games played by
computers through the engine) flags nobody, and the thresholds hold at their edges."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import timedelta

import pytest

from games.engine import HandRecord, Trick
from games.moderation.collusion import signals
from games.moderation.collusion.leads import LeadChance, lead_chances
from games.moderation.collusion.signals import (
    LEADS,
    MIN_GAMES_AS_PARTNERS,
    MIN_GAMES_TOGETHER,
    MIN_LEAD_CHANCES,
    RESULTS,
    SITTING,
    FinishedGame,
    lead_evidence,
    results_evidence,
    review,
    sitting_evidence,
)

from .made_up_games import START, engine_game, honest_population, result_game

ANN, BOB = 101, 102  # the planted pair

# ---- the play signal on a hand written out ------------------------------------------------------

# trump hearts; seat 0 leads every trick (and wins it, for simplicity); its partner, seat 2,
# holds no spade and no club and shows out of spades in trick 0 and of clubs in trick 2
LEADER_CARDS = ["AS", "KS", "AC", "KC", "AD"]
PARTNER_CARDS = ["9D", "TD", "QD", "KD", "JD"]


def hand_record(number: int = 0, partner_plays: bool = True) -> HandRecord:
    tricks = []
    for index, (lead, partner_card) in enumerate(zip(LEADER_CARDS, PARTNER_CARDS, strict=True)):
        plays = [(0, lead), (1, f"9{'SHDC'[index % 4]}")]
        if partner_plays:
            plays.append((2, partner_card))
        plays.append((3, "QH"))
        tricks.append(Trick(0, tuple(plays), 0))
    return HandRecord(
        number=number,
        dealer=3,
        dealt=None,
        upcard="9H",
        kitty=None,
        went_under=None,
        bids=(),
        trump="H",
        maker=0,
        discard=None,
        maker_alone=not partner_plays,
        lone_defender=None,
        tricks=tuple(tricks),
        outcome="march",
        maker_tricks=5,
        scoring_team=0,
        points=2,
        score_after=(2, 0),
    )


def test_a_lead_into_a_void_the_partner_has_not_shown_is_a_hit():
    chances = lead_chances([hand_record()], {(0, trick) for trick in range(5)})
    # trick 0: spades into the unseen spade void; trick 1: spades again, but the partner showed
    # out of them in trick 0 (a known void); trick 2: clubs into the unseen club void;
    # trick 3: clubs are known by then; trick 4: one suit left, no choice
    assert [(chance.trick, chance.hit) for chance in chances] == [(0, True), (1, False), (2, True)]
    first = chances[0]
    assert (first.leader, first.partner, first.voids, first.suits, first.makers) == (
        0,
        2,
        2,  # spades and clubs
        3,  # spades, clubs, diamonds
        True,
    )
    assert first.blind_share == pytest.approx(2 / 3)


def test_only_a_persons_leads_count_and_never_with_the_partner_sitting_out():
    person_leads = {(0, 0), (0, 1)}  # trick 2 was led by the computer (a timeout)
    assert [chance.trick for chance in lead_chances([hand_record()], person_leads)] == [0, 1]
    alone = hand_record(partner_plays=False)
    assert lead_chances([alone], {(0, trick) for trick in range(5)}) == []
    assert lead_chances([hand_record(number=1)], {(0, 0)}) == []  # another hand's lead


# ---- an honest population flags nobody ---------------------------------------------------------


def test_an_honest_population_played_by_the_engine_flags_nobody():
    games = honest_population(players=8, games=240)
    # every kind was tested on many pairs (so the test could fail), and none is flagged
    assert len(sitting_evidence(games)) >= 20
    assert len(lead_evidence(games)) >= 20
    assert review(games) == []


def test_an_honest_population_with_many_games_each_flags_nobody():
    games = honest_population(players=6, games=1500, engine=False, seed=7)
    assert len(results_evidence(games)) == 15  # every pair of six, as partners often enough
    assert len(sitting_evidence(games)) == 15
    assert review(games) == []


# ---- a planted pair is flagged for each kind of evidence ---------------------------------------


def busy_hours(seed: int = 3) -> list[FinishedGame]:
    """40 honest players, four tables every twenty minutes for 50 hours, coin-flip results."""
    chooser = random.Random(seed)
    games = []
    for slot in range(150):
        seated = chooser.sample(range(1, 41), 16)
        for table in range(4):
            game_id = 10_000 + slot * 4 + table
            started = START + timedelta(minutes=20 * slot)
            team = chooser.randrange(2)
            games.append(
                result_game(game_id, seated[table * 4 : table * 4 + 4], team, started_at=started)
            )
    return games


def test_a_pair_that_queues_together_is_flagged_for_sitting_together():
    games = busy_hours()
    chooser = random.Random(11)
    for number in range(14):  # 14 games together in 14 different hours, and no others
        started = START + timedelta(hours=3 * number, minutes=5)
        others = chooser.sample(range(1, 41), 2)
        games.append(
            result_game(
                number + 1, [ANN, others[0], BOB, others[1]], number % 2, started_at=started
            )
        )
    [flag] = review(games)
    assert flag.pair == (ANN, BOB)
    assert flag.kinds == [SITTING]
    assert flag.sitting.games_together == 14
    assert flag.sitting.expected < 14 / 3
    assert flag.sitting.game_ids[0] == 14  # the latest first


def test_a_pair_that_wins_far_more_together_is_flagged_for_results():
    games = honest_population(players=6, games=300, engine=False, seed=5)
    for number in range(80):
        started = START + timedelta(minutes=7 * number)
        if number < 40:  # as partners (private tables): 36 of 40 won
            seated = [ANN, 1, BOB, 2]
            team = 0 if number % 10 else 1
        else:  # apart, each with an honest partner: every other game won
            seated = [ANN if number % 2 else BOB, 3, 4, 5]
            team = (number // 2) % 2
        games.append(result_game(5000 + number, seated, team, started_at=started, quick_play=False))
    [flag] = review(games)
    assert flag.kinds == [RESULTS]
    assert (flag.results.games_together, flag.results.wins_together) == (40, 36)
    assert flag.results.games_apart == (20, 20)
    assert flag.results.wins_apart == (10, 10)
    assert flag.sitting is None  # never at a quick-play table together: nothing to say


def test_a_pair_that_sees_each_others_cards_is_flagged_for_its_leads():
    games = honest_population(players=8, games=160)
    chooser = random.Random(9)
    for number in range(16):  # private tables: no quick play, results by the cards
        others = chooser.sample(range(1, 9), 2)
        started = START + timedelta(minutes=13 * number)
        games.append(
            engine_game(
                900 + number,
                [ANN, others[0], BOB, others[1]],
                started_at=started,
                quick_play=False,
                cheats=(0, 2),
            )
        )
    flags = review(games)
    assert [(flag.pair, flag.kinds) for flag in flags] == [((ANN, BOB), [LEADS])]
    leads = flags[0].leads
    assert leads.chances >= MIN_LEAD_CHANCES
    assert leads.hits >= 1.5 * leads.expected
    assert set(leads.game_ids) <= set(range(900, 916))
    assert flags[0].game_ids[: len(leads.game_ids)] == list(leads.game_ids)


def test_a_pair_with_every_sign_is_flagged_for_all_three():
    games = busy_hours()
    chooser = random.Random(13)
    for number in range(24):
        started = START + timedelta(hours=2 * number, minutes=5)
        others = chooser.sample(range(1, 41), 2)
        game = engine_game(
            number + 1, [ANN, others[0], BOB, others[1]], started_at=started, cheats=(0, 2)
        )
        # and the pair wins, whatever the cards said: 22 of 24
        team = 1 if number in (3, 17) else 0
        games.append(FinishedGame(**{**_fields(game), "winning_seats": (team, team + 2)}))
    for number in range(40):  # apart: each plays at busy tables and wins half
        started = START + timedelta(hours=number, minutes=25)
        seated = [ANN if number % 2 else BOB, *chooser.sample(range(1, 41), 3)]
        games.append(
            result_game(
                500 + number,
                seated,
                number % 2 if number % 4 < 2 else 1 - number % 2,
                started_at=started,
            )
        )
    [flag] = review(games)
    assert flag.pair == (ANN, BOB)
    assert sorted(flag.kinds) == sorted([SITTING, RESULTS, LEADS])


def _fields(game: FinishedGame) -> dict:
    return {name: getattr(game, name) for name in FinishedGame.__slots__}


# ---- the thresholds at their edges --------------------------------------------------------------


def test_sitting_together_needs_the_minimum_number_of_games():
    games = busy_hours()
    for number in range(MIN_GAMES_TOGETHER - 1):
        started = START + timedelta(hours=5 * number, minutes=5)
        games.append(result_game(number + 1, [ANN, 1, BOB, 2], 0, started_at=started))
    assert (ANN, BOB) not in sitting_evidence(games)  # never meets chance, yet not enough
    started = START + timedelta(hours=48, minutes=5)
    games.append(result_game(99, [ANN, 1, BOB, 2], 0, started_at=started))
    assert sitting_evidence(games)[(ANN, BOB)].flagged


def hours_with_the_pair(together: int, hours: int = 100) -> list[FinishedGame]:
    """Each hour four quick-play tables of sixteen people, Ann and Bob among them, everyone
    else new: chance puts Bob at Ann's table with 3 of the 15 other seats, 0.2 an hour. They
    share a table in the first `together` hours."""
    fresh = iter(range(1000, 10**6))
    games = []
    for hour in range(hours):
        started = START + timedelta(hours=hour, minutes=5)
        if hour < together:
            tables = [[ANN, next(fresh), BOB, next(fresh)]]
        else:
            tables = [
                [ANN, *(next(fresh) for _ in range(3))],
                [BOB, *(next(fresh) for _ in range(3))],
            ]
        while len(tables) < 4:
            tables.append([next(fresh) for _ in range(4)])
        for number, seated in enumerate(tables):
            games.append(result_game(hour * 10 + number, seated, 0, started_at=started))
    return games


def test_sitting_together_needs_three_times_what_chance_predicts():
    below = sitting_evidence(hours_with_the_pair(59))[(ANN, BOB)]
    assert below.expected == pytest.approx(20.0)
    assert below.p_value < 1e-9 and not below.flagged  # 59 is 2.95 times 20
    assert sitting_evidence(hours_with_the_pair(60))[(ANN, BOB)].flagged


def test_results_need_the_minimum_games_and_the_minimum_gain():
    def population(together: int, wins: int) -> list[FinishedGame]:
        games = []
        for number in range(together):
            games.append(
                result_game(
                    number,
                    [ANN, None, BOB, None],
                    0 if number < wins else 1,
                    started_at=START,
                    quick_play=False,
                )
            )
        for number in range(1000):  # apart, half won
            seated = [ANN if number % 2 else BOB, None, None, None]
            games.append(
                result_game(
                    5000 + number, seated, (number // 2) % 2, started_at=START, quick_play=False
                )
            )
        return games

    assert (ANN, BOB) not in results_evidence(population(MIN_GAMES_AS_PARTNERS - 1, 19))
    assert results_evidence(population(MIN_GAMES_AS_PARTNERS, 20))[(ANN, BOB)].flagged
    # a thousand games as partners make even a small gain certain: it flags from 20 points on
    just_below = results_evidence(population(1000, 699))[(ANN, BOB)]
    assert just_below.p_value < 1e-15 and not just_below.flagged
    assert results_evidence(population(1000, 700))[(ANN, BOB)].flagged


def lead_population(pair_chances: int, pair_hits: int) -> list[FinishedGame]:
    """Players in general hit a third of their chances (one void among three suits); the pair
    has `pair_chances` of the same kind and hits `pair_hits` of them."""

    def chance(hit: bool) -> LeadChance:
        return LeadChance(
            leader=0, partner=2, hand=0, trick=0, voids=1, suits=3, makers=False, hit=hit
        )

    games = [
        FinishedGame(
            game_id=number,
            variant="euchre",
            quick_play=False,
            started_at=START,
            players=(1 + number % 7, None, 8 + number % 5, None),
            cancelled=(False,) * 4,
            winning_seats=(0, 2),
            leads=(chance(number % 3 == 0),),
        )
        for number in range(3000)
    ]
    games.append(
        FinishedGame(
            game_id=9999,
            variant="euchre",
            quick_play=False,
            started_at=START,
            players=(ANN, None, BOB, None),
            cancelled=(False,) * 4,
            winning_seats=(0, 2),
            leads=tuple(chance(index < pair_hits) for index in range(pair_chances)),
        )
    )
    return games


def test_leads_need_the_minimum_chances_and_the_minimum_ratio():
    assert (ANN, BOB) not in lead_evidence(
        lead_population(MIN_LEAD_CHANCES - 1, MIN_LEAD_CHANCES - 1)
    )
    assert lead_evidence(lead_population(MIN_LEAD_CHANCES, MIN_LEAD_CHANCES))[(ANN, BOB)].flagged
    # 600 chances at a third: 200 expected; 299 hits are far beyond chance but under 1.5 times
    below = lead_evidence(lead_population(600, 299))[(ANN, BOB)]
    assert below.expected == pytest.approx(200, rel=0.01)
    assert below.p_value < 1e-10 and not below.flagged
    assert lead_evidence(lead_population(600, 305))[(ANN, BOB)].flagged


def test_a_computer_or_a_player_who_left_is_nobodys_partner_in_crime():
    games = lead_population(MIN_LEAD_CHANCES, MIN_LEAD_CHANCES)
    planted = games[-1]
    games[-1] = FinishedGame(**{**_fields(planted), "cancelled": (False, False, True, False)})
    assert (ANN, BOB) not in lead_evidence(games)


def test_the_bar_rises_with_the_number_of_pairs_tested():
    evidence = lead_evidence(lead_population(MIN_LEAD_CHANCES, 24))[(ANN, BOB)]
    assert evidence.p_value < signals.FALSE_FLAG_RATE / 20  # one pair tested: flagged
    assert evidence.flagged
    assert signals._threshold(1000) == signals.FALSE_FLAG_RATE / 1000


def test_the_statistics_import_no_django():
    code = (
        "import sys, games.moderation.collusion.signals, games.moderation.collusion.words; "
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'django'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
