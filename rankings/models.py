"""Stored rankings (seed 000): each player's points per finished game, the month-end closing with
its long-term awards and the 30% carried into the next month, and the ranks players reached."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class GamePoints(models.Model):
    """A player's points for one finished game, in the month the game ended (site time zone).

    A seat its player cancelled gets a row with 0 points: the game still counts as played, so
    cancelling a bad game does not protect a player's average."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE)
    points = models.PositiveIntegerField()
    won = models.BooleanField()
    # the player left and the computer finished: 0 points, and neither a win nor a loss
    cancelled = models.BooleanField(default=False)
    month = models.DateField(help_text="First day of the month of the game's end")
    day = models.DateField(help_text="The day of the game's end, in the site's time zone")
    finished_at = models.DateTimeField()
    # the game's rules.variant (euchre, two_handed, three_handed, call_ace): a player's games
    # page filters on it without reading the games
    variant = models.CharField(max_length=20, default="euchre")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="gamepoints_player_game")
        ]
        indexes = [
            # the month's tables and carry read only these columns: from the index alone (it
            # also serves every lookup by month, or by month and player)
            models.Index(
                fields=["month", "player", "points", "finished_at"], name="gamepoints_month_sums"
            ),
            # the player's history in order: streaks and days played (achievements), and the
            # player's games page, newest first, a page after a (finished_at, game) key
            models.Index(
                fields=["player", "finished_at", "game"], name="gamepoints_player_history"
            ),
            # ... the same page of one variant's games
            models.Index(
                fields=["player", "variant", "finished_at", "game"],
                name="gamepoints_player_variant",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} +{self.points} in game {self.game_id}"


class MonthClose(models.Model):
    """One row per closed month: its presence makes closing the month again do nothing."""

    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    closed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["year", "month"], name="monthclose_once")]

    def __str__(self) -> str:
        return f"{self.year}-{self.month:02d}"


class LongTermAward(models.Model):
    """Points for the overall (twelve-month) ranking, won by a top-50 place in a month's table."""

    class Table(models.TextChoices):
        TOTAL = "total", "Total points"
        AVERAGE = "average", "Average points per game"

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    table = models.CharField(max_length=10, choices=Table.choices)
    position = models.PositiveSmallIntegerField()
    points = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "year", "month", "table"], name="longtermaward_once"
            )
        ]
        indexes = [models.Index(fields=["year", "month"], name="longtermaward_month")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.table} #{self.position} {self.year}-{self.month:02d}"


class MonthCarry(models.Model):
    """Points carried INTO (year, month): 30% of the points earned in the month before."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    points = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "year", "month"], name="monthcarry_once")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} carries {self.points} into {self.year}-{self.month:02d}"


class PlayerRank(models.Model):
    """A rank a player reached (kept forever); its reward was paid when the row was made.
    No row means Newbie."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    rank = models.CharField(max_length=20, help_text="rankings.ranks.Rank.slug")
    threshold = models.PositiveIntegerField(help_text="The rank's monthly points")
    reached_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "rank"], name="playerrank_once")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.rank}"


class AchievementAward(models.Model):
    """One achievement won once (seed 000). `occurrence` says which time: a hand, a game, a day,
    a month, a streak's game, or "once"; the unique key makes every award happen at most once,
    however often detection runs. `silver` is what the wallet credited (the cap may cut it)."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    achievement = models.CharField(max_length=30, help_text="rankings.achievements slug")
    occurrence = models.CharField(max_length=60)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL)
    awarded_at = models.DateTimeField()
    silver = models.PositiveIntegerField(help_text="Silver credited (within the 200 cap)")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "achievement", "occurrence"], name="achievementaward_once"
            )
        ]
        indexes = [
            models.Index(fields=["player", "achievement"], name="achievementaward_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.achievement} ({self.occurrence})"


class MonthRerun(models.Model):
    """The log of staff closing a month again (`month_end_again`): who, and when. A command run
    from the shell has no staff member."""

    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["year", "month"], name="monthrerun_month")]

    def __str__(self) -> str:
        return f"{self.year}-{self.month:02d} closed again at {self.at:%Y-%m-%d %H:%M}"
