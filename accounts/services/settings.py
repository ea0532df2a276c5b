"""A player's own settings: the display name others see, and the going-under choice quick play
honours (seed 000: "You can set in your profile whether you wish to play by this rule, or only
play games that do not allow this")."""

from __future__ import annotations

import re

from django.db import IntegrityError, transaction
from django.db.models import Value
from django.db.models.functions import Lower

from ..models import GoingUnder, User

DISPLAY_NAME_MIN = 2
DISPLAY_NAME_MAX = 30
# letters and digits of any alphabet, spaces and . _ -
_NAME_CHARACTERS = re.compile(r"[\w .\-]+")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_SPACES = re.compile(r"\s+")
# tables call computer seats "Computer" and one's own seat "You"
RESERVED_NAMES = frozenset({"computer", "you"})

NAME_TAKEN = "That display name is taken; please choose another."


class SettingsRefused(Exception):
    """A settings change that was not saved; `field` is the form field the message belongs to."""

    def __init__(self, code: str, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field


def display_name_clean(*, display_name: str) -> str:
    """The name as it will be stored (outer spaces dropped, inner runs of spaces made one, so
    "Ann  Lee" cannot pass for "Ann Lee"); refuses a name that breaks the rules."""
    name = _SPACES.sub(" ", display_name).strip()
    if not DISPLAY_NAME_MIN <= len(name) <= DISPLAY_NAME_MAX:
        raise SettingsRefused(
            "name_length",
            f"A display name has {DISPLAY_NAME_MIN} to {DISPLAY_NAME_MAX} characters.",
            field="display_name",
        )
    if not _NAME_CHARACTERS.fullmatch(name):
        raise SettingsRefused(
            "name_characters",
            "A display name may use only letters, digits, spaces and . _ -",
            field="display_name",
        )
    if not _LETTER_OR_DIGIT.search(name):
        raise SettingsRefused(
            "name_no_letters",
            "A display name needs at least one letter or digit.",
            field="display_name",
        )
    if name.casefold() in RESERVED_NAMES:
        raise SettingsRefused(
            "name_reserved",
            f"“{name}” would be confusing at a table; please choose another name.",
            field="display_name",
        )
    return name


def account_settings_update(*, user_id: int, display_name: str, going_under: str) -> User:
    """Saves the player's display name and going-under choice. The database's unique index on
    the lower-cased name decides between two players taking one name at the same moment."""
    name = display_name_clean(display_name=display_name)
    if going_under not in GoingUnder.values:
        raise SettingsRefused(
            "going_under", "Choose one of the going-under options.", field="going_under"
        )
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().get(pk=user_id)
            # a clear message in the usual case; the index below settles a race. Compared as
            # the index compares: PostgreSQL's lower() on both sides
            taken = (
                User.objects.alias(name_lower=Lower("display_name"))
                .filter(name_lower=Lower(Value(name)))
                .exclude(pk=user_id)
                .exists()
            )
            if taken:
                raise SettingsRefused("name_taken", NAME_TAKEN, field="display_name")
            user.display_name = name
            user.going_under = going_under
            user.save(update_fields=["display_name", "going_under"])
    except IntegrityError as error:
        raise SettingsRefused("name_taken", NAME_TAKEN, field="display_name") from error
    return user
