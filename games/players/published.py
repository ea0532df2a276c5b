"""The strength we publish for each level: read from `published_strength.json`, checked.

The file holds the arena's figures (`games/lab/arena.py`, and the match against OpenSpiel's bot),
written by whoever measured them; the site's "Computer players" page shows them. A file that
does not have the expected shape is refused with a message naming the file and what is wrong,
rather than shown half-read: a wrong figure on a public page is worse than no page.

The file's shape::

    {"measured_on": "YYYY-MM-DD", "machine": "...",
     "rows": [{"level": "strong", "opponent": "baseline", "deals": 600,
               "points_per_hand": 0.786, "opponent_points_per_hand": 0.615,
               "difference": 0.171, "ci_low": 0.119, "ci_high": 0.223,
               "p50_ms": 13.4, "p95_ms": 58.7, "command": "python -m games.lab.arena ..."}]}

A level may lack a row for an opponent: it was not measured yet.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from .levels import LEVELS

PUBLISHED_STRENGTH_FILE = Path(__file__).with_name("published_strength.json")

BASELINE = "baseline"
OPENSPIEL_ISMCTS = "openspiel_ismcts_10000"
# the opponents the page always names for every level (a missing one: "not measured yet")
OPPONENTS: tuple[str, ...] = (BASELINE, OPENSPIEL_ISMCTS)


class MalformedStrengthFile(ValueError):
    """The published strength file is not what the page can show; the message says why."""


@dataclass(frozen=True)
class StrengthRow:
    level: str
    opponent: str
    deals: int
    points_per_hand: float
    opponent_points_per_hand: float
    difference: float  # points_per_hand - opponent_points_per_hand
    ci_low: float  # the difference's 95% interval
    ci_high: float
    p50_ms: float  # the level's decision time (CPU)
    p95_ms: float
    command: str  # the one command that measures this row again


@dataclass(frozen=True)
class PublishedStrength:
    measured_on: datetime.date
    machine: str
    rows: tuple[StrengthRow, ...]

    def row(self, level: str, opponent: str) -> StrengthRow | None:
        """The level's figures against the opponent; None when not measured yet."""
        return next(
            (row for row in self.rows if (row.level, row.opponent) == (level, opponent)), None
        )

    def opponents(self) -> tuple[str, ...]:
        """The opponents every level is shown against: the usual ones, then any other the
        file has figures for."""
        others = [row.opponent for row in self.rows if row.opponent not in OPPONENTS]
        return OPPONENTS + tuple(dict.fromkeys(others))


_ROW_FIELDS = {field.name: field.type for field in fields(StrengthRow)}
_TOP_FIELDS = ("measured_on", "machine", "rows")


def _number(value: Any) -> bool:
    # bool is an int to Python, never a figure
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_row(raw: Any, number: int) -> StrengthRow:
    where = f"rows[{number}]"
    if not isinstance(raw, dict):
        raise MalformedStrengthFile(f"{where} is not an object")
    missing = [name for name in _ROW_FIELDS if name not in raw]
    unknown = sorted(set(raw) - set(_ROW_FIELDS))
    if missing or unknown:
        raise MalformedStrengthFile(
            f"{where}: missing {missing or 'nothing'}, unknown {unknown or 'nothing'}; "
            f"a row has {', '.join(_ROW_FIELDS)}"
        )
    if raw["level"] not in LEVELS:
        raise MalformedStrengthFile(
            f"{where}: unknown level {raw['level']!r}: one of {', '.join(LEVELS)}"
        )
    for name in ("opponent", "command"):
        if not isinstance(raw[name], str) or not raw[name].strip():
            raise MalformedStrengthFile(f"{where}: {name} must be a non-empty text")
    if not isinstance(raw["deals"], int) or isinstance(raw["deals"], bool) or raw["deals"] < 1:
        raise MalformedStrengthFile(f"{where}: deals must be a whole number of at least 1")
    for name, kind in _ROW_FIELDS.items():
        if kind == "float" and not _number(raw[name]):
            raise MalformedStrengthFile(f"{where}: {name} must be a number, not {raw[name]!r}")
    if not raw["ci_low"] <= raw["difference"] <= raw["ci_high"]:
        raise MalformedStrengthFile(f"{where}: the difference is not inside its interval")
    if not 0 <= raw["p50_ms"] <= raw["p95_ms"]:
        raise MalformedStrengthFile(f"{where}: the times must be 0 <= p50_ms <= p95_ms")
    return StrengthRow(**{name: raw[name] for name in _ROW_FIELDS})


def parse_published_strength(data: Any) -> PublishedStrength:
    """The figures of the file's decoded JSON; MalformedStrengthFile says what is wrong."""
    if not isinstance(data, dict) or set(data) != set(_TOP_FIELDS):
        raise MalformedStrengthFile(f"the file must be an object with {', '.join(_TOP_FIELDS)}")
    try:
        measured_on = datetime.date.fromisoformat(data["measured_on"])
    except (TypeError, ValueError):
        raise MalformedStrengthFile(
            f"measured_on must be a date YYYY-MM-DD, not {data['measured_on']!r}"
        ) from None
    if not isinstance(data["machine"], str):
        raise MalformedStrengthFile("machine must be a text")
    if not isinstance(data["rows"], list):
        raise MalformedStrengthFile("rows must be a list")
    rows = tuple(_check_row(raw, number) for number, raw in enumerate(data["rows"]))
    pairs = [(row.level, row.opponent) for row in rows]
    twice = sorted({pair for pair in pairs if pairs.count(pair) > 1})
    if twice:
        raise MalformedStrengthFile(f"more than one row for {twice}")
    return PublishedStrength(measured_on, data["machine"], rows)


def published_strength(path: Path | None = None) -> PublishedStrength:
    """The published figures (of `PUBLISHED_STRENGTH_FILE` unless told another file).
    MalformedStrengthFile, naming the file, when it is not valid JSON or not of the expected
    shape."""
    path = path or PUBLISHED_STRENGTH_FILE
    try:
        return parse_published_strength(json.loads(path.read_text(encoding="utf-8")))
    except json.JSONDecodeError as error:
        raise MalformedStrengthFile(f"{path}: not valid JSON: {error}") from None
    except MalformedStrengthFile as error:
        raise MalformedStrengthFile(f"{path}: {error}") from None
