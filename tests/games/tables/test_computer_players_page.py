"""The "Computer players" page (issue 23, "In public"): each level's words and its published
strength against each opponent, "not measured yet" where a figure is missing; the figures file
read through a checked selector that refuses a malformed file with a clear message; the private
table form's levels say what they mean and link to the page."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from accounts.models import User
from games.players import published
from games.players.levels import LEVELS
from games.players.names import CAST
from games.players.published import (
    BASELINE,
    OPENSPIEL_ISMCTS,
    MalformedStrengthFile,
    parse_published_strength,
    published_strength,
)
from games.tables.level_texts import LEVEL_TEXTS

MS = "\N{NO-BREAK SPACE}ms"  # a time's unit never wraps away from its number

# the site's middleware opens the database on every request
pytestmark = pytest.mark.django_db

ROW = {
    "level": "strong",
    "opponent": OPENSPIEL_ISMCTS,
    "deals": 300,
    "points_per_hand": 0.912,
    "opponent_points_per_hand": 0.601,
    "difference": 0.311,
    "ci_low": 0.212,
    "ci_high": 0.41,
    "p50_ms": 41.5,
    "p95_ms": 142,
    "command": "python -m games.openspiel_match --deals 300 --seed vs-ismcts",
}


STRONG_VS_OPENSPIEL = ("strong", OPENSPIEL_ISMCTS)  # ROW's place

SHIPPED = published.PUBLISHED_STRENGTH_FILE  # before a test points the page at another file


def shipped() -> dict[str, Any]:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


@pytest.fixture
def figures_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Writes the figures the page reads (a dict as JSON, or text as it is)."""
    path = tmp_path / "published_strength.json"
    monkeypatch.setattr(published, "PUBLISHED_STRENGTH_FILE", path)

    def write(figures: dict[str, Any] | str) -> Path:
        text = figures if isinstance(figures, str) else json.dumps(figures)
        path.write_text(text, encoding="utf-8")
        return path

    return write


def test_the_shipped_figures_are_valid_and_give_every_level_against_the_baseline() -> None:
    strength = published_strength()
    for level in LEVELS:
        row = strength.row(level, BASELINE)
        assert row is not None and row.command.startswith("python -m games.lab.arena")
        assert row.ci_low <= row.difference <= row.ci_high
    # the same figures as docs/computer-players.md publishes, from the same runs
    docs = (Path(__file__).resolve().parents[3] / "docs" / "computer-players.md").read_text()
    for row in strength.rows:
        assert row.command in docs
        assert f"{row.difference:+.3f}".replace("-", "\N{MINUS SIGN}") in docs


def section(page: str, level: str, opponent: str) -> str:
    """The page's text for one level against one opponent, as a reader sees it: no tags, each
    run of spaces one."""
    level_part = page.split(f'id="level-{level}"')[1].split('class="level"')[0]
    html = level_part.split(f'data-opponent="{opponent}"', 1)[1].split("</div>")[0]
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", html.split(">", 1)[1])).strip()


