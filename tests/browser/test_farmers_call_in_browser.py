"""Seed 004's Farmer's call at the table (the kitchen_table preset, going_under_form
"farmers_call"): the button names it, only my nines and tens can be picked, and once called the
three cards shown are marked by my seat for everyone, the centre cards I took in my hand."""

from __future__ import annotations

import pytest

from games.engine import preset_rules

from .table_harness import HarnessSite, answer_my_moves
from .table_states import offers, table_at
from .test_table_variants_in_browser import LAPTOP, PHONE, no_hidden_card_shown, open_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

NINES_AND_TENS = ("9", "T")


@pytest.fixture
def site():
    harness = HarnessSite()
    yield harness
    harness.close()


@pytest.mark.parametrize(("name", "viewport"), [("laptop", LAPTOP), ("phone", PHONE)])
def test_a_farmers_call_shows_the_nines_and_tens_given(browser, site, artifacts, name, viewport):
    table = table_at(preset_rules("kitchen_table"), offers("under:"))
    page, errors = open_table(browser, site, table, viewport=viewport)
    before = list(table.game.view(table.my_seat).hand)
    farmers = [card for card in before if card[0] in NINES_AND_TENS]
    others = [card for card in before if card[0] not in NINES_AND_TENS]
    call = page.locator("#actions button[data-action='under']")
    # the button's words, less the key shown on it (keys.js)
    assert call.evaluate("node => node.firstChild.textContent") == "Call Farmer's…"
    assert call.get_attribute("aria-keyshortcuts") == "U"
    call.click()
    assert "nines and tens" in page.inner_text("#actions")
    go = page.locator("#actions button.under-go")
    if others:  # a card that is no nine or ten does not make the call
        for card in [others[0], *farmers[:2]]:
            page.click(f"#my-hand button.card[data-card='{card}']")
        page.screenshot(path=artifacts / f"farmers-call-picking-{name}.png")
        assert go.is_disabled(), "three cards with one that is no nine or ten"
        page.click(f"#my-hand button.card[data-card='{others[0]}']")  # taken back
        page.click(f"#my-hand button.card[data-card='{farmers[2]}']")
    else:
        for card in farmers[:3]:
            page.click(f"#my-hand button.card[data-card='{card}']")
    assert go.is_enabled()
    go.click()
    page.wait_for_function("window.__sent.length > 0")
    [action] = answer_my_moves(page, table)
    given = action.removeprefix("under:").split(",")
    assert action.startswith("under:") and sorted(given) == sorted(farmers[:3])
    mark = page.locator(f"#felt .seat-box[data-seat='{table.my_seat}'] .mark.under")
    assert mark.text_content().startswith("Farmer's: ")
    assert len(mark.text_content().removeprefix("Farmer's: ").split()) == 3
    shown = page.eval_on_selector_all("#my-hand button.card", "ns => ns.map(n => n.dataset.card)")
    assert sorted(shown) == sorted(table.game.view(table.my_seat).hand)
    no_hidden_card_shown(page, table)
    page.screenshot(path=artifacts / f"farmers-call-shown-{name}.png")
    assert errors == []
