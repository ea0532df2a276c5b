"""Stored display names the rules would refuse today: what `manage.py display_names_alike` shows
staff. The skeletons are recomputed from each name (accounts.names): rows saved before invisible
characters were dropped from the skeleton keep the older skeletons in their columns, and the
unique indexes cannot see that two of them now look alike. Reads only."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .models import User
from .names import code_point_label, display_name_skeletons, invisible_characters

# why a group is listed, in the order they are shown
SAME_SKELETON = "same_skeleton"  # look alike as written
SAME_FOLDED_SKELETON = "same_folded_skeleton"  # look alike ignoring case
INVISIBLE = "invisible_characters"  # a name holding characters that show nothing
STALE_KEYS = "stale_stored_skeletons"  # the stored skeletons are not the name's skeletons today
REASONS = (SAME_SKELETON, SAME_FOLDED_SKELETON, INVISIBLE, STALE_KEYS)


@dataclass(frozen=True)
class ListedPlayer:
    id: int
    display_name: str
    is_active: bool
    invisible: tuple[str, ...]  # "U+3164 HANGUL FILLER", each character once
    stored_keys_current: bool


@dataclass(frozen=True)
class AlikeGroup:
    reasons: tuple[str, ...]
    players: tuple[ListedPlayer, ...]


class _Groups:
    """Players joined whenever two share a key: "a" like "b" and "b" like "c" is one group."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}
        self.reasons: defaultdict[int, set[str]] = defaultdict(set)

    def root(self, pk: int) -> int:
        self.parent.setdefault(pk, pk)
        while self.parent[pk] != pk:
            self.parent[pk] = self.parent[self.parent[pk]]
            pk = self.parent[pk]
        return pk

    def join(self, pks: list[int], reason: str) -> None:
        first = self.root(pks[0])
        for pk in pks[1:]:
            other = self.root(pk)
            if other != first:
                self.parent[other] = first
                self.reasons[first] |= self.reasons.pop(other, set())
        self.reasons[first].add(reason)


def display_names_alike() -> list[AlikeGroup]:
    """Every group of players whose names look alike by today's skeletons, and every player whose
    name holds an invisible character or whose stored skeletons are out of date; oldest first."""
    players: dict[int, ListedPlayer] = {}
    by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
    groups = _Groups()
    rows = (
        User.objects.exclude(display_name="")
        .order_by("pk")
        .values_list(
            "pk",
            "display_name",
            "is_active",
            "display_name_skeleton",
            "display_name_folded_skeleton",
        )
    )
    for pk, name, is_active, *stored in rows.iterator(chunk_size=2000):
        keys = display_name_skeletons(name)
        player = ListedPlayer(
            id=pk,
            display_name=name,
            is_active=is_active,
            invisible=tuple(code_point_label(char) for char in invisible_characters(name)),
            stored_keys_current=tuple(stored) == keys,
        )
        players[pk] = player
        for reason, key in zip((SAME_SKELETON, SAME_FOLDED_SKELETON), keys, strict=True):
            if key:  # a name of invisible characters alone has none; listed below
                by_key[(reason, key)].append(pk)
        if player.invisible:
            groups.join([pk], INVISIBLE)
        if not player.stored_keys_current:
            groups.join([pk], STALE_KEYS)
    for (reason, _key), pks in by_key.items():
        if len(pks) > 1:
            groups.join(pks, reason)

    members: defaultdict[int, list[ListedPlayer]] = defaultdict(list)
    for pk in sorted(groups.parent):
        members[groups.root(pk)].append(players[pk])
    return sorted(
        (
            AlikeGroup(
                reasons=tuple(r for r in REASONS if r in groups.reasons[root]),
                players=tuple(listed),
            )
            for root, listed in members.items()
        ),
        key=lambda group: group.players[0].id,
    )
