"""Which waiting players quick play seats together, and where: plain functions over the waiting
entries (no queries), so that the matcher's choice is tested on its own, property by property.

A waiting *unit* is one player, or two partners who queued together (their entries name each
other); a unit is seated whole or not at all. A group is the longest-waiting unit and the
earliest others waiting for the same game who accept one going-under rule and whom nobody in the
group asked to avoid (a player who chose "avoid the players I muted" never sits with one of
them), as many people as the game seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass

from accounts.models import GoingUnder
from games.engine import RuleOptions, preset_rules
from games.rule_texts import preset_seats
from games.tables.models import QueueEntry

Unit = tuple[QueueEntry, ...]  # one player, or two partners
# who each waiting player who chose "avoid the players I muted" muted: {player: {muted, ...}}
Mutes = Mapping[int, Set[int]]

# how many units one search may look at before it gives up (the group then waits for the next
# match): many players muting each other could otherwise make one match slow
SEARCH_STEPS_MAX = 5_000


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

    def partners(self) -> list[tuple[int, int]]:
        """The pairs of partners in the group (user ids), each once."""
        seated = {entry.user_id for entry in self.entries}
        return [
            (entry.user_id, entry.partner_id)
            for entry in self.entries
            if entry.partner_id in seated and entry.user_id < entry.partner_id
        ]


def accepts(choice: str, going_under: bool) -> bool:
    return choice == GoingUnder.EITHER or (choice == GoingUnder.WITH) == going_under


def waiting_units(waiting: Sequence[QueueEntry]) -> list[Unit]:
    """The units of `waiting` in its order (a pair where its first member stands). A partner's
    entry missing from `waiting` (another matcher holds it) leaves the other out too."""
    by_user = {entry.user_id: entry for entry in waiting}
    units: list[Unit] = []
    placed: set[int] = set()
    for entry in waiting:
        if entry.user_id in placed:
            continue
        placed.add(entry.user_id)
        if entry.partner_id is None:
            units.append((entry,))
            continue
        partner = by_user.get(entry.partner_id)
        if partner is None or partner.partner_id != entry.user_id:
            continue
        if partner.variant != entry.variant or partner.user_id in placed:
            continue
        placed.add(partner.user_id)
        units.append((entry, partner))
    return units


def _avoids(one: QueueEntry, other: QueueEntry, mutes: Mutes) -> bool:
    """Whether either asked not to sit with the other. Only a player's own choice counts: a
    mute keeps the muted player's wait as it was unless the one who muted asked to avoid."""
    return (one.avoid_muted and other.user_id in mutes.get(one.user_id, ())) or (
        other.avoid_muted and one.user_id in mutes.get(other.user_id, ())
    )


def _unit_fits(unit: Unit, chosen: list[QueueEntry], mutes: Mutes) -> bool:
    return not any(_avoids(new, old, mutes) for new in unit for old in chosen)


def _earliest_fill(
    first: Unit, candidates: list[Unit], size: int, mutes: Mutes
) -> list[int] | None:
    """The indices in `candidates` of the earliest units (in order: the lexically least list)
    that fill the table with `first` and avoid nobody; None when none do (or the search took
    too long)."""
    steps = 0
    # people and single players from each place on: a search that cannot fill the table (too
    # few left, or an odd seat left and only pairs) stops at once
    people_from = [0] * (len(candidates) + 1)
    singles_from = [0] * (len(candidates) + 1)
    for index in range(len(candidates) - 1, -1, -1):
        people_from[index] = people_from[index + 1] + len(candidates[index])
        singles_from[index] = singles_from[index + 1] + (len(candidates[index]) == 1)

    def search(start: int, chosen: list[QueueEntry], picked: list[int]) -> list[int] | None:
        nonlocal steps
        left = size - len(chosen)
        if left == 0:
            return picked
        if people_from[start] < left or (left % 2 and not singles_from[start]):
            return None
        for index in range(start, len(candidates)):
            steps += 1
            if steps > SEARCH_STEPS_MAX:
                return None
            unit = candidates[index]
            if len(unit) > left or not _unit_fits(unit, chosen, mutes):
                continue
            found = search(index + 1, [*chosen, *unit], [*picked, index])
            if found is not None:
                return found
        return None

    return search(0, list(first), [])


def group_for(
    waiting: Sequence[QueueEntry], *, size: int | None = None, mutes: Mutes | None = None
) -> Group | None:
    """The group to seat from `waiting` (longest-waiting first): the unit of the first player
    and the earliest other units waiting for the same game who accept one rule and avoid nobody
    in it, `size` people in all (left out: the game's seats). Of the two rules, the one whose
    group has waited longer wins; players who all chose "either" play with going under, the
    rule seed 000's site offers."""
    if not waiting:
        return None
    mutes = mutes or {}
    first_player = waiting[0]
    size = size or preset_seats(first_player.variant)
    units = waiting_units(waiting)
    first = next((unit for unit in units if unit[0] is first_player or first_player in unit), None)
    if first is None or len(first) > size:
        return None
    others = [
        unit for unit in units if unit is not first and unit[0].variant == first_player.variant
    ]
    best: tuple[list[int], Group] | None = None
    for going_under in (True, False):
        if not all(accepts(entry.going_under, going_under) for entry in first):
            continue
        # (place among the others, unit): the earlier place waited longer
        candidates = [
            (place, unit)
            for place, unit in enumerate(others)
            if all(accepts(entry.going_under, going_under) for entry in unit)
        ]
        picked = _earliest_fill(first, [unit for _, unit in candidates], size, mutes)
        if picked is None:
            continue
        order = [candidates[i][0] for i in picked]
        if best is None or order < best[0]:
            entries = [*first, *(entry for i in picked for entry in candidates[i][1])]
            best = (order, Group(entries, first_player.variant, going_under))
    return best[1] if best else None


def seat_order(
    group: Group, seats: int, partnerships: bool, shuffle: Callable[[list], None]
) -> list[int | None]:
    """Who sits in each seat (None: a computer), at random, except that partners who queued
    together sit opposite each other (seats 0 and 2, or 1 and 3) at a partnership table."""
    user_ids: list[int | None] = [entry.user_id for entry in group.entries]
    user_ids += [None] * (seats - len(user_ids))
    pairs = group.partners() if partnerships and seats == 4 else []
    if not pairs:
        shuffle(user_ids)
        return user_ids
    teams = [[0, 2], [1, 3]]
    shuffle(teams)
    order: list[int | None] = [None] * seats
    for team, pair in zip(teams, pairs, strict=False):
        members = list(pair)
        shuffle(members)
        order[team[0]], order[team[1]] = members
    in_pairs = {user for pair in pairs for user in pair}
    rest = [user for user in user_ids if user not in in_pairs]
    shuffle(rest)
    taken = {position for team in teams[: len(pairs)] for position in team}
    free = [position for position in range(seats) if position not in taken]
    for position, user in zip(free, rest, strict=True):
        order[position] = user
    return order
