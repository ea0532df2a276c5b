"""Challenges: send, accept, decline, withdraw, expire.

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

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from accounts.friends.selectors import audience_admits
from accounts.models import NotificationKind, User
from accounts.services.notifications import notification_withdraw, notify
from economy.services.errors import WalletRefused
from economy.services.prices import game_price, private_table_charge, private_table_price
from economy.services.wallet import wallet_check_can_pay
from games.engine import RuleOptions
from games.live.services.player_lock import players_serialized
from games.models import Game, Seat
from games.presence.services import site_tell_on_commit
from games.relation.services import muted_between
from games.tables.models import QueueEntry
from games.tables.services.charges import SeatCannotPay
from games.tables.services.tables import (
    ALREADY_PLAYING,
    TableError,
    computer_level_check,
    game_begin,
    rules_checked,
    seats_create,
)

from .models import Challenge, ChallengeSeat, ChallengeStatus
from .texts import challenge_words, player_name


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


def _is_playing(user_id: int) -> bool:
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
    if _is_playing(challenger.pk):
        return ALREADY_PLAYING
    if QueueEntry.objects.filter(user_id=challenger.pk).exists():
        return ChallengeRefused(
            "queued", "You are waiting in quick play: leave the queue first, then challenge."
        )
    if _is_playing(challenged.pk):
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
            _challenge_end(challenge, ChallengeStatus.EXPIRED)
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


def _challenge_end(
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


def _pair_of(challenge_id: int) -> tuple[int, int]:
    """The challenge's two players, read before their locks are taken."""
    pair = (
        Challenge.objects.filter(pk=challenge_id)
        .values_list("challenger_id", "challenged_id")
        .first()
    )
    if pair is None:
        raise NO_SUCH_CHALLENGE
    return pair


def _answerable(challenge_id: int, user_id: int) -> Challenge:
    """The challenge's row, locked (both players' locks held), if `user_id` may answer it now;
    otherwise the refusal. An expired one ends here (committed before the refusal is raised by
    the caller: see `challenge_accept`)."""
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("challenger", "challenged")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise NO_SUCH_CHALLENGE
    if challenge.challenged_id != user_id:
        raise ChallengeRefused(
            "not_yours",
            "You cannot answer your own challenge: wait for theirs."
            if challenge.challenger_id == user_id
            else "This challenge was not sent to you.",
        )
    if challenge.status == ChallengeStatus.ACCEPTED:
        raise ChallengeRefused("already_accepted", "You accepted this challenge already.")
    if challenge.status != ChallengeStatus.PENDING:
        raise ChallengeRefused(
            "not_waiting",
            f"This challenge is no longer waiting ({challenge.get_status_display().lower()}).",
        )
    return challenge


def _accept_refusal(challenge: Challenge) -> tuple[TableError, bool] | None:
    """Why the challenge cannot be accepted now, and whether it ends for it (seed 000: a
    challenge expires when either player sits down elsewhere); None when it can."""
    name = player_name(challenge.challenger)
    if challenge.expires_at <= timezone.now():
        return ChallengeRefused(
            "expired", f"{name}'s challenge expired: challenge them back, or ask them again."
        ), True
    if _is_playing(challenge.challenged_id):
        return ALREADY_PLAYING, True
    if _is_playing(challenge.challenger_id):
        return ChallengeRefused("busy", f"{name} sat down at another table meanwhile."), True
    if QueueEntry.objects.filter(user_id=challenge.challenged_id).exists():
        return QUEUED, False
    return None


def challenge_accept(*, challenge_id: int, user_id: int) -> Game:
    """The challenged player accepts: the private table is made with both players in their
    seats and computers in the others, and started, all in this transaction, so the table and
    the game are paid for here, once (the challenger pays for the table, as its creator, and
    each player for the game). Returns the game."""
    challenger_id, challenged_id = _pair_of(challenge_id)
    refusal: TableError | None = None
    with players_serialized([challenger_id, challenged_id]):
        challenge = _answerable(challenge_id, user_id)
        found = _accept_refusal(challenge)
        if found is not None:
            refusal, ends = found
            if ends:
                _challenge_end(
                    challenge,
                    ChallengeStatus.EXPIRED,
                    told=f"Your challenge to {player_name(challenge.challenged)} ended: "
                    "one of you is at another table.",
                )
        else:
            try:
                with transaction.atomic():  # a refusal here takes back the table and its coins
                    game = _table_start(challenge)
            except IntegrityError:  # seated elsewhere past the locks: the index says no
                refusal = ALREADY_PLAYING
            except SeatCannotPay as unpaid:
                refusal = _cannot_pay(challenge, unpaid.user_id, unpaid.refused)
            except WalletRefused as refused:  # the challenger, for the table
                refusal = _cannot_pay(challenge, challenge.challenger_id, refused)
            else:
                _challenge_end(challenge, ChallengeStatus.ACCEPTED, game=game)
                _others_end(challenge)
                return game
    assert refusal is not None
    raise refusal


