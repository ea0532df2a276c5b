"""The site's user: players log in with their e-mail address and show a display name."""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone

from . import names

# friends are a feature package of their own; Django registers its models through this module
from .friends.models import FriendRequest as FriendRequest
from .friends.models import Friendship as Friendship

# notifications live in their own module; their names stay importable from here
from .models_notifications import EMAILED_KINDS as EMAILED_KINDS
from .models_notifications import Notification as Notification
from .models_notifications import NotificationKind as NotificationKind
from .preferences import display_preferences_of


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create(self, email: str, password: str | None, **fields: Any) -> User:
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.display_name_set(user.display_name)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        fields.setdefault("is_staff", False)
        fields.setdefault("is_superuser", False)
        return self._create(email, password, **fields)

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> User:
        fields.update(is_staff=True, is_superuser=True)
        return self._create(email, password, **fields)


class GoingUnder(models.TextChoices):
    """Seed 000: "You can set in your profile whether you wish to play by this rule, or only
    play games that do not allow this." Quick play seats only players whose choices agree."""

    EITHER = "either", "Either: with or without going under"
    WITH = "with", "Only tables with going under"
    WITHOUT = "without", "Only tables without going under"


class Audience(models.TextChoices):
    """Who may see a player's presence, or challenge them to a game (issue 54): the player's
    own choice, friends by default."""

    FRIENDS = "friends", "My friends"
    EVERYONE = "everyone", "Everyone"
    NOBODY = "nobody", "Nobody"


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField("e-mail address", unique=True)
    # public: shown at tables, in rankings and on the profile; unique ignoring case
    display_name = models.CharField(max_length=30, blank=True)
    # the name's confusables skeletons, as written and ignoring case (accounts.names): unique,
    # so that no name looks like another player's. Set with the name (display_name_set), ""
    # for no name.
    display_name_skeleton = models.TextField(blank=True, default="", db_default="", editable=False)
    display_name_folded_skeleton = models.TextField(
        blank=True, default="", db_default="", editable=False
    )
    going_under = models.CharField(
        "going under",
        max_length=7,
        choices=GoingUnder.choices,
        default=GoingUnder.EITHER,
        help_text="Quick play seats you only at tables whose going-under rule you accept.",
    )
    # who sees whether the player is online and where, and who may challenge them to a game
    # (accounts.services.settings.privacy_settings_update)
    presence_visible_to = models.CharField(
        "who sees when I am online",
        max_length=8,
        choices=Audience.choices,
        default=Audience.FRIENDS,
        db_default=Audience.FRIENDS,
    )
    challenges_from = models.CharField(
        "who may challenge me to a game",
        max_length=8,
        choices=Audience.choices,
        default=Audience.FRIENDS,
        db_default=Audience.FRIENDS,
    )
    # seed 003's display preferences at the table, only those the player changed
    # (accounts.preferences fills in the defaults)
    display_preferences = models.JSONField(default=dict, blank=True)
    # the notifications a player should not miss (invitations, purchases, a block) also come
    # by e-mail unless they turn it off in their settings
    notification_emails = models.BooleanField(
        "e-mail me what I should not miss", default=True, db_default=True
    )
    # when the player took or turned down the first lesson offered to newcomers
    # (games.lessons); None while it is offered (until they have played)
    lesson_offer_closed_at = models.DateTimeField(null=True, blank=True)
    # the code of this player's invitation link (/invite/<code>/)
    invite_code = models.CharField(max_length=16, unique=True, default=new_invite_code)
    is_staff = models.BooleanField(default=False)
    # false for a blocked player: Django and allauth refuse them at once (see blocked_at)
    is_active = models.BooleanField(default=True)
    # seed 000: "we will block the user forever"; only staff lift a block
    blocked_at = models.DateTimeField(null=True, blank=True)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                condition=~Q(display_name=""),
                name="accounts_display_name_unique_ignoring_case",
                violation_error_message="That display name is taken.",
            ),
            models.UniqueConstraint(
                fields=["display_name_skeleton"],
                condition=~Q(display_name_skeleton=""),
                name="accounts_display_name_skeleton_unique",
                violation_error_message="This name is too close to another player's name.",
            ),
            models.UniqueConstraint(
                fields=["display_name_folded_skeleton"],
                condition=~Q(display_name_folded_skeleton=""),
                name="accounts_display_name_folded_skeleton_unique",
                violation_error_message="This name is too close to another player's name.",
            ),
            models.CheckConstraint(
                condition=Q(blocked_at__isnull=True) | Q(is_active=False),
                name="accounts_blocked_player_is_inactive",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.email

    def display_name_set(self, name: str) -> None:
        """The name and its skeletons together (saved by the caller)."""
        self.display_name = name
        self.display_name_skeleton, self.display_name_folded_skeleton = (
            names.display_name_skeletons(name)
        )

    def get_short_name(self) -> str:
        return self.display_name or self.email.split("@")[0]

    def get_full_name(self) -> str:
        return self.get_short_name()

    @property
    def table_display(self) -> dict[str, bool | str]:
        """Every display preference, the defaults filled in: what the table page applies."""
        return display_preferences_of(self.display_preferences)

    @property
    def is_blocked(self) -> bool:
        return self.blocked_at is not None


class Referral(models.Model):
    """A newcomer who signed up through a player's invitation link. Recorded once per newcomer;
    `qualified_at` is set when they finish their first game (the economy pays for it then)."""

    inviter = models.ForeignKey(User, on_delete=models.CASCADE, related_name="referrals")
    invited = models.OneToOneField(User, on_delete=models.CASCADE, related_name="referred_by")
    created_at = models.DateTimeField(auto_now_add=True)
    qualified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(inviter=F("invited")), name="accounts_referral_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.inviter} invited {self.invited}"
