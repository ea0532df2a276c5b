"""Demo data for a local run: a staff account and a few players, all able to log in at once."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.contrib.auth.hashers import make_password
from django.db import transaction

from .models import User
from .services.settings import display_name_available, display_name_clean

STAFF_EMAIL = "staff@example.com"
DEMO_PLAYERS = (
    ("alice@example.com", "Alice"),
    ("bob@example.com", "Bob"),
    ("carol@example.com", "Carol"),
    ("dave@example.com", "Dave"),
)


@dataclass(frozen=True)
class DemoCredentials:
    staff_email: str
    staff_password: str
    player_emails: tuple[str, ...]
    player_password: str


def _ensure_user(*, email: str, display_name: str, password_hash: str, staff: bool) -> User:
    user = User.objects.filter(email=email).first()
    # the same rules as a player's own name (SettingsRefused says which player's is too close)
    display_name = display_name_clean(display_name=display_name)
    display_name_available(display_name=display_name, user_id=user.pk if user else None)
    if user is None:
        user = User.objects.create_user(email, None, display_name=display_name)
    user.display_name_set(display_name)
    user.is_staff = user.is_superuser = staff
    user.password = password_hash
    user.save()
    # allauth requires a verified address before login; demo addresses count as verified
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    return user


@transaction.atomic
def demo_data_load() -> DemoCredentials:
    """Creates or refreshes the demo accounts with fresh passwords (printed by the caller)."""
    staff_password = secrets.token_urlsafe(12)
    player_password = secrets.token_urlsafe(9)
    # each password hashed once (the players share one): a hash costs ~0.4 s by design, and
    # serve loads the demo accounts at every start
    _ensure_user(
        email=STAFF_EMAIL,
        display_name="Staff",
        password_hash=make_password(staff_password),
        staff=True,
    )
    player_hash = make_password(player_password)
    for email, name in DEMO_PLAYERS:
        _ensure_user(email=email, display_name=name, password_hash=player_hash, staff=False)
    return DemoCredentials(
        staff_email=STAFF_EMAIL,
        staff_password=staff_password,
        player_emails=tuple(email for email, _ in DEMO_PLAYERS),
        player_password=player_password,
    )
