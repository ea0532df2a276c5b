"""Game records: a game row, its seats (two, three or four: `rules.seats`), and the
append-only log of its actions.

The engine rebuilds any game from (rules, seed, actions); nothing about a game lives only in a
process's memory, so any web or worker process can serve any game and a restart loses nothing.

Scores are copied out of the engine for lists and rankings (never replayed for a sum): the
partnership game keeps its two team scores on the game (`score_team0/1`, `winner_team`); a game
without partners (two-handed, three-handed, call-ace) keeps each player's own score on their
seat (`Seat.score`) and its winner's seat on the game (`winner_seat`).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

# every package's models, so that Django registers them (the app's models are this module's);
# each package imports its own from its models.py
from games.challenges.models import Challenge as Challenge
from games.engine.rules import SEATS
from games.live.models import ChatMessage as ChatMessage
from games.live.models import ChatMute as ChatMute
from games.moderation.collusion.models import CollusionFlag as CollusionFlag
from games.moderation.models import AbuseReport as AbuseReport
from games.moderation.models import ModerationDecision as ModerationDecision
from games.moderation.models import Player as Player
from games.records.review.models import GameReview as GameReview
from games.tables.models import Invitation as Invitation
from games.tables.models import PartnerInvitation as PartnerInvitation
from games.tables.models import QueueEntry as QueueEntry
from games.tables.models import SeatInvitation as SeatInvitation


def new_game_seed() -> str:
    return secrets.token_hex(8)


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


# the games that count (rankings, leagues, records): finished with a winner, a team in the
# partnership game or a player in a game without partners, and not a lesson (free, its deal
# known); on Game rows, and on Seat rows
GAME_DECIDED = (Q(winner_team__isnull=False) | Q(winner_seat__isnull=False)) & Q(lesson=False)
SEAT_GAME_DECIDED = (Q(game__winner_team__isnull=False) | Q(game__winner_seat__isnull=False)) & Q(
    game__lesson=False
)


class ComputerLevel(models.TextChoices):
    """games.players.levels.LEVELS"""

    EASY = "easy", "Easy"
    NORMAL = "normal", "Normal"
    STRONG = "strong", "Strong"


class Game(models.Model):
    class Kind(models.TextChoices):
        PUBLIC = "public", "Public table"
        PRIVATE = "private", "Private table"
        # a table of a league: only its members sit, from the league's page (leagues app)
        LEAGUE = "league", "League table"

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    rules = models.JSONField(help_text="games.engine.RuleOptions.to_dict()")
    seed = models.CharField(max_length=32, default=new_game_seed)
    # the number of actions in the log: every move checks and bumps it (one writer per game)
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # when the seat to act runs out of time; None when nobody is on the clock
    turn_deadline = models.DateTimeField(null=True, blank=True)
    # the last change of play: the sweeper finds computer turns that no task took
    moved_at = models.DateTimeField(null=True, blank=True)
    # a copy of the engine's score, for lists and rankings without replaying the log: the
    # partnership game's two teams (0: seats 0 and 2); 0 and None in a game without partners
    score_team0 = models.PositiveSmallIntegerField(default=0)
    score_team1 = models.PositiveSmallIntegerField(default=0)
    winner_team = models.PositiveSmallIntegerField(null=True, blank=True)
    # the winning player of a game without partners (their own scores are on their seats)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # the game starts only with every seat taken by a person: no computer fills one at the start
    full_table_only = models.BooleanField(default=False)
    # "play again" after this game (`games.tables.services.play_again`): the table its players
    # were invited to, so that the second one to press it sits there rather than opening another
    again_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="played_again"
    )
    # how well the computers in the seats nobody took play (the table's creator chooses);
    # a computer standing in for a person always plays at the strongest level
    computer_level = models.CharField(
        max_length=10, choices=ComputerLevel.choices, default=ComputerLevel.STRONG
    )
    # a private or league table's finished game whose record (every hand as dealt) one of its
    # players made public, and who (`games.records.services.sharing`); a public table's record
    # is public without it (`games.records.selectors`)
    record_shared_at = models.DateTimeField(null=True, blank=True)
    record_shared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # a first lesson (`games.tables.services.lessons`): a free private table of fixed rules and
    # deal against the computers, explained step by step; it never counts (GAME_DECIDED)
    lesson = models.BooleanField(default=False, db_default=False)
    # how many hints its player asked for (`games.live.services.hints`): said on the record
    hints_used = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        indexes = [
            models.Index(fields=["status", "kind"]),
            models.Index(
                fields=["turn_deadline"],
                name="games_playing_deadline",
                condition=Q(status="playing"),
            ),
            # a month's finished games (the rankings' month end looks for unrecorded ones)
            models.Index(
                fields=["finished_at"],
                name="games_finished_at",
                condition=Q(status="finished"),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(winner_team__isnull=True) | Q(winner_team__in=[0, 1]),
                name="games_winner_team_is_0_or_1",
            ),
            models.CheckConstraint(
                condition=Q(winner_seat__isnull=True) | Q(winner_seat__lte=3),
                name="games_winner_seat_0_to_3",
            ),
            # a team wins the partnership game, a player any other: never both
            models.CheckConstraint(
                condition=Q(winner_team__isnull=True) | Q(winner_seat__isnull=True),
                name="games_one_kind_of_winner",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_status_display()})"

    # ---- what the stored rules and result add up to (no query, except `scores` without
    # partners, which reads the seats: prefetch them for lists) ------------------------------

    @property
    def variant(self) -> str:
        """The rules' variant: "euchre" (the partnership game), "two_handed", "three_handed"
        or "call_ace". Games stored before the variants have no such key: "euchre"."""
        return self.rules.get("variant", "euchre")

    @property
    def partnerships(self) -> bool:
        return self.variant == "euchre"

    @property
    def seat_count(self) -> int:
        return SEATS[self.variant]

    @property
    def has_winner(self) -> bool:
        return self.winner_team is not None or self.winner_seat is not None

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """The seats that won: both partners of the winning team, or the winning player."""
        if self.winner_team is not None:
            return (self.winner_team, self.winner_team + 2)
        if self.winner_seat is not None:
            return (self.winner_seat,)
        return ()

    @property
    def scores(self) -> tuple[int, ...]:
        """The engine's score: per team with partners, per seat (in seat order) otherwise."""
        if self.partnerships:
            return (self.score_team0, self.score_team1)
        return tuple(seat.score for seat in sorted(self.seats.all(), key=_position))

    def computer_level_of(self, seat: Seat) -> str | None:
        """How the computer plays `seat`: a seat nobody took at the table's level; a seat a
        person left (a cancel, a block) at the strongest, so nobody's partner is let down.
        None while a person plays it (after a timeout the computer covers them, also at the
        strongest: `games.live.services.play.computer_level`)."""
        if seat.user_id is None:
            return self.computer_level
        return ComputerLevel.STRONG if seat.cancelled else None

    def side_score(self, seat: Seat) -> int:
        """The score of `seat`'s side: its team's with partners, its own otherwise (seed 000's
        "as many points as their team had", for a player who plays for themself)."""
        if self.partnerships:
            return self.score_team0 if seat.position % 2 == 0 else self.score_team1
        return seat.score


