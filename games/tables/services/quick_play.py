"""Quick play: a queue of players, each waiting for one game (standard Euchre, two-handed,
three-handed or call-ace); as many as the game seats, waiting for it with going-under choices
that agree, sit at a public table.

Each player chooses going under "with", "without" or "either" (seed 000, in their settings). A
table is formed around the player who has waited longest: its rule is the one that seats them
soonest with others waiting for the same game who accept it. A player who would rather not wait
starts at once with whoever else waits for that game and accepts their rule, and computers (at
the level they choose) in the empty seats. Matching locks the queue rows it takes
(`skip_locked`), so two matchers never seat one player twice and never block each other.

Two friends may queue together as partners (`quick_play_pairs` forms the pair): their two
entries name each other and are seated together, opposite each other, or not at all. A player
may also ask for people only (nobody's "start now" takes them to a table with computers: they
wait) and to avoid the players they muted (`quick_play_groups` chooses the groups).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from games.live.selectors import muted_by
from games.live.services.play import full_time_limit_ms
from games.live.services.player_lock import player_serialized, players_serialized
from games.models import ComputerLevel, Game, Seat
from games.rule_texts import QUICK_PLAY_VARIANTS, preset_seats
from games.tables.models import PartnerInvitation, QueueEntry

from .charges import SeatCannotPay
from .quick_play_groups import Group, Mutes, accepts, group_for, seat_order
from .tables import (
    ALREADY_PLAYING,
    TableError,
    computer_level_check,
    game_begin,
    player_can_pay_check,
)

__all__ = ["Group", "accepts", "group_for"]  # the groups' own module, named here too

# how far down the queue one match looks; the sweeper seats whatever is left
MATCH_WINDOW = 200
# why a waiting player was taken out of the queue, shown by their lobby's next page (an hour)
QUEUE_NOTICE_SECONDS = 3600

_shuffle = random.SystemRandom().shuffle


NO_SUCH_GAME = TableError("no_such_game", "Quick play has no such game.")


def _variant_check(variant: str) -> None:
    if variant not in QUICK_PLAY_VARIANTS:
        raise NO_SUCH_GAME


def queue_join(
    *,
    user_id: int,
    variant: str = "standard",
    people_only: bool = False,
    avoid_muted: bool = False,
) -> Game | None:
    """Joins the queue for `variant` (a preset of QUICK_PLAY_VARIANTS) with the player's
    going-under choice and filters; the table, if a group is now complete."""
    _variant_check(variant)
    with player_serialized(user_id):
        if Seat.objects.filter(user_id=user_id, in_play=True).exists():
            raise ALREADY_PLAYING
        queue_alone_check(user_id=user_id)
        player_can_pay_check(user_id=user_id)
        _queue_entry_upsert(
            user_id=user_id,
            going_under=_choice_of(user_id),
            variant=variant,
            people_only=people_only,
            avoid_muted=avoid_muted,
        )
    return queue_match()


def queue_alone_check(*, user_id: int) -> None:
    """Refuses a player who waits with a partner, or whose invitation to one is out: they
    leave the queue (or cancel it) first, so that no pair is left half-made."""
    partner = (
        QueueEntry.objects.filter(user_id=user_id, partner__isnull=False)
        .values_list("partner__display_name", flat=True)
        .first()
    )
    if partner is not None:
        raise TableError(
            "in_pair", f"You wait with {partner} as partners: leave the queue first to play alone."
        )
    answered_by = timezone.now() - timedelta(seconds=PartnerInvitation.ANSWER_SECONDS)
    invited = (
        PartnerInvitation.objects.filter(from_user_id=user_id, created_at__gte=answered_by)
        .values_list("to_user__display_name", flat=True)
        .first()
    )
    if invited is not None:
        raise TableError(
            "inviting",
            f"You asked {invited} to be your partner: cancel that first to play alone.",
        )


def _queue_entry_upsert(
    *, user_id: int, going_under: str, variant: str, people_only: bool, avoid_muted: bool
) -> None:
    """The player's entry, in one statement (INSERT ... ON CONFLICT (user_id) DO UPDATE): a
    player already waiting keeps their place with their current choices. update_or_create's
    insert-then-look-again failed with the unique constraint's IntegrityError when another
    request of the same player (play now, leave) deleted the entry in between."""
    QueueEntry.objects.bulk_create(
        [
            QueueEntry(
                user_id=user_id,
                going_under=going_under,
                variant=variant,
                people_only=people_only,
                avoid_muted=avoid_muted,
            )
        ],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["going_under", "variant", "people_only", "avoid_muted"],
    )


def _partner_of(user_id: int) -> int | None:
    return QueueEntry.objects.filter(user_id=user_id).values_list("partner_id", flat=True).first()


@contextmanager
def _with_partner_serialized(user_id: int) -> Iterator[int | None]:
    """`player_serialized` for the player and the partner they wait with (yielded, or None):
    both locks, in id order, taken once the pair read before them is still the pair."""
    for _ in range(3):
        partner_id = _partner_of(user_id)
        with players_serialized([user_id] if partner_id is None else [user_id, partner_id]):
            if _partner_of(user_id) == partner_id:
                yield partner_id
                return
    raise TableError("try_again", "Your partner changed just now; try again.")


def queue_leave(*, user_id: int) -> bool:
    """Takes the player out of the queue; a partner waiting with them leaves too (and is told
    why on their lobby's next page)."""
    with _with_partner_serialized(user_id) as partner_id:
        deleted, _ = QueueEntry.objects.filter(user_id=user_id).delete()
        if partner_id is not None:
            name = User.objects.values_list("display_name", flat=True).get(pk=user_id)
            _entries_remove(
                [partner_id], f"{name} left the quick-play queue, so you did too (as partners)."
            )
    return bool(deleted)


def _entries_remove(user_ids: Iterable[int], notice: str) -> None:
    """Takes these players out of the queue and tells them why, after commit."""
    user_ids = list(user_ids)
    QueueEntry.objects.filter(user_id__in=user_ids).delete()
    for user_id in user_ids:
        queue_notice_set(user_id=user_id, notice=notice)


def _mutes_of(entries: Sequence[QueueEntry]) -> Mutes:
    return muted_by(user_ids=[entry.user_id for entry in entries if entry.avoid_muted])


def queue_match() -> Game | None:
    """Seats the group around the longest-waiting player, if one is complete."""
    with transaction.atomic():
        waiting = list(
            QueueEntry.objects.select_for_update(skip_locked=True).order_by("joined_at", "id")[
                :MATCH_WINDOW
            ]
        )
        mutes = _mutes_of(waiting)
        # the longest-waiting player may have no group yet while later players do; each is
        # tried first in turn, with all the others (in their order) as candidates
        for start in range(len(waiting)):
            ordered = [waiting[start], *waiting[:start], *waiting[start + 1 :]]
            group = group_for(ordered, mutes=mutes)
            if group is not None:
                return _seat(group)
        return None


def queue_match_all() -> list[Game]:
    """Seats every complete group still waiting. A join whose matcher met another's locked rows
    may leave a group waiting; the sweeper calls this every few seconds to seat them."""
    tables = []
    while (game := queue_match()) is not None:
        tables.append(game)
    return tables


def queue_play_now(
    *, user_id: int, variant: str = "standard", computer_level: str = ComputerLevel.STRONG
) -> Game:
    """Starts a public table of `variant` at once: me (and the partner I wait with), as many
    others waiting for it who accept a rule I accept and did not ask for people only as there
    are seats (the longest-waiting first), computers playing at `computer_level` for the
    rest."""
    _variant_check(variant)
    computer_level_check(computer_level)
    with _with_partner_serialized(user_id) as partner_id:
        mine = [user_id, *([partner_id] if partner_id else [])]
        if Seat.objects.filter(user_id__in=mine, in_play=True).exists():
            raise ALREADY_PLAYING
        if partner_id is None:
            queue_alone_check(user_id=user_id)
        player_can_pay_check(user_id=user_id)
        ours = _entries_for_now(user_id, partner_id, variant)
        QueueEntry.objects.filter(user_id__in=mine).delete()
        others = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(variant=variant, people_only=False)
            .order_by("joined_at", "id")[:MATCH_WINDOW]
        )
        waiting = [*ours, *others]
        group = _largest_group(waiting, _mutes_of(waiting))
        if group is None:
            raise TableError(
                "pair_disagrees",
                "You and your partner no longer agree on going under: leave the queue, and "
                "play alone or agree in your settings first.",
            )
        game = _seat(group, computer_level=computer_level)
    if game is None:
        raise TableError("try_again", "The table could not be filled just now; try again.")
    return game


