"""Issue 20's test on the live site (daphne, the worker, Debian's chromium): a person plays a
whole call-ace game against computers to the end in the page, clicking through each hand's
summary to the game-over summary with its game points, and presses "Play again" (the whole
three-handed game is test_watch_in_browser.py's, played while another person watches it); and a
person dealt a farmer's hand exchanges three cards from the page."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from games.engine import Game as EngineGame
from games.engine import RuleOptions, preset_rules
from games.models import Game
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start

from .people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}

# every hand summary the page shows, by its heading
SUMMARY_LOG = """
window.__summaries = {};
new MutationObserver(() => {
  const summary = document.querySelector("#felt-overlay .hand-summary");
  if (summary) window.__summaries[summary.querySelector("h2").textContent] = summary.innerText;
}).observe(document, { subtree: true, childList: true });
"""

# frames the table's socket received, and the newest state's version: a move is sent only on an
# open socket, with the version the page saw, so the test clicks once the page is up to date
FRAME_COUNT = """
window.__frames = 0;
window.__version = -1;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      window.__frames += 1;
      const message = JSON.parse(event.data); // a run's frames come as one array
      for (const frame of Array.isArray(message) ? message : [message]) {
        if (frame.type === "state") window.__version = Math.max(window.__version, frame.version);
      }
    });
  }
};
"""


def table_against_computers(user_id: int, rules: RuleOptions, seed: str | None = None) -> int:
    """A public table with its creator in seat 0 and computers in the other seats, started (on
    `seed`'s deal when given). Off Playwright's thread: the services tell the table through
    async_to_sync."""

    def open_and_start() -> int:
        try:
            game = table_create(creator_id=user_id, kind=Game.Kind.PUBLIC, rules=rules)
            if seed is not None:
                Game.objects.filter(pk=game.pk).update(seed=seed)
            table_start(game_id=game.pk, user_id=user_id)
            return game.pk
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(open_and_start).result()


def take_a_turn(page) -> bool:
    """Clicks one honest legal thing the page offers me now: the first playable card, else the
    first button that takes part (calling an ace, ordering up, naming trump), passing or going
    alone last; never an exchange or going under."""
    card = page.locator("#my-hand button.card.legal")
    if card.count():
        card.first.click()
        return True
    actions = page.locator("#actions button[data-action]:visible")
    labels = [actions.nth(i).get_attribute("data-action") for i in range(actions.count())]
    choices = [i for i, label in enumerate(labels) if label not in ("under", "exchange", "redeal")]
    if not choices:
        return False
    choices.sort(key=lambda i: labels[i] in ("pass", "alone"))
    actions.nth(choices[0]).click()
    return True


def play_to_the_end(page, game_id: int, my_seat: int, shots: dict[str, str]) -> set[str]:
    """Plays my seat's every decision in the page until the game is over; takes the screenshots
    named in `shots` (phase -> path) the first time the game is in that phase on my turn. Returns
    the actions I was offered (to see which kinds of decision came my way)."""
    offered: set[str] = set()
    give_up = time.monotonic() + 200
    while (game := Game.objects.get(pk=game_id)).status != Game.Status.FINISHED:
        assert time.monotonic() < give_up, "the game did not finish in time"
        engine = engine_game(game)
        if engine.to_act != my_seat:
            # a hand's summary read at once, as a quick player does: the server's pause between
            # hands ends when every person has seen the hand's end
            if page.locator("#felt-overlay .hand-summary").count():
                page.click("#felt")
            time.sleep(0.2)
            continue
        # the page has the frame where I act (so my move carries the version the server expects)
        page.wait_for_function("v => window.__version >= v", arg=game.version, timeout=20_000)
        if page.locator("#felt-overlay .hand-summary").count():
            page.click("#felt")  # the last hand's summary: a click moves on
        path = shots.pop(engine.phase, None)
        if path:
            page.wait_for_selector("#actions button[data-action], #my-hand button.card.legal")
            page.screenshot(path=path)
        offered.update(engine.legal_actions())
        if take_a_turn(page):
            # the page sent it: wait until the server has it before looking again
            version = game.version
            stop_waiting = time.monotonic() + 10
            while Game.objects.get(pk=game_id).version == version:
                if time.monotonic() > stop_waiting:
                    break  # not taken (the page was a frame behind): look again and retry
                time.sleep(0.1)
        else:
            time.sleep(0.2)
    return offered


def game_over_summary(page) -> str:
    """Clicks through the last tricks and the last hand's summary to the game's result (a click
    with nothing held does nothing)."""
    for _ in range(75):
        if page.locator("#game-over").count():
            break
        page.click("#felt")
        page.wait_for_timeout(200)
    return page.wait_for_selector("#game-over", timeout=15_000).inner_text()


def shown_summaries(page) -> set[str]:
    headings = page.evaluate("Object.keys(window.__summaries)")
    return {heading.split(":")[0] for heading in headings}


def play_again_opens_the_same_rules(page, live_site: str, game: Game) -> Game:
    page.click("#play-again")
    page.wait_for_url(re.compile(rf"{live_site}/tables/(?!{game.pk}/)\d+/$"), timeout=30_000)
    again = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert again.again_of_id == game.pk
    assert again.rules == game.rules
    # a player who played only with computers starts at once: my hand is dealt on the new table
    page.wait_for_selector("#my-hand button.card", timeout=20_000)
    return again


def seat_0_calls_an_ace_seed(rules: RuleOptions) -> str:
    """A seed whose first deal lets seat 0 order up first, so seat 0 makes trump and calls an
    ace (whatever the dealer lays away)."""
    for number in range(1000):
        seed = f"call-ace-{number}"
        engine = EngineGame(rules, seed)
        if engine.to_act == 0 and "order_up" in engine.legal_actions():
            return seed
    raise AssertionError("no deal in 1,000 where seat 0 bids first")


def test_a_whole_call_ace_game_to_play_again(live_site, browser, artifacts):
    """seed 003: "Call-ace: the maker calls an ace; whoever holds it is the maker's partner"
    (a game to 3; the player orders up in the first hand and calls an ace with the page's
    buttons)."""
    rules = preset_rules("call_ace", target_score=3)
    player = make_player("Cora")
    page = signed_in_page(browser, live_site, player)
    page.context.add_init_script(SUMMARY_LOG)
    page.context.add_init_script(FRAME_COUNT)
    game_id = table_against_computers(player.pk, rules, seed=seat_0_calls_an_ace_seed(rules))
    page.goto(f"{live_site}/tables/{game_id}/")
    page.wait_for_selector("#my-hand button.card", timeout=15_000)
    page.wait_for_function("window.__frames > 0", timeout=15_000)

    calling = artifacts / "call-ace-calling-laptop.png"
    shots = {"call_ace": calling, "play": artifacts / "call-ace-play-laptop.png"}
    offered = play_to_the_end(page, game_id, 0, shots)
    assert "call_ace" not in shots  # the page showed me the call and I made it
    called = [action for action in offered if action.startswith("ace:")]
    assert called and "alone" in offered
    first = engine_game(Game.objects.get(pk=game_id)).history[0]
    assert first.maker == 0 and f"ace:{first.called_suit}" in called

    text = game_over_summary(page)
    game = Game.objects.get(pk=game_id)
    engine = engine_game(game)
    assert ("win!" in text and "You" in text.split("\n")[0]) == (0 in engine.winning_seats)
    for score in engine.score:
        assert str(score) in text
    assert re.search(r"\d+ game points? for the monthly rankings", text)
    hands = len(engine.history)
    assert {f"Hand {number}" for number in range(1, hands + 1)} <= shown_summaries(page)
    page.screenshot(path=artifacts / "call-ace-game-over-laptop.png")

    play_again_opens_the_same_rules(page, live_site, game)


def farmers_hand_seed(rules: RuleOptions) -> str:
    """A seed whose first deal gives seat 0 a farmer's hand on its first turn to bid."""
    for number in range(100_000):
        seed = f"farmer-{number}"
        engine = EngineGame(rules, seed)
        if engine.to_act == 0 and any(a.startswith("exchange:") for a in engine.legal_actions()):
            return seed
    raise AssertionError("no farmer's hand for seat 0 in 100,000 deals")


def test_a_farmers_hand_exchanged_from_the_page(live_site, browser, artifacts):
    """seed 003: "Farmer's hand: a hand without face cards, aces or Benny; the player may exchange
    three cards with the kitty" (three cards selected in the hand, then Exchange)."""
    rules = preset_rules("farmers_hand", target_score=3)
    seed = farmers_hand_seed(rules)
    player = make_player("Fern")
    page = signed_in_page(browser, live_site, player)
    page.context.add_init_script(FRAME_COUNT)
    game_id = table_against_computers(player.pk, rules, seed=seed)
    page.goto(f"{live_site}/tables/{game_id}/")
    page.wait_for_function("window.__frames > 0", timeout=15_000)

    page.click("#actions button[data-action=exchange]", timeout=15_000)
    go = page.locator("#actions button.exchange-go")
    assert go.is_disabled()
    hand = page.locator("#my-hand button.card")
    picked = [hand.nth(i).get_attribute("data-card") for i in range(3)]
    for i in range(3):
        hand.nth(i).click()
    page.wait_for_selector("#actions button.exchange-go:not([disabled])")
    page.screenshot(path=artifacts / "farmers-hand-exchange-laptop.png")
    go.click()

    give_up = time.monotonic() + 20
    while True:
        engine = engine_game(Game.objects.get(pk=game_id))
        if engine.state().hand.exchange is not None:
            break
        assert time.monotonic() < give_up, "the exchange did not reach the server"
        time.sleep(0.1)
    exchange = engine.state().hand.exchange
    assert exchange.seat == 0
    assert sorted(exchange.given) == sorted(picked)
    # my new hand holds none of the cards I gave, and the seat shows it exchanged
    page.wait_for_selector("#felt .mark.under:has-text('Exchanged')", timeout=15_000)
    mine = {card.get_attribute("data-card") for card in page.locator("#my-hand button.card").all()}
    assert not mine & set(picked)
