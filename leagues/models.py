"""Private leagues run by organisers, and the site's monthly Champions League (seed 000).

A league has members (one of them its organiser), invitations, seasons and the games played at
its tables. Standings are derived from the games (site points: team points, winners +5); when
a season closes its final table is kept in `SeasonStanding`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower


def new_join_token() -> str:
    return secrets.token_urlsafe(16)


class League(models.Model):
    class Kind(models.TextChoices):
        PRIVATE = "private", "Private league"
        CHAMPIONS = "champions", "Champions League"

    class Joining(models.TextChoices):
        LINK = "link", "Anyone with the link"
        INVITATION = "invitation", "Invited players only"

    class SeasonLength(models.TextChoices):
        WEEK = "week", "One week"
        FORTNIGHT = "fortnight", "Two weeks"
        MONTH = "month", "A calendar month"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PRIVATE)
    name = models.CharField(max_length=60)
    description = models.TextField(max_length=1000, blank=True)
    # the games.engine.RuleOptions of every table of the league
    rules = models.JSONField()
    # the organiser's new rules: they replace `rules` when the next season opens (None: no change)
    next_rules = models.JSONField(null=True, blank=True)
    joining = models.CharField(max_length=10, choices=Joining.choices, default=Joining.INVITATION)
    season_length = models.CharField(
        max_length=10, choices=SeasonLength.choices, default=SeasonLength.MONTH
    )
    join_token = models.CharField(max_length=32, unique=True, default=new_join_token)
    # the Champions League of a month: its first day; None for private leagues
    month = models.DateField(null=True, blank=True, unique=True)
    # the creation form's one-time key: a second submit (a double click) finds the first league
    creation_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # closed by its organiser: no new tables, members or seasons; members still read it
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("name"), condition=Q(kind="private"), name="league_private_name_unique"
            ),
            models.CheckConstraint(
                condition=Q(kind="private", month__isnull=True)
                | Q(kind="champions", month__isnull=False),
                name="league_month_only_for_champions",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player's time in a league: from joining to leaving or removal. A player who comes back
    gets a new row, so games played while they were away never count for them."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        MEMBER = "member", "Member"

    class Ended(models.TextChoices):
        LEFT = "left", "Left"
        REMOVED = "removed", "Removed by the organiser"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    ended = models.CharField(max_length=10, choices=Ended.choices, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=Q(ended_at__isnull=True),
                name="membership_one_current",
            ),
            models.UniqueConstraint(
                fields=["league"],
                condition=Q(ended_at__isnull=True, role="organiser"),
                name="membership_one_organiser",
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True, ended="")
                | Q(ended_at__isnull=False) & ~Q(ended=""),
                name="membership_ended_with_reason",
            ),
        ]
        indexes = [models.Index(fields=["player", "ended_at"], name="membership_player")]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.league_id}"


class LeagueInvitation(models.Model):
    """An invitation of one player by name: only that player can answer it, once."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=Q(status="pending"),
                name="leagueinvitation_one_pending",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} to {self.league_id} ({self.status})"


class Season(models.Model):
    """A league's season: games that end in [starts_at, ends_at) count in it. Closed once, by
    the job that keeps its final table and opens the next season."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="season_number_once"),
            models.CheckConstraint(
                condition=Q(ends_at__gt=models.F("starts_at")), name="season_ends_after_start"
            ),
        ]
        indexes = [models.Index(fields=["closed_at", "ends_at"], name="season_due")]

    def __str__(self) -> str:
        return f"{self.league_id} season {self.number}"


class SeasonStanding(models.Model):
    """A row of a closed season's final table."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    position = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    points = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="seasonstanding_player"),
            models.UniqueConstraint(fields=["season", "position"], name="seasonstanding_position"),
        ]

    def __str__(self) -> str:
        return f"{self.season_id} #{self.position} {self.player_id}"

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


class LeagueGame(models.Model):
    """A game played at one of the league's tables, in the season that was current when the
    table opened (a game counts in the season in which it ends: see the standings)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True)
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="games")

    def __str__(self) -> str:
        return f"game {self.game_id} of {self.league_id}"
