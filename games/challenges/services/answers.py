"""Answers to a challenge: accept, decline, withdraw; and the sweeper's expiry.

The accept makes the private table, seats both players and starts it in one transaction, under
both players' seating locks and the challenge's row (`send.py` says why), so two accepts, or an
accept and a sit-down elsewhere, each run after the other; a refusal inside it rolls back to a
savepoint: no table, no coins.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from economy.services.errors import WalletRefused
from economy.services.prices import private_table_charge
from games.engine import RuleOptions
from games.live.services.player_lock import players_serialized
from games.models import Game, Seat
from games.tables.models import QueueEntry
from games.tables.services.charges import SeatCannotPay
from games.tables.services.tables import ALREADY_PLAYING, TableError, game_begin, seats_create

from ..models import Challenge, ChallengeStatus
from ..texts import player_name
from .send import (
    NO_SUCH_CHALLENGE,
    QUEUED,
    ChallengeRefused,
    challenge_end,
    challenge_positions,
    is_playing,
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
    if is_playing(challenge.challenged_id):
        return ALREADY_PLAYING, True
    if is_playing(challenge.challenger_id):
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
                challenge_end(
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
                challenge_end(challenge, ChallengeStatus.ACCEPTED, game=game)
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
        challenge_end(
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
        challenge_end(
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
        challenge_end(challenge, ChallengeStatus.CANCELLED)
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
                is_playing(challenge.challenger_id) or is_playing(challenge.challenged_id)
            ):
                continue  # the game that made it due ended meanwhile
            name = player_name(challenge.challenged)
            challenge_end(
                challenge,
                ChallengeStatus.EXPIRED,
                told=f"Your challenge to {name} ended: one of you is at another table."
                if on_time
                else f"{name} did not answer your challenge in "
                f"{Challenge.ANSWER_SECONDS // 60} minutes.",
            )
            ended += 1
    return ended
