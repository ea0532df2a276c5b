"""In chromium: a player downloads a finished game's hand history from its record page, both
the JSON (valid against docs/hand-history.schema.json, replaying to the game's score) and the
text score sheet; finds the game on their games page and filters it; and an organiser edits and
closes their league. Screenshots at desktop and phone size go to var/test-artifacts/history/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from games.engine import RuleOptions
from games.records.transcripts import history_replay
from leagues.models import League
from leagues.services.leagues import league_create
from leagues.services.members import invitation_accept, invitation_send
from rankings.tasks import game_finished
from tests.browser.people import make_player, signed_in_page
from tests.economy.coins import wallet_set
from tests.games.finished_games import finished_game_store

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "hand-history.schema.json").read_text())
PHONE = {"width": 390, "height": 844}


def test_a_player_downloads_a_game_s_history_and_finds_it_among_their_games(
    live_site, browser, artifacts
):
    shots = artifacts / "history"
    shots.mkdir(exist_ok=True)
    ann, bob = make_player("Ann"), make_player("Bob")
    game, state = finished_game_store([ann, None, bob, None], seed="browser-history")
    game_finished(game.pk)  # the rankings record its points: it joins the games pages
    page = signed_in_page(browser, live_site, ann)

    page.goto(f"{live_site}/games/{game.pk}/")
    page.screenshot(path=shots / "record-desktop.png", full_page=False)
    with page.expect_download() as waiting:
        page.get_by_role("link", name="hand history (JSON)").click()
    download = waiting.value
    assert download.suggested_filename == f"euchre-game-{game.pk}.json"
    document = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    jsonschema.validate(document, SCHEMA)
    assert [seat["name"] for seat in document["game"]["seats"]][::2] == ["Ann", "Bob"]
    assert history_replay(document) == (state.scores, state.winner)

    with page.expect_download() as waiting:
        page.get_by_role("link", name="score sheet (text)").click()
    download = waiting.value
    assert download.suggested_filename == f"euchre-game-{game.pk}.txt"
    sheet = Path(download.path()).read_text(encoding="utf-8")
    assert "A = Ann & Bob" in sheet
    assert f"Final score: A {state.scores[0]}, B {state.scores[1]}." in sheet

    page.get_by_role("link", name="Your games").click()
    page.wait_for_url(re.compile(rf".*/players/{ann.pk}/games/$"))
    row = page.locator(f'li[data-game="{game.pk}"]')
    assert row.is_visible()
    page.screenshot(path=shots / "games-desktop.png", full_page=True)
    page.select_option("select[name=result]", "lost" if 0 in game.winning_seats else "won")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(re.compile(r".*result=(won|lost).*"))
    assert page.locator(f'li[data-game="{game.pk}"]').count() == 0
    assert "No game matches these choices." in page.content()

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.add_cookies(page.context.cookies())
    small = phone.new_page()
    small.goto(f"{live_site}/players/{ann.pk}/games/")
    small.screenshot(path=shots / "games-phone.png", full_page=True)
    small.goto(f"{live_site}/games/{game.pk}/")
    small.screenshot(path=shots / "record-phone.png", full_page=False)
    phone.close()


def test_an_organiser_edits_and_closes_their_league(live_site, browser, artifacts):
    shots = artifacts / "history"
    shots.mkdir(exist_ok=True)
    olga, mia = make_player("Olga"), make_player("Mia")
    wallet_set(olga, gold=100)
    league = league_create(
        organiser_id=olga.pk,
        name="Thursday Club",
        description="Cards on Thursdays.",
        rules=RuleOptions(),
        joining=League.Joining.INVITATION,
        season_length=League.SeasonLength.MONTH,
        creation_key="browser-edit",
    )
    invitation = invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Mia")
    invitation_accept(invitation_id=invitation.pk, user_id=mia.pk)
    member = signed_in_page(browser, live_site, mia)
    refused = member.goto(f"{live_site}/leagues/{league.pk}/edit/")
    assert refused is not None and refused.status == 403
    assert "Only the league's organiser can edit it." in member.locator("[role=alert]").inner_text()
    member.screenshot(path=shots / "league-refused-desktop.png")
    member.context.close()

    page = signed_in_page(browser, live_site, olga)
    page.goto(f"{live_site}/leagues/{league.pk}/")
    page.get_by_role("link", name="Edit the league").click()
    page.wait_for_url(re.compile(r".*/edit/$"))
    page.screenshot(path=shots / "league-edit-desktop.png", full_page=True)
    page.fill("input[name=name]", "Thursday Night Club")
    page.check("input[name=joining][value=link]")
    page.select_option("select[name=preset]", "three_handed")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(rf".*/leagues/{league.pk}/$"))
    assert page.locator("h1", has_text="Thursday Night Club").is_visible()
    assert page.locator("#next-rules").is_visible()
    page.locator("summary", has_text="Close the league").click()
    page.get_by_role("button", name="Close Thursday Night Club").click()
    page.locator("#league-closed").wait_for()
    page.screenshot(path=shots / "league-closed-desktop.png", full_page=True)
    league.refresh_from_db()
    assert league.closed_at is not None and league.joining == "link"
    assert league.next_rules is None  # closed: no next season to take them
    assert page.get_by_role("button", name="Open a league table").count() == 0
