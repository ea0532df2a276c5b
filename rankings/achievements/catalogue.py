"""The eighteen achievements of seed 000, with their rewards and the reading we give each rule.

"With most achievements you will also get 10 silver coins", more where the seed says so. "Most
achievements can be awarded multiple times, except for Collector and Private Party." The
`rule` text is what the achievements page shows: where the seed's wording leaves room, it says
how we read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

DEFAULT_SILVER = 10


class When(Enum):
    GAME = "game"  # checked when a game ends, from its hand history and the player's games
    MONTH = "month"  # checked when a month closes, from its tables
    CHAMPIONS_LEAGUE = "champions_league"  # awarded by the Champions League's month end


@dataclass(frozen=True, slots=True)
class Achievement:
    slug: str
    name: str
    seed_text: str  # the seed's own words
    rule: str  # how we read them, shown on the achievements page
    silver: int
    repeatable: bool
    when: When


def _a(slug, name, seed_text, rule, silver=DEFAULT_SILVER, repeatable=True, when=When.GAME):
    return Achievement(slug, name, seed_text, rule, silver, repeatable, when)


LONE_WOLF = _a(
    "lone_wolf",
    "A Lone Wolf",
    "Had both Bowers and the Ace, went alone and took five tricks",
    "You named trump holding both bowers and the ace of trump, played alone and took all five "
    "tricks. Once per such hand. Two- and three-handed: the maker always plays alone, so making "
    "trump is enough; with seven cards each it takes all seven tricks.",
)
SPURS = _a(
    "spurs",
    "Riding with the Spurs on",
    "Won only by sweeping and euchring opponents",
    "You won a game in which every point your team scored came from a march (all five tricks) "
    "or from euchring the other team: never a plain three or four tricks. Where players score "
    "alone, your own points count: a march as maker or partner, a euchre as a defender.",
)
MAGICIAN = _a(
    "magician",
    "Magician",
    "Got dealt four nines or tens and managed to take a trick",
    "You were dealt at least four nines or tens and still won a trick yourself in that hand "
    "(going under afterwards does not matter). Once per such hand.",
)
FARMERS_HAND = _a(
    "farmers_hand",
    "Farmer's Hand",
    "Got dealt five nines or tens",
    "You were dealt five nines or tens. Once per such hand.",
)
UNDERTAKER = _a(
    "undertaker",
    "The Undertaker",
    "Went under 4 or more times during one game",
    "You went under four or more times in one game (tables with going under; exchanging three "
    "cards with the kitty for a farmer's hand or an ace and no face card counts too).",
)
LUCKY_13 = _a(
    "lucky_13",
    "Lucky 13",
    "Won the game 13 to zero",
    "Your team won a game whose final score was 13 to 0 (where players score alone: you won "
    "with 13 and every other player has 0).",
)
UNBEATABLE = _a(
    "unbeatable",
    "Unbeatable",
    "Won 10 games in a row",
    "Ten finished games won in a row, and again at 20, 30, 40… A lost game ends the run, and "
    "so does a game you cancelled.",
    silver=70,
)
HIGH_FIVE = _a(
    "high_five",
    "High Five",
    "Scored 5 or more in the last five losses",
    "Your team (or you, where players score alone) scored at least 5 points in each of your "
    "last five lost games: going down fighting. Again after five more such losses; a loss with "
    "fewer than 5 starts over. Wins in between do not break the run.",
)
EARLY_BIRD = _a(
    "early_bird",
    "Early Bird",
    "Played your first game today",
    "Your first game of the day, played to the end (days in the site's time zone). Once a day.",
    silver=50,
)
FANATIC = _a(
    "fanatic",
    "Fanatic",
    "Played 10 games in one day",
    "Ten games played to the end in one day (site's time zone). Once a day.",
    silver=60,
)
MONTHIVERSARY = _a(
    "monthiversary",
    "Monthiversary",
    "Played at least one game for 30 consecutive days",
    "At least one game played to the end on each of 30 days in a row, and again at 60, 90, "
    "120… days.",
    silver=80,
)
MERRY_XMAS = _a(
    "merry_xmas",
    "Merry Xmas",
    "Played a game at December 25th",
    "You finished a game on December 25th (site's time zone). Once a year.",
    silver=50,
)
PRIVATE_PARTY = _a(
    "private_party",
    "Private Party",
    "Played a private game for the first time",
    "You played a game at a private table (a league's tables too) to the end for the first "
    "time. Once only.",
    repeatable=False,
)
TOP_PLAYER = _a(
    "top_player",
    "Top player",
    "Finished in top 10 at the end of the month",
    "You were in the top 10 of the month's total points table when the month closed.",
    silver=70,
    when=When.MONTH,
)
MONTH_WINNER = _a(
    "month_winner",
    "Month winner",
    "Finished first at the end of the month",
    "You were first in the month's total points table when the month closed (a winner is "
    "also a Top player).",
    silver=80,
    when=When.MONTH,
)
COLLECTOR = _a(
    "collector",
    "Collector",
    "Earned five different achievements",
    "You have earned five different achievements (not counting Collector). Once only.",
    silver=50,
    repeatable=False,
)
CL_WINNER = _a(
    "cl_winner",
    "CL Winner",
    "Won the montly Champions League",
    "You finished first in the month's Champions League.",
    silver=600,
    when=When.CHAMPIONS_LEAGUE,
)
CL_TOP_PLAYER = _a(
    "cl_top_player",
    "CL Top Player",
    "Finished in top 10 in monthly Champions League",
    "You finished in the top 10 of the month's Champions League (its winner too).",
    silver=400,
    when=When.CHAMPIONS_LEAGUE,
)

# the seed's order
ACHIEVEMENTS: tuple[Achievement, ...] = (
    LONE_WOLF,
    SPURS,
    MAGICIAN,
    FARMERS_HAND,
    UNDERTAKER,
    LUCKY_13,
    UNBEATABLE,
    HIGH_FIVE,
    EARLY_BIRD,
    FANATIC,
    MONTHIVERSARY,
    MERRY_XMAS,
    PRIVATE_PARTY,
    TOP_PLAYER,
    MONTH_WINNER,
    COLLECTOR,
    CL_WINNER,
    CL_TOP_PLAYER,
)
BY_SLUG = {achievement.slug: achievement for achievement in ACHIEVEMENTS}

COLLECTOR_KINDS = 5  # "Earned five different achievements"
UNBEATABLE_RUN = 10  # "Won 10 games in a row", again at 20, 30...
HIGH_FIVE_LOSSES = 5  # "the last five losses"
HIGH_FIVE_SCORE = 5  # "Scored 5 or more"
FANATIC_GAMES = 10  # "Played 10 games in one day"
MONTHIVERSARY_DAYS = 30  # "30 consecutive days", again at 60, 90...
TOP_PLAYER_PLACES = 10  # "Finished in top 10"
LUCKY_13_SCORE = (13, 0)
UNDERTAKER_TIMES = 4  # "Went under 4 or more times"
MAGICIAN_NINES_AND_TENS = 4
FARMERS_HAND_NINES_AND_TENS = 5