def _table_start(challenge: Challenge) -> Game:
    rules = RuleOptions.from_dict(challenge.rules)
    game = Game.objects.create(
        kind=Game.Kind.PRIVATE,
        rules=rules.to_dict(),
        created_by_id=challenge.challenger_id,
        computer_level=challenge.computer_level,
    )
    mine, theirs = challenge_positions(rules, challenge.seat)
    players: list[int | None] = [None] * game.seat_count
    players[mine], players[theirs] = challenge.challenger_id, challenge.challenged_id
    seats_create(game, players)
    private_table_charge(game_id=game.pk, user_id=challenge.challenger_id)
    game_begin(game)
    return game


def _cannot_pay(challenge: Challenge, user_id: int, refused: WalletRefused) -> ChallengeRefused:
    """Said to the player accepting; the challenge waits on (coins may come before it ends)."""
    if user_id == challenge.challenged_id:
        return ChallengeRefused(refused.code, refused.message)
    return ChallengeRefused(
        "challenger_cannot_pay",
        f"{player_name(challenge.challenger)} cannot pay for the table just now.",
    )


def _others_end(accepted: Challenge) -> None:
    """Both players now sit at a table: every other challenge waiting from or to either of them
    ends (their locks held by the caller; the other players' pages are told)."""
    either = [accepted.challenger_id, accepted.challenged_id]
    others = (
        Challenge.objects.select_for_update(of=("self",))
        .filter(Q(challenger_id__in=either) | Q(challenged_id__in=either))
        .filter(status=ChallengeStatus.PENDING)
        .exclude(pk=accepted.pk)
        .select_related("challenged")
    )
    for other in others:
        _challenge_end(
            other,
            ChallengeStatus.EXPIRED,
            told=f"Your challenge to {player_name(other.challenged)} ended: one of you sat "
            "down at another table.",
        )


def challenge_decline(*, challenge_id: int, user_id: int) -> Challenge:
    """The challenged player says no: the challenger is told; nothing is paid."""
    challenger_id, challenged_id = _pair_of(challenge_id)
    with players_serialized([challenger_id, challenged_id]):
        challenge = _answerable(challenge_id, user_id)
        _challenge_end(
            challenge,
            ChallengeStatus.DECLINED,
            told=f"{player_name(challenge.challenged)} declined your challenge.",
        )
        return challenge


def challenge_cancel(*, challenge_id: int, user_id: int) -> Challenge:
    """The challenger withdraws a challenge still waiting."""
    challenger_id, challenged_id = _pair_of(challenge_id)
    with players_serialized([challenger_id, challenged_id]):
        challenge = Challenge.objects.select_for_update().get(pk=challenge_id)
        if challenge.challenger_id != user_id:
            raise ChallengeRefused("not_yours", "Only the player who challenged can withdraw.")
        if challenge.status != ChallengeStatus.PENDING:
            raise ChallengeRefused(
                "not_waiting",
                f"This challenge is no longer waiting ({challenge.get_status_display().lower()}).",
            )
        _challenge_end(challenge, ChallengeStatus.CANCELLED)
        return challenge


def challenges_expire() -> int:
    """Ends the challenges nobody answered in time, and those whose player sat down at another
    table (the sweeper's call, every few seconds; safe to run twice or beside an answer: each
    row is locked and looked at again, one being answered is skipped). How many ended."""
    playing = Seat.objects.filter(in_play=True)
    due = Challenge.objects.filter(status=ChallengeStatus.PENDING).filter(
        Q(expires_at__lte=timezone.now())
        | Exists(playing.filter(user_id=OuterRef("challenger_id")))
        | Exists(playing.filter(user_id=OuterRef("challenged_id")))
    )
    ended = 0
    for challenge_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            challenge = (
                Challenge.objects.select_for_update(of=("self",), skip_locked=True)
                .select_related("challenged")
                .filter(pk=challenge_id, status=ChallengeStatus.PENDING)
                .first()
            )
            if challenge is None:
                continue
            on_time = challenge.expires_at > timezone.now()
            if on_time and not (
                _is_playing(challenge.challenger_id) or _is_playing(challenge.challenged_id)
            ):
                continue  # the game that made it due ended meanwhile
            name = player_name(challenge.challenged)
            _challenge_end(
                challenge,
                ChallengeStatus.EXPIRED,
                told=f"Your challenge to {name} ended: one of you is at another table."
                if on_time
                else f"{name} did not answer your challenge in "
                f"{Challenge.ANSWER_SECONDS // 60} minutes.",
            )
            ended += 1
    return ended