class Seat(models.Model):
    """A seat at a table: a player, or a computer when `user` is empty.

    `in_play` is true while the seat's player is bound to this unfinished game; the unique
    constraint on it makes "one unfinished game per player" a fact of the database (seed 000).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    in_play = models.BooleanField(default=False)
    # in a game without partners, this player's own score (a copy of the engine's, after each
    # hand); 0 in the partnership game, whose team scores are on the game
    # (a default in the database too: set-based inserts of seats, as the rankings bench makes)
    score = models.PositiveSmallIntegerField(default=0, db_default=0)
    # the player cancelled: the computer finishes the game in this seat and its points are forfeit
    cancelled = models.BooleanField(default=False)
    time_limit_ms = models.PositiveIntegerField()
    timeouts = models.PositiveIntegerField(default=0)
    # the computer made this person's latest move when their time ran out: most likely away,
    # and the table shows that the computer covers them (until they move themselves)
    covered = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="games_seat_position_unique"),
            models.CheckConstraint(condition=Q(position__lte=3), name="games_seat_position_0_to_3"),
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(in_play=True),
                name="games_one_unfinished_game_per_player",
            ),
            models.UniqueConstraint(
                fields=["game", "user"], name="games_one_seat_per_player_per_game"
            ),
            models.CheckConstraint(
                condition=Q(in_play=False) | Q(user__isnull=False),
                name="games_seat_in_play_has_a_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.position}"

    @property
    def is_computer(self) -> bool:
        return self.user_id is None or self.cancelled


def _position(seat: Seat) -> int:
    return seat.position


class Action(models.Model):
    """One entry of a game's append-only log: the engine's action string and who chose it."""

    class Source(models.TextChoices):
        PLAYER = "player", "Player"
        COMPUTER = "computer", "Computer seat"
        TIMEOUT = "timeout", "Computer after a timeout"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    sequence = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=40)
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "sequence"], name="games_action_sequence_unique"
            ),
        ]

    def __str__(self) -> str:
        # no card: the admin prints this beside a live game's log, where a discard is private
        return f"{self.game_id}#{self.sequence} seat {self.seat}"