def _entries_for_now(user_id: int, partner_id: int | None, variant: str) -> list[QueueEntry]:
    """My entry (and my partner's) as "play now" seats them: the current going-under choices,
    unsaved (so that a refusal to pay names the player pressing it)."""
    if partner_id is None:
        return [QueueEntry(user_id=user_id, going_under=_choice_of(user_id), variant=variant)]
    waiting = QueueEntry.objects.get(user_id=user_id)
    if waiting.variant != variant:
        raise TableError("pair_variant", "You and your partner wait for another game.")
    try:
        player_can_pay_check(user_id=partner_id)
    except TableError as refused:
        raise TableError(refused.code, "Your partner cannot pay for a game just now.") from None
    return [
        QueueEntry(user_id=one, going_under=_choice_of(one), variant=variant, partner_id=other)
        for one, other in ((user_id, partner_id), (partner_id, user_id))
    ]


def _largest_group(waiting: list[QueueEntry], mutes: Mutes) -> Group | None:
    """The first entry (with its partner) with as many of the others as can join it, up to a
    full table; None when partners no longer agree on a rule."""
    for size in range(preset_seats(waiting[0].variant), 0, -1):
        group = group_for(waiting, size=size, mutes=mutes)
        if group is not None:
            return group
    return None


def _choice_of(user_id: int) -> str:
    return User.objects.values_list("going_under", flat=True).get(pk=user_id)


