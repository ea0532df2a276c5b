"""The private-table form's script in a real browser: choosing a named game fills in its
options and the seat count; changing an option names the game the options now make (or "Your
own rules"); the table opened has the rules shown. Screenshots at desktop and phone size."""

from __future__ import annotations

import re

import pytest

from games.engine import RuleOptions, preset_rules
from games.models import Game, Seat

from .people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]


def test_a_preset_fills_the_options_and_the_table_gets_them(live_site, browser, artifacts):
    host = make_player("Tess")
    page = signed_in_page(browser, live_site, host)
    page.goto(f"{live_site}/tables/new/")
    assert page.locator("button[name=fill]").count() == 0  # the script fills the options
    page.select_option("select[name=preset]", "call_ace")
    assert page.input_value("select[name=variant]") == "call_ace"
    assert page.inner_text("[data-seat-count]") == "4"
    page.select_option("select[name=variant]", "three_handed")
    assert page.input_value("select[name=preset]") == "three_handed"
    assert page.inner_text("[data-seat-count]") == "3"
    page.select_option("select[name=preset]", "robson")
    assert page.is_checked("input[name=robson]")  # its box opened to show it
    assert "Robson rules" in page.inner_text("details:has(input[name=robson]) summary")
    page.select_option("select[name=preset]", "three_handed_seven")
    assert not page.is_checked("input[name=robson]")
    page.select_option("select[name=target_score]", "5")
    assert page.input_value("select[name=preset]") == "custom"
    page.screenshot(path=str(artifacts / "table-form-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "table-form-phone.png"), full_page=True)

    page.click("text=Open the table")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    game = Game.objects.get(created_by=host)
    assert RuleOptions.from_dict(game.rules) == preset_rules("three_handed_seven", target_score=5)
    assert Seat.objects.filter(game=game).count() == 3
