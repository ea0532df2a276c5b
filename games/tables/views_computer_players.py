"""The "Computer players" page, for players: what each level plays like, the names its
computers go by at a table, and how strong it is in plain words (from the published figures,
against the rule-of-thumb player and OpenSpiel's search bot). The commands that measure each
figure again are for developers: the page links to their notes (docs/computer-players.md,
served as it is by `computer_players_notes`). Open to anyone (the private table form links to
it beside its level choice)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.players.names import CAST
from games.players.published import StrengthRow, published_strength

from .level_texts import (
    LEVEL_TEXTS,
    OPPONENT_NOTES,
    LevelText,
    opponent_label,
    opponent_short_label,
)


def signed(points: float) -> str:
    """+0.171, and a negative figure with a true minus sign, so a column of them reads evenly."""
    return f"{points:+.3f}".replace("-", "\N{MINUS SIGN}")


def milliseconds(ms: float) -> str:
    # the arena rounds a time to the millisecond in its table: 0 means under one. A
    # no-break space: the number never leaves its unit on a line of its own
    return "under 1\N{NO-BREAK SPACE}ms" if ms < 1 else f"{ms:g}\N{NO-BREAK SPACE}ms"


@dataclass(frozen=True)
class Measured:
    """A level against one opponent: its row of figures, or None when not measured yet."""

    opponent: str
    label: str
    short_label: str  # a column of the page's summary table
    row: StrengthRow | None

    def difference(self) -> str:
        return signed(self.row.difference) if self.row else ""

    def interval(self) -> str:
        return f"{signed(self.row.ci_low)} to {signed(self.row.ci_high)}" if self.row else ""

    def verdict(self) -> str:
        """The figure in words: clear only when the whole 95% range is on one side of 0."""
        if self.row is None:
            return ""
        if self.row.ci_low > 0:
            return "stronger"
        if self.row.ci_high < 0:
            return "weaker"
        return "no clear difference yet"

    def short_verdict(self) -> str:
        """The verdict in a word, for the summary table's narrow columns."""
        return {"no clear difference yet": "unclear"}.get(self.verdict(), self.verdict())

    def in_plain_words(self) -> str:
        """The figure as a player reads it: "about 21 points more than the rule-of-thumb
        player every 100 hands", from the level's points a hand less its opponent's."""
        if self.row is None:
            return ""
        points = round(abs(self.row.difference) * 100)
        if points == 0:
            return f"about even with {self.label} over 100 hands"
        more = "more" if self.row.difference > 0 else "fewer"
        unit = "point" if points == 1 else "points"
        return f"about {points} {unit} {more} than {self.label} every 100 hands"

    def time_to_decide(self) -> str:
        if self.row is None:
            return ""
        if self.row.p95_ms < 1:
            return "under 1 ms"
        p50, p95 = milliseconds(self.row.p50_ms), milliseconds(self.row.p95_ms)
        return f"{p50} typically, {p95} or less 19 times in 20"


@dataclass(frozen=True)
class LevelOnPage:
    level: str
    text: LevelText
    against: list[Measured]
    names: tuple[str, ...]  # the computers a player may meet at this level

    def slowest(self) -> str:
        """Its time to decide 19 times in 20, from the longest measurement (the most deals)."""
        rows = [measured.row for measured in self.against if measured.row]
        return milliseconds(max(rows, key=lambda row: row.deals).p95_ms) if rows else ""


@require_GET
def computer_players(request: HttpRequest) -> HttpResponse:
    # a malformed file raises MalformedStrengthFile, naming the file and the fault: no page
    # with half its figures
    strength = published_strength()
    opponents = strength.opponents()
    levels = [
        LevelOnPage(
            level,
            text,
            [
                Measured(
                    opponent,
                    opponent_label(opponent),
                    opponent_short_label(opponent),
                    strength.row(level, opponent),
                )
                for opponent in opponents
            ],
            CAST[level],
        )
        for level, text in LEVEL_TEXTS.items()
    ]
    notes = [
        (opponent_label(name), OPPONENT_NOTES[name]) for name in opponents if name in OPPONENT_NOTES
    ]
    return render(
        request,
        "games/computer_players.html",
        {"levels": levels, "strength": strength, "opponent_notes": notes},
    )


# the developers' notes on the computer players: the commands that measure each figure again
NOTES_FILE = settings.BASE_DIR / "docs" / "computer-players.md"


@require_GET
def computer_players_notes(request: HttpRequest) -> HttpResponse:
    """docs/computer-players.md as it is in the source (Markdown, read as plain text)."""
    try:
        text = NOTES_FILE.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise Http404("The notes are not installed with this site.") from None
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