def _queue_notice_key(user_id: int) -> str:
    return f"games:queue_notice:{user_id}"


def queue_notice_pop(*, user_id: int) -> str | None:
    """Why the player was taken out of the queue, once, if they were."""
    key = _queue_notice_key(user_id)
    notice = cache.get(key)
    if notice is not None:
        cache.delete(key)
    return notice


def queue_notice_set(*, user_id: int, notice: str) -> None:
    """Tells the player something on their lobby's next page, after commit."""
    key = _queue_notice_key(user_id)
    transaction.on_commit(lambda: cache.set(key, notice, QUEUE_NOTICE_SECONDS))


def _partners_of(user_ids: Iterable[int]) -> list[int]:
    return list(
        QueueEntry.objects.filter(user_id__in=list(user_ids), partner__isnull=False).values_list(
            "partner_id", flat=True
        )
    )


def _seat(group: Group, computer_level: str = ComputerLevel.STRONG) -> Game | None:
    """A public table of the group's game for this group (in random seats, partners opposite
    each other; computers at `computer_level` in the seats left), started (each person pays),
    their entries removed; None if one of them sat down at another table meanwhile or can no
    longer pay (that player, and the partner waiting with them, leave the queue, and are told
    why)."""
    entries, rules = group.entries, group.rules()
    user_ids = seat_order(group, rules.seats, rules.partnerships, _shuffle)
    try:
        with transaction.atomic():
            game = Game.objects.create(
                kind=Game.Kind.PUBLIC, rules=rules.to_dict(), computer_level=computer_level
            )
            Seat.objects.bulk_create(
                Seat(
                    game=game,
                    position=position,
                    user_id=user_id,
                    in_play=user_id is not None,
                    time_limit_ms=full_time_limit_ms(),
                )
                for position, user_id in enumerate(user_ids)
            )
            game_begin(game)
    except SeatCannotPay as unpaid:
        if any(entry.pk is None and entry.user_id == unpaid.user_id for entry in entries):
            # the player pressing "play now" hears it at once
            raise TableError(unpaid.refused.code, unpaid.refused.message) from unpaid
        partners = _partners_of([unpaid.user_id])
        message = f"You left the quick-play queue: {unpaid.refused.message}"
        _entries_remove([unpaid.user_id], message)
        _entries_remove(partners, "Your partner could not pay for a game: you left the queue.")
        return None
    except IntegrityError:
        busy = list(
            Seat.objects.filter(
                user_id__in=[entry.user_id for entry in entries], in_play=True
            ).values_list("user_id", flat=True)
        )
        partners_left = set(_partners_of(busy)) - set(busy)
        QueueEntry.objects.filter(user_id__in=busy).delete()
        _entries_remove(
            partners_left, "Your partner sat down at another table: you left the queue."
        )
        return None
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in entries if entry.pk]).delete()
    return game
