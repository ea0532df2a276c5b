"""Seed 000's achievements in the variants without partners, on hand-built records: where the
seed speaks of a team or of going alone, a player who plays for themself is their own side (our
reading, written in docs/the-site.md, "Achievements in the variants")."""

from __future__ import annotations

import pytest

from games.engine import RuleOptions
from games.engine.records import EUCHRE, MAKE, MARCH, Exchange, HandRecord, Trick
from rankings.achievements.hand_history import game_achievements
from rankings.models import AchievementAward
from rankings.services.achievements import achievements_after_game
from rankings.services.game_points import game_points_record
from tests.games.finished_games import finished_game_store

THREE = RuleOptions(variant="three_handed")
SEVEN = RuleOptions(variant="three_handed", hand_size=7)
CALL_ACE = RuleOptions(variant="call_ace")

LONE_HAND = ("JH", "JD", "AH", "KH", "QH", "TH", "9H")
OTHERS = ("9C", "TC", "QC", "KC", "AC", "9S", "TS")


def hand(
    *,
    seats=3,
    cards=5,
    maker=0,
    alone=False,
    winners=None,
    outcome=MARCH,
    gains=(2, 0, 0),
    exchange=None,
    number=0,
) -> HandRecord:
    """Seat 0 plays LONE_HAND in order; the others follow with clubs and spades."""
    winners = winners if winners is not None else (0,) * cards
    tricks = tuple(
        Trick(
            leader=0,
            plays=((0, LONE_HAND[i]), *((seat, OTHERS[i]) for seat in range(1, seats))),
            winner=winner,
        )
        for i, winner in enumerate(winners)
    )
    return HandRecord(
        number=number,
        dealer=seats - 1,
        dealt=(LONE_HAND[:cards], *(OTHERS[:cards] for _ in range(1, seats))),
        upcard="9D",
        kitty=(),
        went_under=None,
        bids=(),
        trump="H",
        maker=maker,
        discard=None,
        maker_alone=alone,
        lone_defender=None,
        tricks=tricks,
        outcome=outcome,
        maker_tricks=sum(winner == maker for winner in winners),
        scoring_team=None,
        points=max(gains),
        score_after=gains,
        seats=seats,
        points_by_scorer=gains,
        exchange=exchange,
    )


def slugs(history, rules, *, seat=0, final=(10, 4, 2), winners=(0,)):
    found = game_achievements(
        history, seat=seat, rules=rules, final_score=final, winning_seats=winners
    )
    return [slug for slug, _ in found]


def test_the_three_handed_maker_always_plays_alone_so_a_sweep_with_the_bowers_is_a_lone_wolf():
    """Seed 000: "Had both Bowers and the Ace, went alone and took five tricks"; three-handed
    has no "alone": the maker plays against two defenders anyway."""
    assert "lone_wolf" in slugs([hand()], THREE)
    assert "lone_wolf" not in slugs([hand(winners=(0, 0, 0, 0, 1), outcome=MAKE)], THREE)
    assert "lone_wolf" not in slugs([hand(maker=1)], THREE)  # another seat made trump


def test_seven_card_lone_wolf_takes_all_seven_tricks():
    """Seed 004's three-person game: all 7 tricks are the march."""
    assert "lone_wolf" in slugs([hand(cards=7)], SEVEN)
    six = hand(cards=7, winners=(0, 0, 0, 0, 0, 0, 1), outcome=MAKE)
    assert "lone_wolf" not in slugs([six], SEVEN)


def test_in_call_ace_only_a_maker_who_went_alone_is_a_lone_wolf():
    partnered = hand(seats=4, gains=(2, 2, 0, 0))
    assert "lone_wolf" not in slugs([partnered], CALL_ACE, final=(10, 4, 2, 0))
    alone = hand(seats=4, alone=True, gains=(4, 0, 0, 0))
    assert "lone_wolf" in slugs([alone], CALL_ACE, final=(10, 4, 2, 0))


def test_spurs_counts_the_players_own_points_march_or_euchre_as_a_defender():
    """Seed 000: "Won only by sweeping and euchring opponents", read per player."""
    march = hand(number=0, gains=(2, 0, 0))
    euchred_them = hand(number=1, maker=1, winners=(0, 0, 2, 2, 1), outcome=EUCHRE, gains=(2, 0, 2))
    their_make = hand(number=2, maker=2, winners=(2, 2, 2, 0, 1), outcome=MAKE, gains=(0, 0, 1))
    assert "spurs" in slugs([march, euchred_them, their_make], THREE)
    my_make = hand(number=3, winners=(0, 0, 0, 1, 2), outcome=MAKE, gains=(1, 0, 0))
    assert "spurs" not in slugs([march, euchred_them, my_make], THREE)
    assert "spurs" not in slugs([march, euchred_them], THREE, seat=2, winners=(0,))  # lost


def test_lucky_13_needs_every_other_player_on_nothing():
    assert "lucky_13" in slugs([hand()], THREE, final=(13, 0, 0))
    assert "lucky_13" not in slugs([hand()], THREE, final=(13, 0, 2))
    assert "lucky_13" not in slugs([hand()], THREE, seat=1, final=(13, 0, 0))


def test_an_exchange_with_the_kitty_counts_as_going_under_for_the_undertaker():
    """Seed 003's farmer's hand swaps three cards with the kitty, as seed 000's going under."""
    swap = Exchange(seat=0, kind="farmers_hand", given=None, received=None)
    other = Exchange(seat=1, kind="farmers_hand", given=None, received=None)
    hands = [hand(number=n, exchange=swap) for n in range(3)] + [hand(number=3, exchange=other)]
    assert "undertaker" not in slugs(hands, THREE)
    assert "undertaker" in slugs([*hands, hand(number=4, exchange=swap)], THREE)


@pytest.mark.django_db
def test_after_a_call_ace_game_its_players_get_the_achievements_of_their_seats(make_player):
    players = [make_player() for _ in range(4)]
    game, state = finished_game_store(
        players, rules=RuleOptions(variant="call_ace", target_score=4), seed="ach-call-ace"
    )
    game_points_record(game_id=game.pk)
    achievements_after_game(game_id=game.pk)
    for position, player in enumerate(players):
        expected = {
            slug
            for slug, _ in game_achievements(
                state.records,
                seat=position,
                rules=game_rules(game),
                final_score=state.scores,
                winning_seats=(state.winner,),
            )
        } | {"early_bird"}  # their first game of the day (a public table: no Private Party)
        awarded = set(
            AchievementAward.objects.filter(player=player, game=game)
            .exclude(achievement="collector")
            .values_list("achievement", flat=True)
        )
        assert awarded == expected


def game_rules(game) -> RuleOptions:
    return RuleOptions.from_dict(game.rules)