def test_the_page_is_open_to_anyone_and_shows_every_row(client) -> None:
    response = client.get(reverse("games:computer_players"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Computer players</h1>" in page
    measured = published_strength().measured_on  # the date the shipped figures were measured
    assert f"{measured.day} {measured:%B %Y}" in page
    for text in LEVEL_TEXTS.values():
        assert text.how_it_thinks in page and text.summary in page
    for row in published_strength().rows:
        shown = section(page, row.level, row.opponent)
        assert f"{row.difference:+.3f}".replace("-", "\N{MINUS SIGN}") in shown
        assert f"{row.ci_low:+.3f}".replace("-", "\N{MINUS SIGN}") in shown
        assert f"Over {row.deals:,} deals" in shown
        assert f"{row.points_per_hand:.3f}" in shown
        # in a player's words: points over a hundred hands
        more = "more" if row.difference > 0 else "fewer"
        assert f"about {round(abs(row.difference) * 100)} points {more} than" in shown
        assert "every 100 hands" in shown
    strong = section(page, "strong", BASELINE)
    row = published_strength().row("strong", BASELINE)
    assert f"{row.p50_ms:g}{MS} typically, {row.p95_ms:g}{MS} or less 19 times in 20" in strong
    for row in published_strength().rows:  # the verdict follows the interval
        verdict = (
            "clearly stronger"
            if row.ci_low > 0
            else "clearly weaker"
            if row.ci_high < 0
            else "too close to call yet"
        )
        assert verdict in section(page, row.level, row.opponent)


def test_the_page_speaks_to_players_and_links_the_developers_notes(client) -> None:
    page = client.get(reverse("games:computer_players")).content.decode()
    # no developer's command on a players' page: they are in the notes it links
    assert "python -m" not in page and "games.lab" not in page
    notes = reverse("games:computer_players_notes")
    assert f'href="{notes}" id="computer-players-notes"' in page
    answer = client.get(notes)
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    assert text.startswith("# Computer players")
    for row in published_strength().rows:
        assert row.command in text  # every figure's command, for whoever measures it again
    # the names a player may meet at each level, as the table names its computers
    for level in LEVELS:
        cast = page.split(f'id="level-{level}"')[1].split('class="level"')[0]
        assert all(name in cast for name in CAST[level])


def test_a_missing_figure_says_not_measured_yet(client, figures_file) -> None:
    figures = shipped()
    figures["rows"] = [
        row
        for row in figures["rows"]
        if row["level"] != "normal"
        and (row["level"], row["opponent"]) != ("strong", ROW["opponent"])
    ] + [ROW]
    figures_file(figures)
    page = client.get(reverse("games:computer_players")).content.decode()
    assert "Not measured yet." in section(page, "normal", BASELINE)
    glance = page.split('id="levels-at-a-glance"')[1].split("</table>")[0]
    normal = glance.split('href="#level-normal"')[1].split("</tr>")[0]
    assert normal.count("not yet") == 2  # neither opponent measured
    for level in ("easy", "normal"):
        assert "Not measured yet." in section(page, level, OPENSPIEL_ISMCTS)
    strong = section(page, "strong", OPENSPIEL_ISMCTS)
    assert "Not measured yet." not in strong
    assert "+0.311" in strong and "+0.212 to +0.410" in strong and ROW["command"] not in strong
    assert (
        "OpenSpiel" in strong
        and "41.5\N{NO-BREAK SPACE}ms typically, 142\N{NO-BREAK SPACE}ms or less" in strong
    )


def test_an_opponent_the_page_does_not_know_is_shown_by_its_name(client, figures_file) -> None:
    figures = shipped()
    figures["rows"].append(ROW | {"opponent": "openspiel_ismcts_1000"})
    figures_file(figures)
    page = client.get(reverse("games:computer_players")).content.decode()
    assert "Against openspiel ismcts 1000" in section(page, "strong", "openspiel_ismcts_1000")


def broken(change) -> dict[str, Any]:
    """The shipped figures less their strong-vs-OpenSpiel row, with ROW in its place (so it is
    rows[LAST]), then `change`d."""
    figures = shipped()
    figures["rows"] = [
        row
        for row in figures["rows"]
        if (row["level"], row["opponent"]) != ("strong", ROW["opponent"])
    ] + [copy.deepcopy(ROW)]
    change(figures)
    return figures


LAST = len(broken(lambda figures: None)["rows"]) - 1


@pytest.mark.parametrize(
    ("figures", "message"),
    [
        ([], "must be an object with measured_on, machine, rows"),
        (broken(lambda f: f.update(measured_on="23/11/2026")), "measured_on must be a date"),
        (broken(lambda f: f["rows"][-1].pop("ci_low")), rf"rows\[{LAST}\]: missing \['ci_low'\]"),
        (broken(lambda f: f["rows"][-1].update(level="hard")), "unknown level 'hard'"),
        (broken(lambda f: f["rows"][-1].update(deals="300")), "deals must be a whole number"),
        (broken(lambda f: f["rows"][-1].update(p50_ms=None)), "p50_ms must be a number"),
        (broken(lambda f: f["rows"][-1].update(difference=0.5)), "not inside its interval"),
        (broken(lambda f: f["rows"][-1].update(p50_ms=200)), "p50_ms <= p95_ms"),
        (broken(lambda f: f["rows"][-1].update(speed=1)), r"unknown \['speed'\]"),
        (broken(lambda f: f["rows"].append(f["rows"][0])), "more than one row"),
    ],
)
def test_a_malformed_file_is_refused_saying_what_is_wrong(figures: Any, message: str) -> None:
    with pytest.raises(MalformedStrengthFile, match=message):
        parse_published_strength(figures)


def test_a_malformed_file_stops_the_page_with_the_file_and_the_fault(client, figures_file):
    path = figures_file('{"measured_on": "2026-11-23", "rows": [')
    with pytest.raises(MalformedStrengthFile, match=f"{path}: not valid JSON"):
        client.get(reverse("games:computer_players"))
    figures_file(broken(lambda f: f["rows"][-1].update(level="hard")))
    with pytest.raises(MalformedStrengthFile, match=f"{path}: rows\\[{LAST}\\]: unknown level"):
        client.get(reverse("games:computer_players"))


def test_the_private_table_form_says_what_each_level_means_and_links_the_page(client) -> None:
    client.force_login(User.objects.create_user("ann@example.com", None, display_name="Ann"))
    page = client.get(reverse("games:table_new")).content.decode()
    assert f'href="{reverse("games:computer_players")}" id="levels-link"' in page
    assert "What the levels mean" in page
    for level, text in LEVEL_TEXTS.items():
        assert f'<option value="{level}"' in page and f"{text.label}: {text.summary}" in page


def test_the_footer_links_the_page(client) -> None:
    page = client.get(reverse("home")).content.decode()
    footer = page[page.index('<footer class="site-footer">') :]
    assert reverse("games:computer_players") in footer and reverse("games:rules") in footer
