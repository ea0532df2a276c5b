"""A person changes two of seed 003's display preferences on the settings page and finds the
table drawn that way, changes one back from the table's own Display menu (applied at once and
saved), then plays a standard game against three computers to the end on the live site: each
hand ends with its summary on the felt, and the game with its result (Debian's chromium)."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from accounts.models import User
from games.engine import RuleOptions
from games.models import Game
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start

from .people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

# every hand summary the page shows, by its heading
SUMMARY_LOG = """
window.__summaries = {};
new MutationObserver(() => {
  const summary = document.querySelector("#felt-overlay .hand-summary");
  if (summary) window.__summaries[summary.querySelector("h2").textContent] = summary.innerText;
}).observe(document, { subtree: true, childList: true });
window.__version = -1;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const message = JSON.parse(event.data); // a run's frames come as one array
      for (const frame of Array.isArray(message) ? message : [message]) {
        if (frame.type === "state") window.__version = Math.max(window.__version, frame.version);
      }
    });
  }
};
"""


def table_with_three_computers(user_id: int, rules: RuleOptions) -> int:
    """A public table as the lobby opens it, started, computers in the empty seats. Off
    Playwright's thread: the services tell the table through async_to_sync."""

    def open_and_start() -> int:
        try:
            game = table_create(creator_id=user_id, kind=Game.Kind.PUBLIC, rules=rules)
            table_start(game_id=game.pk, user_id=user_id)
            return game.pk
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(open_and_start).result()


def take_a_turn(page) -> bool:
    """Clicks one thing the page offers me now: a legal card, else a button that bids."""
    card = page.locator("#my-hand button.card.legal")
    if card.count():
        card.first.click()
        return True
    actions = page.locator("#actions button[data-action]:visible")
    labels = [actions.nth(i).get_attribute("data-action") for i in range(actions.count())]
    # taking part ends the game sooner than passing; going under or exchanging is not tried here
    choices = [i for i, label in enumerate(labels) if label not in ("under", "exchange")]
    if not choices:
        return False
    choices.sort(key=lambda i: labels[i] in ("pass", "alone"))
    actions.nth(choices[0]).click()
    return True


def test_display_preferences_apply_and_a_game_ends_with_summaries(live_site, browser, artifacts):
    player = make_player("Petra")
    page = signed_in_page(browser, live_site, player)
    page.context.add_init_script(SUMMARY_LOG)

    # seed 003: "Sets whether to display the scoreboard." "Sets whether to display the trick
    # counter." Both switched off on the settings page.
    page.goto(f"{live_site}/accounts/settings/")
    page.uncheck("form.display-form input[name=show_scoreboard]")
    page.uncheck("form.display-form input[name=trick_counter]")
    page.click("#save-display")
    page.wait_for_selector("text=Your display preferences are saved.")
    player.refresh_from_db()
    assert player.display_preferences == {"show_scoreboard": False, "trick_counter": False}

    game_id = table_with_three_computers(player.pk, RuleOptions(target_score=3))
    page.goto(f"{live_site}/tables/{game_id}/")
    page.wait_for_selector("#my-hand button.card", timeout=15_000)
    assert page.locator(".scoreboard").is_hidden()
    my_seat = Game.objects.get(pk=game_id).seats.get(user=player).position

    # the scoreboard back on from the table's Display menu: shown at once, and saved
    page.click(".display-panel summary")
    page.check("#display-menu input[name=show_scoreboard]")
    page.wait_for_selector(".scoreboard", state="visible")
    give_up = time.monotonic() + 10
    while User.objects.get(pk=player.pk).display_preferences.get("show_scoreboard") is False:
        assert time.monotonic() < give_up, "the table's menu did not save the change"
        time.sleep(0.1)
    assert User.objects.get(pk=player.pk).display_preferences == {"trick_counter": False}

    counter_checked = False
    give_up = time.monotonic() + 200
    while Game.objects.get(pk=game_id).status != Game.Status.FINISHED:
        assert time.monotonic() < give_up, "the game did not finish in time"
        game = Game.objects.get(pk=game_id)
        engine = engine_game(game)
        if engine.to_act != my_seat:
            if page.locator("#felt-overlay .hand-summary").count():
                page.click("#felt")  # read at once: the pause between hands ends for everyone
            time.sleep(0.2)
            continue
        # the page has the frame where I act, so my move carries the version the server expects
        page.wait_for_function("v => window.__version >= v", arg=game.version, timeout=20_000)
        if page.locator("#felt-overlay .hand-summary").count():
            page.click("#felt")  # the last hand's summary: a click moves on
        if take_a_turn(page):
            if not counter_checked and engine.phase == "play":
                # the trick counter stays off: its place by each seat is not shown
                assert page.locator("#felt .trick-count").count() > 0
                assert page.locator("#felt .trick-count").first.is_hidden()
                counter_checked = True
            time.sleep(0.3)
        else:
            time.sleep(0.2)
    assert counter_checked

    # the last trick, then the last hand's summary (a click moves on), then the result
    for _ in range(50):
        if page.locator("#game-over").count():
            break
        page.click("#felt")  # a click with nothing held does nothing
        page.wait_for_timeout(200)
    over = page.wait_for_selector("#game-over", timeout=15_000)
    game = Game.objects.get(pk=game_id)
    text = over.inner_text()
    assert "Game over" in text
    mine = (game.score_team0, game.score_team1)[my_seat % 2]
    theirs = (game.score_team0, game.score_team1)[1 - my_seat % 2]
    assert re.search(rf"You & [^\n]+\s+{mine}\b", text) and str(theirs) in text
    assert ("win!" in text) == (game.winner_team == my_seat % 2)
    assert page.get_attribute("#game-record", "href") == f"/games/{game_id}/"
    assert page.locator("#cancel-form").count() == 0
    hands = len(engine_game(game).history)
    shown = {heading.split(":")[0] for heading in page.evaluate("Object.keys(window.__summaries)")}
    assert {f"Hand {number}" for number in range(1, hands + 1)} <= shown
    # what the game earned, once the rankings' task in the worker has recorded it: the month's
    # progress to the next rank (the achievements follow a moment later)
    page.wait_for_selector("#game-over .rank", timeout=90_000)
    assert "this month to Rookie" in page.inner_text("#game-over")
    page.screenshot(path=artifacts / "table-game-over-laptop.png")
    page.click("#back-to-lobby")
    page.wait_for_url(re.compile(r".*/play/$"))
