"""A player's own settings: the display name others see, the going-under choice quick play
honours (seed 000: "You can set in your profile whether you wish to play by this rule, or only
play games that do not allow this"), and who sees their presence or may challenge them."""

from __future__ import annotations

import re
import unicodedata

from django.db import IntegrityError, transaction
from django.db.models import Q, Value
from django.db.models.functions import Lower

from ..friends.selectors import friend_ids
from ..friends.services import friends_changed_on_commit
from ..models import Audience, GoingUnder, User
from ..names import code_point_label, display_name_skeletons, invisible_characters

DISPLAY_NAME_MIN = 2
DISPLAY_NAME_MAX = 30
# letters and digits of any alphabet, spaces and . _ -
_NAME_CHARACTERS = re.compile(r"[\w .\-]+")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_SPACES = re.compile(r"\s+")
# tables call computer seats "Computer" and one's own seat "You"
RESERVED_NAMES = frozenset({"computer", "you"})

NAME_TAKEN = "That display name is taken; please choose another."
NAME_TOO_CLOSE = "This name is too close to another player's name."
# the database's word when two players took one name, or two look-alikes, at the same moment
NAME_CONSTRAINTS = {
    "accounts_display_name_unique_ignoring_case": ("name_taken", NAME_TAKEN),
    "accounts_display_name_skeleton_unique": ("name_too_close", NAME_TOO_CLOSE),
    "accounts_display_name_folded_skeleton_unique": ("name_too_close", NAME_TOO_CLOSE),
}


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
    # composed (NFC): a letter and its accent typed apart are the same name
    composed = unicodedata.normalize("NFC", display_name)
    # first, so that a name of fillers alone, or a zero width among letters, is told why
    invisible = invisible_characters(composed)
    if invisible:
        raise SettingsRefused(
            "name_invisible",
            "A display name cannot hold invisible characters (this one holds "
            f"{_listed(invisible)}).",
            field="display_name",
        )
    name = _SPACES.sub(" ", composed).strip()
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


def _listed(chars: list[str], most: int = 3) -> str:
    labels = [code_point_label(char) for char in chars[:most]]
    more = len(chars) - most
    return ", ".join(labels) + (f" and {more} more" if more > 0 else "")


def display_name_available(*, display_name: str, user_id: int | None = None) -> None:
    """Refuses a name another player has (ignoring case) or one that looks like theirs (a
    confusables skeleton in common: a Cyrillic a for a Latin one, "rn" for "m" ...). The
    database's unique indexes settle a race; `display_name_refusal` reads their answer.

    The new name's skeletons are computed now and compared with the stored ones. A row stored
    before invisible characters were dropped from the skeleton may hold a stale one; those rows
    all hold such a character, and `manage.py display_names_alike` lists them for staff."""
    others = User.objects.exclude(pk=user_id) if user_id else User.objects.all()
    # compared as the index compares: PostgreSQL's lower() on both sides
    same = others.alias(name_lower=Lower("display_name")).filter(
        name_lower=Lower(Value(display_name))
    )
    if same.exists():
        raise SettingsRefused("name_taken", NAME_TAKEN, field="display_name")
    skeleton, folded = display_name_skeletons(display_name)
    alike = Q(display_name_skeleton=skeleton) | Q(display_name_folded_skeleton=folded)
    if others.filter(alike).exists():
        raise SettingsRefused("name_too_close", NAME_TOO_CLOSE, field="display_name")


def display_name_refusal(error: IntegrityError) -> SettingsRefused | None:
    """The refusal an IntegrityError stands for, if one of the name indexes raised it."""
    for constraint, (code, message) in NAME_CONSTRAINTS.items():
        if constraint in str(error):
            return SettingsRefused(code, message, field="display_name")
    return None


def account_settings_update(*, user_id: int, display_name: str, going_under: str) -> User:
    """Saves the player's display name and going-under choice. The database's unique indexes
    decide between two players taking one name (or two look-alikes) at the same moment."""
    name = display_name_clean(display_name=display_name)
    if going_under not in GoingUnder.values:
        raise SettingsRefused(
            "going_under", "Choose one of the going-under options.", field="going_under"
        )
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().get(pk=user_id)
            # a clear message in the usual case; the indexes settle a race
            display_name_available(display_name=name, user_id=user_id)
            user.display_name_set(name)
            user.going_under = going_under
            user.save(
                update_fields=[
                    "display_name",
                    "display_name_skeleton",
                    "display_name_folded_skeleton",
                    "going_under",
                ]
            )
    except IntegrityError as error:
        refusal = display_name_refusal(error)
        if refusal is None:
            raise
        raise refusal from error
    return user


def privacy_settings_update(
    *, user_id: int, presence_visible_to: str, challenges_from: str
) -> None:
    """Saves who sees when the player is online and where, and who may challenge them to a game:
    friends, everyone or nobody (issue 54)."""
    for field, value in (
        ("presence_visible_to", presence_visible_to),
        ("challenges_from", challenges_from),
    ):
        if value not in Audience.values:
            raise SettingsRefused("audience", "Choose friends, everyone or nobody.", field=field)
    with transaction.atomic():
        User.objects.filter(pk=user_id).update(
            presence_visible_to=presence_visible_to, challenges_from=challenges_from
        )
        # the friends' open pages follow this player's presence, or stop, as it now says
        friends_changed_on_commit(friend_ids(user_id=user_id))
