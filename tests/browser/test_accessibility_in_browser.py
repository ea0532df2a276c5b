"""Play by keyboard and by screen reader (issue 53), in Debian's chromium.

A whole hand is played with the keyboard alone (digits or arrows choose a card, Enter plays it,
a letter for each bid, Escape closes the summary), and the page's one polite live region is read:
each bid, each card with who played it, each trick's winner and the hand's result, in words and
in order. axe-core (npm, tests/browser/axe; `python3 run.py test` installs it) finds no serious or
critical violation on the table while bidding, playing, in a hand's summary and at the game's end,
nor on the site's other pages, at 1366x900 and 390x844. Screenshots go to
var/test-artifacts/accessibility/.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from games.engine import RuleOptions
from games.players import choose_action
from tests.games.finished_games import finished_game_store

from .people import make_player, signed_in_page
from .table_harness import FAKE_SOCKET, HarnessSite, HarnessTable, answer_my_moves

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
AXE_DEFAULT = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"

RANKS = {"9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# the key of each bid button, as the table's "Keys" list gives them
BID_KEYS = {"pass": "p", "order_up": "o", "alone": "a", "not_alone": "w"}


@pytest.fixture
def axe_script() -> Path:
    path = Path(os.environ.get("EUCHRE_AXE") or AXE_DEFAULT)
    if not path.exists():
        pytest.skip("axe-core is not installed (python3 run.py setup installs it with npm)")
    return path


@pytest.fixture
def shots(artifacts) -> Path:
    folder = artifacts / "accessibility"
    folder.mkdir(exist_ok=True)
    return folder


AXE_RUN = """(within) => {
  window.__axe = null;
  axe.run(within ? document.querySelector(within) : document, { resultTypes: ["violations"] }).then(
    (result) => (window.__axe = result.violations.map((v) => ({ id: v.id, impact: v.impact,
      nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " — " + n.failureSummary) }))),
    (error) => (window.__axe = [{ id: "axe failed", impact: "critical", nodes: [String(error)] }]),
  );
}"""


def serious_violations(
    page, axe_script: Path, within: str | None = None, paused: bool = False
) -> list[str]:
    """axe-core's serious and critical findings on the page (or the part `within`), one line
    each with the first few nodes, so that a failure says what to fix. With the page's clock
    `paused`, axe's own timers are run a millisecond at a time (the page's stay where they are)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script))
    page.evaluate(AXE_RUN, within)
    if paused:
        while page.evaluate("window.__axe === null"):
            page.clock.run_for(1)
    page.wait_for_function("window.__axe !== null")
    found = page.evaluate("window.__axe")
    return [
        f"{v['id']} ({v['impact']}): {' | '.join(v['nodes'])}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def check_both_sizes(
    page, axe_script: Path, what: str, within: str | None = None, paused: bool = False
) -> None:
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        found = serious_violations(page, axe_script, within, paused)
        assert not found, f"axe on {what} at {size['width']}x{size['height']}:\n" + "\n".join(found)
    page.set_viewport_size(DESKTOP)


def card_words(card: str) -> str:
    return f"the {RANKS[card[0]]} of {SUITS[card[1]]}"


def expected_events(table: HarnessTable, record) -> list[str]:
    """What the live region must say of a finished hand, in order: written out here from the
    engine's record, not read from the page's code."""
    names = {seat["position"]: seat["name"] for seat in table.seats()}
    names[table.my_seat] = "You"
    said = []
    for bid in record.bids:
        who = names[bid.seat]
        if bid.call == "pass":
            said.append(f"{who} passed.")
        elif bid.call == "order_up":
            verb = "picked up" if bid.seat == record.dealer else "ordered up"
            said.append(
                f"{who} {verb} {card_words(record.upcard)}: {SUITS[record.upcard[1]]} are trump."
            )
        else:
            said.append(f"{who} called {SUITS[bid.call[5:]]} as trump.")
    for trick in record.tricks:
        said.extend(f"{names[seat]} played {card_words(card)}." for seat, card in trick.plays)
        said.append(f"{names[trick.winner]} won the trick.")
    return said


EVENT = re.compile(r" (passed|ordered up|picked up|called \w+ as trump|played|won the trick)\b")


