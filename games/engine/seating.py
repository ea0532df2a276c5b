"""Who plays after whom once the bidding is over: the seats taking part in the play (a lone
maker's partner, and a lone defender's, sit out), worked out once per pattern of seats."""

from __future__ import annotations

NEXT_SEAT = {2: (1, 0), 3: (1, 2, 0), 4: (1, 2, 3, 0)}

_SEATING: dict[tuple[bool, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}


def play_seating(active: list[bool]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For the seats taking part in the play: the next player after each seat, and the order
    of play from each leader (a seat sitting out never leads). Worked out once per pattern."""
    key = tuple(active)
    seating = _SEATING.get(key)
    if seating is None:
        seats = len(key)
        following = []
        for seat in range(seats):
            after = (seat + 1) % seats
            while not key[after]:
                after = (after + 1) % seats
            following.append(after)
        orders = []
        for leader in range(seats):
            order, seat = [leader], following[leader]
            while key[leader] and seat != leader:
                order.append(seat)
                seat = following[seat]
            orders.append(tuple(order))
        seating = _SEATING[key] = (tuple(following), tuple(orders))
    return seating
