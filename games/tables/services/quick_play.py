"""Quick play: a queue of players, each waiting for one game (standard Euchre, two-handed,
three-handed or call-ace); as many as the game seats, waiting for it with going-under choices
that agree, sit at a public table.

Each player chooses going under "with", "without" or "either" (seed 000, in their settings). A
table is formed around the player who has waited longest: its rule is the one that seats them
soonest with others waiting for the same game who accept it. A player who would rather not wait
starts at once with whoever else waits for that game and accepts their rule, and computers (at
the level they choose) in the empty seats. Matching locks the queue rows it takes
(`skip_locked`), so two matchers never seat one player twice and never block each other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.db import IntegrityError, transaction

from accounts.models import GoingUnder, User
from games.engine import RuleOptions, preset_rules
from games.live.services.play import full_time_limit_ms
from games.live.services.player_lock import player_serialized
from games.models import ComputerLevel, Game, Seat
from games.rule_texts import QUICK_PLAY_VARIANTS, preset_seats
from games.tables.models import QueueEntry

from .charges import SeatCannotPay
from .tables import (
    ALREADY_PLAYING,
    TableError,
    computer_level_check,
    game_begin,
    player_can_pay_check,
)

# how far down the queue one match looks; the sweeper seats whatever is left
MATCH_WINDOW = 200
# why a waiting player was taken out of the queue, shown by their lobby's next page (an hour)
QUEUE_NOTICE_SECONDS = 3600

_shuffle = random.SystemRandom().shuffle


@dataclass(frozen=True)
class Group:
    entries: list[QueueEntry]
    variant: str  # the preset they wait for
    going_under: bool

    def rules(self) -> RuleOptions:
        if self.going_under:
            return preset_rules(self.variant, going_under=True)
        # seed 004's farmer's call is a form of going under: "without" plays neither
        return preset_rules(self.variant, going_under=False, going_under_form="any_three")


NO_SUCH_GAME = TableError("no_such_game", "Quick play has no such game.")


def _variant_check(variant: str) -> None:
    if variant not in QUICK_PLAY_VARIANTS:
        raise NO_SUCH_GAME


def accepts(choice: str, going_under: bool) -> bool:
    return choice == GoingUnder.EITHER or (choice == GoingUnder.WITH) == going_under


def group_for(waiting: Sequence[QueueEntry], *, size: int | None = None) -> Group | None:
    """The group to seat from `waiting` (longest-waiting first): the first player and the
    earliest others waiting for the same game who accept one rule, `size` in all (left out: the
    game's seats). Of the two rules, the one whose group has waited longer wins; players who all
    chose "either" play with going under, the rule seed 000's site offers."""
    if not waiting:
        return None
    first = waiting[0]
    size = size or preset_seats(first.variant)
    same_game = [entry for entry in waiting if entry.variant == first.variant]
    best: tuple[list[int], Group] | None = None
    for going_under in (True, False):
        if not accepts(first.going_under, going_under):
            continue
        chosen = [i for i, entry in enumerate(same_game) if accepts(entry.going_under, going_under)]
        chosen = chosen[:size]
        if len(chosen) < size:
            continue
        if best is None or chosen < best[0]:
            best = (chosen, Group([same_game[i] for i in chosen], first.variant, going_under))
    return best[1] if best else None


def queue_join(*, user_id: int, variant: str = "standard") -> Game | None:
    """Joins the queue for `variant` (a preset of QUICK_PLAY_VARIANTS) with the player's
    going-under choice; the table, if a group is now complete."""
    _variant_check(variant)
    with player_serialized(user_id):
        if Seat.objects.filter(user_id=user_id, in_play=True).exists():
            raise ALREADY_PLAYING
        player_can_pay_check(user_id=user_id)
        _queue_entry_upsert(user_id=user_id, going_under=_choice_of(user_id), variant=variant)
    return queue_match()


def _queue_entry_upsert(*, user_id: int, going_under: str, variant: str) -> None:
    """The player's entry, in one statement (INSERT ... ON CONFLICT (user_id) DO UPDATE): a
    player already waiting keeps their place with their current choices. update_or_create's
    insert-then-look-again failed with the unique constraint's IntegrityError when another
    request of the same player (play now, leave) deleted the entry in between."""
    QueueEntry.objects.bulk_create(
        [QueueEntry(user_id=user_id, going_under=going_under, variant=variant)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["going_under", "variant"],
    )


def queue_leave(*, user_id: int) -> bool:
    with player_serialized(user_id):
        deleted, _ = QueueEntry.objects.filter(user_id=user_id).delete()
    return bool(deleted)


def queue_match() -> Game | None:
    """Seats the group around the longest-waiting player, if one is complete."""
    with transaction.atomic():
        waiting = list(
            QueueEntry.objects.select_for_update(skip_locked=True).order_by("joined_at", "id")[
                :MATCH_WINDOW
            ]
        )
        # the longest-waiting player may have no group yet while later players do
        for start in range(len(waiting)):
            group = group_for(waiting[start:])
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
    """Starts a public table of `variant` at once: me, as many others waiting for it who accept
    a rule I accept as there are seats (the longest-waiting first), computers playing at
    `computer_level` for the rest."""
    _variant_check(variant)
    computer_level_check(computer_level)
    with player_serialized(user_id):
        if Seat.objects.filter(user_id=user_id, in_play=True).exists():
            raise ALREADY_PLAYING
        player_can_pay_check(user_id=user_id)
        mine = QueueEntry(user_id=user_id, going_under=_choice_of(user_id), variant=variant)
        QueueEntry.objects.filter(user_id=user_id).delete()
        others = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(variant=variant)
            .order_by("joined_at", "id")[:MATCH_WINDOW]
        )
        group = _largest_group([mine, *others])
        game = _seat(group, computer_level=computer_level)
    if game is None:
        raise TableError("try_again", "The table could not be filled just now; try again.")
    return game


def _largest_group(waiting: list[QueueEntry]) -> Group:
    """The first entry with as many of the others as can join it, up to a full table."""
    for size in range(preset_seats(waiting[0].variant), 0, -1):
        group = group_for(waiting, size=size)
        if group is not None:
            return group
    raise AssertionError("a group of one always exists")  # pragma: no cover


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


def _seat(group: Group, computer_level: str = ComputerLevel.STRONG) -> Game | None:
    """A public table of the group's game for this group (in random seats; computers at
    `computer_level` in the seats left), started (each person pays), their entries removed;
    None if one of them sat down at another table meanwhile or can no longer pay (that player
    leaves the queue, and a player who can no longer pay is told why)."""
    entries, rules = group.entries, group.rules()
    user_ids = [entry.user_id for entry in entries] + [None] * (rules.seats - len(entries))
    _shuffle(user_ids)
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
        key = _queue_notice_key(unpaid.user_id)
        message = f"You left the quick-play queue: {unpaid.refused.message}"
        QueueEntry.objects.filter(user_id=unpaid.user_id).delete()
        transaction.on_commit(lambda: cache.set(key, message, QUEUE_NOTICE_SECONDS))
        return None
    except IntegrityError:
        busy = Seat.objects.filter(
            user_id__in=[entry.user_id for entry in entries], in_play=True
        ).values_list("user_id", flat=True)
        QueueEntry.objects.filter(user_id__in=list(busy)).delete()
        return None
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in entries if entry.pk]).delete()
    return game
