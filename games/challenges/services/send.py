"""Sending a challenge, and how any challenge ends (`answers.py`: accept, decline, withdraw,
expire).

Every step that changes a challenge holds both players' seating locks (`players_serialized`,
lower id first: the same advisory locks `table_create` and `seat_take` take for one player),
then the challenge's row. So two accepts (a double click, two tabs), an accept and a decline,
or an accept and the challenged player sitting down at another table each run after the other
and see what it left. The accept makes the private table, seats both players, and starts it in
one transaction: its coins are charged there, as a private table's are when it starts, and
never for a challenge that ends any other way. A challenge that can no longer stand (expired,
or a player sat down elsewhere: seed 000, one game at a time) ends in the same breath as the
refusal that finds it, with its notification, and both players' pages are told.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.friends.selectors import audience_admits
from accounts.models import NotificationKind, User
from accounts.services.notifications import notification_withdraw, notify
from economy.services.errors import WalletRefused
from economy.services.prices import game_price, private_table_price
from economy.services.wallet import wallet_check_can_pay
from games.engine import RuleOptions
from games.live.services.player_lock import players_serialized
from games.models import Game, Seat
from games.presence.services import site_tell_on_commit
from games.relation.services import muted_between
from games.tables.models import QueueEntry
from games.tables.services.tables import (
    ALREADY_PLAYING,
    TableError,
    computer_level_check,
    rules_checked,
)

from ..models import Challenge, ChallengeSeat, ChallengeStatus
from ..texts import challenge_words, player_name


class ChallengeRefused(TableError):
    """A challenge, or an answer to one, that was refused (the rules' refusals are the
    tables' own `TableError`s: a view catches both as TableError)."""


NO_SUCH_CHALLENGE = ChallengeRefused("no_such_challenge", "There is no such challenge.")
QUEUED = ChallengeRefused(
    "queued", "You are waiting in quick play: leave the queue first, then answer again."
)


def challenge_positions(rules: RuleOptions, seat: str) -> tuple[int, int]:
    """(the challenger's seat, the challenged player's seat) at a table of `rules`: partners
    sit opposite each other; an opponent sits at the challenger's left."""
    if seat == ChallengeSeat.PARTNER:
        if not rules.partnerships:
            raise ChallengeRefused(
                "no_partners",
                "This game has no fixed partners: challenge them to sit against you, or "
                "choose a partnership game.",
            )
        return 0, 2
    if seat == ChallengeSeat.AGAINST:
        return 0, 1
    raise ChallengeRefused("invalid_seat", "Choose where they sit: as your partner or against you.")


def _source(challenge: Challenge) -> str:
    return f"challenge:{challenge.pk}"


def is_playing(user_id: int) -> bool:
    return Seat.objects.filter(user_id=user_id, in_play=True).exists()


def challenge_refusal(*, challenger: User, challenged: User) -> TableError | None:
    """Why `challenger` may not challenge `challenged` now, or None: read again under both
    players' locks by `challenge_send` (the form's page shows it early)."""
    if challenger.pk == challenged.pk:
        return ChallengeRefused("self", "You cannot challenge yourself: choose another player.")
    if not challenged.is_active or challenged.is_blocked:
        return ChallengeRefused("no_player", "There is no such player to challenge.")
    name = player_name(challenged)
    if not audience_admits(
        audience=challenged.challenges_from, owner_id=challenged.pk, viewer_id=challenger.pk
    ) or muted_between(user_id=challenger.pk, other_id=challenged.pk):
        # a setting or a mute is the other player's business: the words are the same
        return ChallengeRefused("not_taking", f"{name} is not taking challenges from you.")
    if is_playing(challenger.pk):
        return ALREADY_PLAYING
    if QueueEntry.objects.filter(user_id=challenger.pk).exists():
        return ChallengeRefused(
            "queued", "You are waiting in quick play: leave the queue first, then challenge."
        )
    if is_playing(challenged.pk):
        return ChallengeRefused(
            "busy", f"{name} is at a table now: challenge them when their game is over."
        )
    return None


def challenge_send(
    *,
    challenger_id: int,
    challenged_id: int,
    rules: RuleOptions | Mapping[str, Any],
    computer_level: str,
    seat: str,
) -> Challenge:
    """Challenges a player to a private table of `rules` (the engine's refusal of a
    combination is said as it is), the computers at `computer_level` in the seats left, the
    challenged player as my partner or against me. They are told live on every page they have
    open, and by a notification (e-mailed if they chose so). Nothing is paid yet."""
    rules = rules_checked(rules)
    computer_level_check(computer_level)
    challenge_positions(rules, seat)
    if challenger_id == challenged_id:
        raise ChallengeRefused("self", "You cannot challenge yourself: choose another player.")
    with players_serialized([challenger_id, challenged_id]):
        found = User.objects.in_bulk([challenger_id, challenged_id])
        challenger, challenged = found.get(challenger_id), found.get(challenged_id)
        if challenger is None or challenged is None:
            raise ChallengeRefused("no_player", "There is no such player to challenge.")
        if (refusal := challenge_refusal(challenger=challenger, challenged=challenged)) is not None:
            raise refusal
        _pair_waiting_check(challenger, challenged)
        try:
            wallet_check_can_pay(user_id=challenger_id, price=private_table_price() + game_price())
        except WalletRefused as refused:
            raise ChallengeRefused(refused.code, refused.message) from refused
        challenge = Challenge.objects.create(
            challenger=challenger,
            challenged=challenged,
            rules=rules.to_dict(),
            computer_level=computer_level,
            seat=seat,
            expires_at=timezone.now() + timedelta(seconds=Challenge.ANSWER_SECONDS),
        )
        notify(
            recipient_id=challenged_id,
            kind=NotificationKind.TABLE_INVITATION,
            text=f"{player_name(challenger)} challenges you: {challenge_words(challenge)}.",
            link=reverse("games:challenge", args=[challenge.pk]),
            source=_source(challenge),
        )
        site_tell_on_commit(user_id=challenged_id, event=challenge_prompt_event(challenge))
        return challenge


def _pair_waiting_check(challenger: User, challenged: User) -> None:
    """One challenge waits between two players at a time, either way (an expired one ends)."""
    waiting = Challenge.objects.filter(
        Q(challenger=challenger, challenged=challenged)
        | Q(challenger=challenged, challenged=challenger),
        status=ChallengeStatus.PENDING,
    )
    for challenge in waiting:
        if challenge.expires_at <= timezone.now():
            challenge_end(challenge, ChallengeStatus.EXPIRED)
        elif challenge.challenger_id == challenger.pk:
            raise ChallengeRefused(
                "already_challenged",
                f"You challenged {player_name(challenged)} already: wait for their answer.",
            )
        else:
            raise ChallengeRefused(
                "challenged_you",
                f"{player_name(challenged)} challenged you already: answer their challenge.",
            )


def challenge_prompt_event(challenge: Challenge) -> dict[str, Any]:
    """The live message of a new challenge, for the challenged player's pages (`challenges.js`
    shows it as a prompt with Accept and Decline)."""
    return {
        "type": "challenge",
        "state": ChallengeStatus.PENDING,
        "id": challenge.pk,
        "from": player_name(challenge.challenger),
        "game": challenge_words(challenge),
        "expires_at": challenge.expires_at.isoformat(),
        "url": reverse("games:challenge", args=[challenge.pk]),
        "accept_url": reverse("games:challenge_accept", args=[challenge.pk]),
        "decline_url": reverse("games:challenge_decline", args=[challenge.pk]),
    }


def challenge_end(
    challenge: Challenge,
    status: ChallengeStatus,
    *,
    told: str = "",
    game: Game | None = None,
) -> None:
    """Ends a pending challenge (its row locked, or made in this transaction): its status, its
    notification withdrawn (nothing stale left to answer), both players' pages told. `told`:
    what the challenger reads."""
    challenge.status, challenge.answered_at, challenge.game = status, timezone.now(), game
    challenge.save(update_fields=["status", "answered_at", "game"])
    notification_withdraw(
        recipient_id=challenge.challenged_id,
        kind=NotificationKind.TABLE_INVITATION,
        source=_source(challenge),
    )
    table_url = reverse("games:table", args=[game.pk]) if game else None
    ended = {"type": "challenge", "id": challenge.pk, "state": status, "table_url": table_url}
    site_tell_on_commit(user_id=challenge.challenged_id, event=ended)
    site_tell_on_commit(
        user_id=challenge.challenger_id, event=ended | {"text": told, "go": table_url}
    )