def test_a_hand_played_by_keyboard_alone_is_told_in_words_and_in_order(browser, axe_script, shots):
    site = HarnessSite()
    table = HarnessTable(RuleOptions(), "keyboard-hand")
    try:
        table.computer_moves()  # the page opens on my first turn: the bids before it are shown
        bids_before = len(table.game.view(table.my_seat).bids)
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(FAKE_SOCKET)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.clock.install()  # runs as usual; paused below while axe reads a hand's summary
        page.goto(site.show(table))
        page.wait_for_function("window.__sockets.length && window.__sockets[0].readyState === 1")
        assert page.locator("#announcer[aria-live=polite]").count() == 1
        assert page.locator("[aria-live], [role=status], [role=log]").count() == 1
        checked = set()
        while table.game.hand_number == 0:
            assert table.game.to_act == table.my_seat
            view = table.game.view(table.my_seat)
            phase = "bidding" if view.phase in ("bid1", "bid2") else view.phase
            if phase in ("bidding", "play") and phase not in checked:
                check_both_sizes(page, axe_script, f"the table while {phase}")
                checked.add(phase)
            choice = choose_action(view, table.rules)
            kind, _, argument = choice.partition(":")
            if kind in ("play", "discard"):
                order = page.eval_on_selector_all(
                    "#my-hand button.card", "nodes => nodes.map((node) => node.dataset.card)"
                )
                page.keyboard.press(str(order.index(argument) + 1))
                focused = page.evaluate("document.activeElement.dataset.card")
                assert focused == argument
                if phase == "play" and "focus" not in checked:
                    page.screenshot(path=shots / "keyboard-focus-desktop.png")
                    checked.add("focus")
                page.keyboard.press("Enter")
            else:
                key = BID_KEYS.get(kind) or argument.lower()
                button = page.locator(f"#actions button[data-action='{choice}']")
                assert button.get_attribute("aria-keyshortcuts") == key.upper()
                assert button.locator("kbd").inner_text() == key.upper()  # shown on the button
                page.keyboard.press(key)
            page.wait_for_function("window.__sent.length > 0")
            assert answer_my_moves(page, table) == [choice]

        # the hand is over: its summary on the felt, read by axe with the clock stopped
        page.wait_for_selector("#felt-overlay .hand-summary", timeout=15_000)
        now = page.evaluate("Date.now()") / 1000
        page.clock.pause_at(datetime.fromtimestamp(now + 0.05, tz=UTC))
        check_both_sizes(page, axe_script, "a hand's summary", paused=True)
        assert page.locator("#felt-overlay .hand-summary").count() == 1  # still the summary
        page.screenshot(path=shots / "summary-desktop.png")
        page.set_viewport_size(PHONE)
        page.screenshot(path=shots / "summary-phone.png")
        page.set_viewport_size(DESKTOP)
        page.keyboard.press("Escape")
        page.wait_for_selector("#felt-overlay .hand-summary", state="detached")
        page.clock.resume()

        said = page.eval_on_selector_all("#announcer p", "ps => ps.map((p) => p.textContent)")
        record = table.game.history[0]
        events = [line for line in said if EVENT.search(line)]
        expected = expected_events(table, record)[bids_before:]
        assert events[: len(expected)] == expected
        result = [line for line in said if line.startswith("Hand 1 over: ")]
        assert len(result) == 1 and "Score: us " in result[0]
        # after the last card and its trick, before anything of the next hand
        assert said[said.index(result[0]) - 1] == expected[-1]
        assert any(line.startswith("Your ") and "seconds to play." in line for line in said)
        assert not [line for line in said if re.search("[♠♥♦♣]", line)]  # words, not symbols
        assert errors == []
        context.close()
    finally:
        site.close()


