"""Bidding by a table learned from search: when to order up, call or pass.

`bid_table.json` (built by `python -m games.players.build_bid_table`) holds, for each cell
(round, seat after the dealer, the rule of thumb's point count of the bid rounded down), the
mean gain in points of bidding over passing found over many deals: the bid and the pass played
out by players who see only their own cards near the thresholds, solved elsewhere (where
bidding or passing is plain). Per round and
seat the gains are made non-decreasing in the count (pooling adjacent cells that disagree,
weighted by their deals: a stronger hand is never worse to bid) and the threshold is where they
cross zero. A seat then bids when its count reaches its threshold: where a club player bids
from one count everywhere, the table knows that the dealer's left, whose order-up hands the
dealer a trump, needs more than the dealer's partner.

Only the standard game's auction (the four-player partnership game with its 24 cards and five
cards a hand; stick the dealer or not) is read from it; anything else returns None and the
caller bids by the rule of thumb.
"""

from __future__ import annotations

import json
import math
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import NotRequired, TypedDict

from games.engine import RuleOptions, SeatView
from games.engine.actions import CALL, ORDER_UP, PASS
from games.engine.hand import BID1, BID2

from .rule_of_thumb import best_suit_to_call, order_up_strength

DATA = Path(__file__).with_name("bid_table.json")
MIN_DEALS = 8  # a cell with fewer is left out of the fit


class Cell(TypedDict):
    """A cell of `bid_table.json`: the mean gain of bidding over passing, over `n` deals."""

    n: int
    gain: float
    sd: float  # the gains' standard deviation
    solved_gain: NotRequired[float]  # the same bids solved, for the cells played out


def bid_count(view: SeatView, rules: RuleOptions) -> tuple[float, str]:
    """The rule of thumb's count of the bid this seat would make, and its suit."""
    if view.phase == BID1:
        suit = view.upcard_suit or view.upcard[1]
        return order_up_strength(view, rules), suit
    suit, points = best_suit_to_call(view, rules)
    return points, suit


def _round_and_position(view: SeatView) -> str:
    assert view.seat is not None
    return f"{1 if view.phase == BID1 else 2}/{(view.seat - view.dealer) % 4}"


def cell_key(view: SeatView, count: float) -> str:
    return f"{_round_and_position(view)}/{math.floor(count)}"


def pooled(cells: list[tuple[float, float, int]]) -> list[tuple[float, float, int]]:
    """Pool adjacent violators: (count, gain, deals) sorted by count, made non-decreasing in
    gain."""
    blocks: list[list[float]] = []  # [count-weighted sum, gain-weighted sum, deals]
    for count, gain, deals in cells:
        blocks.append([count * deals, gain * deals, deals])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for index in range(3):
                blocks[-1][index] += last[index]
    return [(c / n, g / n, int(n)) for c, g, n in blocks]


def threshold_of(cells: list[tuple[float, float, int]], margin: float = 0.0) -> float:
    """The count at which the pooled gain reaches `margin` (linear between block centres)."""
    blocks = pooled(sorted(cells))
    if blocks[0][1] >= margin:
        return blocks[0][0]
    for (c1, g1, _), (c2, g2, _) in pairwise(blocks):
        if g1 < margin <= g2:
            return c1 + (c2 - c1) * (margin - g1) / (g2 - g1)
    # not reached in the counts searched: bid only beyond them (rarer hands than any searched)
    return blocks[-1][0] + 1.0


@cache
def _cells() -> dict[str, Cell]:
    return json.loads(DATA.read_text())["cells"] if DATA.exists() else {}


@cache
def solved_optimism(group: str = "") -> float | None:
    """How much more a bid gains over a pass when its play is solved (and calibrated) than
    when it is played out, on average over the bids played out (of one "round/seat after the
    dealer" when `group` is given; None: none were): what a searched bid must gain, solved,
    to gain in real play."""
    played = [
        cell
        for key, cell in _cells().items()
        if "solved_gain" in cell and key.startswith(f"{group}/" if group else "")
    ]
    bids = sum(cell["n"] for cell in played)
    if not bids:
        return None
    return sum(cell["n"] * (cell["solved_gain"] - cell["gain"]) for cell in played) / bids


@cache
def thresholds(margin: float = 0.0) -> dict[str, float]:
    """Per "round/seat after the dealer": the count from which bidding gains `margin`."""
    cells: dict[str, list[tuple[float, float, int]]] = {}
    for key, cell in _cells().items():
        if cell["n"] >= MIN_DEALS:
            group, _, count = key.rpartition("/")
            cells.setdefault(group, []).append((int(count) + 0.5, cell["gain"], cell["n"]))
    return {group: threshold_of(found, margin) for group, found in cells.items()}


def table_applies(rules: RuleOptions) -> bool:
    return (
        rules.variant == "euchre"
        and rules.deck == 24
        and rules.hand_size == 5
        and not rules.partner_takes_upcard
        and not rules.dealers_partner_alone
        and not rules.no_trump
        and DATA.exists()
    )


def learned_bid_margin(view: SeatView, rules: RuleOptions) -> float | None:
    """The solved play's optimism about this seat's bid (`solved_optimism`), where the table
    applies and its bids were played out; None elsewhere."""
    if not table_applies(rules) or view.phase not in (BID1, BID2):
        return None
    return solved_optimism(_round_and_position(view))


def table_bid(view: SeatView, rules: RuleOptions, baseline: str, margin: float = 0.0) -> str:
    """The table's bid (a bid where search found it gains `margin` or more) where the rule of
    thumb (`baseline`) would order up, call or pass, and the table applies; the rule of
    thumb's choice otherwise (a redeal, an exchange, going under, a variant)."""
    plain = baseline in (ORDER_UP, PASS) or baseline.startswith("call:")
    if not plain or not table_applies(rules) or view.phase not in (BID1, BID2):
        return baseline
    if PASS not in view.legal_actions:
        return baseline  # stuck with the last call: the rule of thumb's best suit
    count, suit = bid_count(view, rules)
    threshold = thresholds(margin).get(_round_and_position(view))
    if threshold is None:
        return baseline
    if count < threshold:
        return PASS
    return ORDER_UP if view.phase == BID1 else CALL[suit]


__all__ = [
    "bid_count",
    "cell_key",
    "learned_bid_margin",
    "solved_optimism",
    "table_applies",
    "table_bid",
    "thresholds",
]
