"""A player's points month by month over the last year, and the bar chart the profile draws of
them. Months are those of the site's time zone, as stored on each GamePoints row (a game counts
in the month in which it ends).

The chart is inline SVG drawn by the template from the figures computed here: x positions and
widths in percent of the chart's width (so it fills a phone or a desktop column and its text
keeps its size), heights in pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Sum
from django.utils import timezone

from .models import GamePoints
from .services.game_points import month_of

MONTHS_SHOWN = 12

# the chart's vertical layout, in pixels
CHART_HEIGHT = 210
BAR_MAX_HEIGHT = 150  # the tallest bar
BASELINE_Y = 176  # where bars stand; room above the tallest bar for its value
VALUE_GAP = 5  # between a bar's top and its value
MONTH_LABEL_Y = 192
YEAR_LABEL_Y = 206
BAR_GAP_PERCENT = 1.2  # empty space on each side of a bar, in percent of the chart's width


@dataclass(frozen=True)
class MonthPoints:
    month: date  # its first day
    points: int


def months_ending_with(month: date, *, count: int = MONTHS_SHOWN) -> list[date]:
    """The first days of the `count` months ending with `month` (a first day), oldest first."""
    number = month.year * 12 + month.month - 1
    return [date(n // 12, n % 12 + 1, 1) for n in range(number - count + 1, number + 1)]


def points_by_month(*, user_id: int, now: datetime | None = None) -> list[MonthPoints]:
    """The player's points in each of the 12 months ending with the current one, oldest first;
    a month without games has 0. One query."""
    months = months_ending_with(month_of(now or timezone.now()))
    totals = dict(
        GamePoints.objects.filter(player_id=user_id, month__gte=months[0], month__lte=months[-1])
        .values("month")
        .annotate(total=Sum("points"))
        .values_list("month", "total")
    )
    return [MonthPoints(month=month, points=totals.get(month, 0)) for month in months]


def bar_heights(values: Sequence[int], *, tallest: int) -> list[int]:
    """Bar heights in pixels, the largest value `tallest` high and the rest in proportion.
    All zeros give flat bars (no division by zero); a value above zero is at least 1 pixel,
    so a small month never looks like an empty one."""
    largest = max(values, default=0)
    if largest <= 0:
        return [0 for _ in values]
    return [max(1, round(value * tallest / largest)) if value > 0 else 0 for value in values]


def points_short(points: int) -> str:
    """A bar's value where a phone's narrow columns cannot fit four digits: 1.5k, 12k."""
    if points < 1000:
        return str(points)
    if points < 10_000:
        return f"{points / 1000:.1f}".removesuffix(".0") + "k"
    return f"{round(points / 1000)}k"


@dataclass(frozen=True)
class ChartBar:
    month: date
    points: int
    current: bool  # the month under way: its bar is still growing
    # under each January, and under the first bar unless a January is next to it (two years
    # side by side do not fit a phone's columns)
    show_year: bool
    points_short: str  # the value in a narrow column
    slot_x: float  # the bar's column (its tooltip answers anywhere in it), percent
    slot_width: float  # percent
    x: float  # left edge, percent of the chart's width
    width: float  # percent
    center: float  # percent: where the labels are centred
    y: int  # top edge, pixels
    height: int  # pixels
    value_y: int  # baseline of the value written above the bar, pixels


@dataclass(frozen=True)
class MonthChart:
    bars: list[ChartBar]
    first: date
    last: date
    height: int = CHART_HEIGHT
    baseline_y: int = BASELINE_Y
    month_label_y: int = MONTH_LABEL_Y
    year_label_y: int = YEAR_LABEL_Y

    @property
    def total(self) -> int:
        return sum(bar.points for bar in self.bars)


def _january_next(months: Sequence[MonthPoints]) -> bool:
    return len(months) > 1 and months[1].month.month == 1


def month_chart(months: Sequence[MonthPoints]) -> MonthChart:
    """The bar chart's figures for `months` (oldest first; the last one is under way)."""
    heights = bar_heights([month.points for month in months], tallest=BAR_MAX_HEIGHT)
    slot = 100 / len(months) if months else 100
    bars = [
        ChartBar(
            month=month.month,
            points=month.points,
            current=index == len(months) - 1,
            show_year=month.month.month == 1 or (index == 0 and not _january_next(months)),
            points_short=points_short(month.points),
            slot_x=round(index * slot, 3),
            slot_width=round(slot, 3),
            x=round(index * slot + BAR_GAP_PERCENT, 3),
            width=round(slot - 2 * BAR_GAP_PERCENT, 3),
            center=round(index * slot + slot / 2, 3),
            y=BASELINE_Y - height,
            height=height,
            value_y=BASELINE_Y - height - VALUE_GAP,
        )
        for index, (month, height) in enumerate(zip(months, heights, strict=True))
    ]
    return MonthChart(
        bars=bars,
        first=months[0].month if months else date.min,
        last=months[-1].month if months else date.min,
    )