def test_the_game_over_and_the_display_preferences_pass_axe(browser, axe_script, shots):
    """The end of a game, and the four-colour deck with larger cards, at both sizes; with
    prefers-reduced-motion the cards do not move."""
    site = HarnessSite()
    try:
        table = HarnessTable(RuleOptions(target_score=3), "keyboard-end")
        while not table.over:
            table.apply(choose_action(table.game.view(table.game.to_act), table.rules))
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(FAKE_SOCKET)
        page = context.new_page()
        page.goto(site.show(table))
        page.wait_for_selector("#game-over")
        check_both_sizes(page, axe_script, "the game's end")
        page.keyboard.press("?")
        page.wait_for_selector("#keys-help[open]")
        check_both_sizes(page, axe_script, "the keys' list", within="#keys-help")
        page.screenshot(path=shots / "keys-help-desktop.png")
        page.set_viewport_size(PHONE)
        page.screenshot(path=shots / "keys-help-phone.png")
        page.set_viewport_size(DESKTOP)
        page.keyboard.press("Escape")
        page.wait_for_selector("#keys-help:not([open])", state="attached")

        playing = HarnessTable(RuleOptions(), "keyboard-colours", my_seat=1)
        while not (playing.game.phase == "play" and playing.game.to_act == playing.my_seat):
            playing.apply(choose_action(playing.game.view(playing.game.to_act), playing.rules))
        prefs = {"four_colour": True, "large_cards": True}
        page.emulate_media(reduced_motion="reduce")
        page.goto(site.show(playing, prefs))
        page.wait_for_selector("#my-hand button.card")
        root = page.locator("#table")
        assert "four-colour" in root.get_attribute("class")
        assert "large-cards" in root.get_attribute("class")
        width = page.evaluate("document.querySelector('#my-hand button.card').offsetWidth")
        assert width == 122
        moves = page.evaluate(
            "getComputedStyle(document.querySelector('#my-hand button.card')).transitionDuration"
        )
        assert set(moves.split(", ")) == {"0s"}
        page.keyboard.press("ArrowRight")
        page.screenshot(path=shots / "four-colour-large-desktop.png")
        page.evaluate("document.querySelectorAll('#table details').forEach((d) => (d.open = true))")
        check_both_sizes(
            page, axe_script, "the four-colour deck, larger cards, the side panel open"
        )
        page.set_viewport_size(PHONE)
        page.keyboard.press("ArrowRight")
        page.screenshot(path=shots / "four-colour-large-phone.png")
        context.close()
    finally:
        site.close()


@pytest.mark.services
@pytest.mark.timeout(240)
def test_the_site_s_pages_pass_axe(live_site, browser, axe_script, shots):
    # signed out: the sign-up and log-in pages
    anonymous = browser.new_context(viewport=DESKTOP).new_page()
    for path in ("/accounts/signup/", "/accounts/login/"):
        anonymous.goto(f"{live_site}{path}")
        check_both_sizes(anonymous, axe_script, path)
    anonymous.context.close()

    ann = make_player("Ann")
    game, _state = finished_game_store(
        [ann, None, None, None], rules=RuleOptions(target_score=1), seed="axe-pages"
    )
    page = signed_in_page(browser, live_site, ann)
    page.set_viewport_size(DESKTOP)
    pages = ["/play/", f"/games/{game.pk}/", "/accounts/settings/", "/rankings/", "/leagues/"]
    pages.append("/friends/?q=a")  # the friends page with a search's results
    for path in [*pages, "/coins/"]:
        page.goto(f"{live_site}{path}")
        check_both_sizes(page, axe_script, path)
    # the new display preferences on the settings page, the keyboard's focus on one of them
    page.goto(f"{live_site}/accounts/settings/")
    page.focus("form.display-form input[name=four_colour]")
    page.keyboard.press("Space")
    page.locator("form.display-form input[name=large_cards]").focus()
    page.locator("form.display-form").screenshot(path=shots / "settings-display-desktop.png")
    page.set_viewport_size(PHONE)
    page.locator("form.display-form").screenshot(path=shots / "settings-display-phone.png")
    page.set_viewport_size(DESKTOP)
    # the record page's review: asked for, run by the worker, then read
    page.goto(f"{live_site}/games/{game.pk}/")
    page.get_by_role("button", name="Review my play").click()
    page.locator("[data-review-result]:not(:empty)").wait_for(timeout=150_000)
    check_both_sizes(page, axe_script, "the review")
    page.screenshot(path=shots / "review-desktop.png", full_page=True)
    page.context.close()
