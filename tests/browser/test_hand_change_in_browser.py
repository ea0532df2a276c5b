"""A calm change of hands (issue 53): the last trick, then the hand's summary, then the new deal,
never two hands on the felt at once; the next hand's first turn is timed from the moment its deal
shows, on the page and on the server alike; a click on "Continue" ends the pause; on a phone the
summary is whole and nothing overdraws it; starting a table loads its page once."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games.engine import PRESETS, Game, RuleOptions
from games.live.services.play import MoveRejected, computer_run, game_act
from games.live.services.turn_timers import due_timeouts_queue
from games.models import Action, Seat
from games.models import Game as GameRow
from games.players import choose_action
from games.selectors import engine_game
from tests.economy.coins import wallet_set

from .table_harness import FAKE_SOCKET, HarnessSite, push
from .table_states import table_at
from .test_phone_layout import person

pytestmark = [pytest.mark.browser]

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

# where the hand's summary is, and what it might be overdrawn by or fall off: the felt, the
# "Continue" button, every seat's box that is shown, the screen
BOXES = """() => {
  const box = node => { const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  return {
    summary: box(document.querySelector('#felt-overlay .hand-summary')),
    felt: box(document.getElementById('felt')),
    next: box(document.querySelector('#felt-overlay .summary-continue')),
    seats: [...document.querySelectorAll('#felt .seat-box')]
      .filter(node => node.getClientRects().length)
      .map(node => ({place: node.dataset.place, ...box(node)})),
    screen: {left: 0, top: 0, right: innerWidth, bottom: innerHeight},
  };
}"""

# what of the next hand the page shows: its cards, buttons, up card and clock
NEXT_HAND_SHOWN = """() => ({
  buttons: document.querySelectorAll('#actions button').length,
  cards: document.querySelectorAll('#my-hand [data-card]').length,
  upcard: document.querySelectorAll('#trick .upcard-pile').length,
  clock: document.getElementById('countdown').textContent,
  version: Number(document.getElementById('table').dataset.version),
})"""


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def overlap(one: dict, other: dict) -> bool:
    return (
        one["left"] < other["right"]
        and other["left"] < one["right"]
        and one["top"] < other["bottom"]
        and other["top"] < one["bottom"]
    )


def assert_the_summary_is_whole_and_clear(page, where: str) -> None:
    boxes = page.evaluate(BOXES)
    summary = boxes["summary"]
    assert inside(summary, boxes["felt"]), f"{where}: the summary reaches off the felt {boxes}"
    assert inside(boxes["next"], summary), f"{where}: Continue falls off the summary {boxes}"
    assert inside(boxes["next"], boxes["screen"]), f"{where}: Continue is off the screen {boxes}"
    over = [seat["place"] for seat in boxes["seats"] if overlap(seat, summary)]
    assert not over, f"{where}: the seats {over} overdraw the summary {boxes}"


def last_card_of_a_hand(game: Game, seat: int) -> bool:
    """My turn to play the last card I hold in a hand that goes on being played."""
    return game.phase == "play" and len(game.view(seat).hand) == 1


@pytest.fixture
def site():
    harness = HarnessSite()
    yield harness
    harness.close()


@pytest.mark.parametrize("variant", ["standard", "call_ace"])
def test_the_next_deal_waits_for_the_summary_which_is_whole_at_both_sizes(
    browser, site, artifacts, variant
):
    rules = RuleOptions.from_dict(PRESETS[variant])
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        table = table_at(rules, last_card_of_a_hand)
        context = browser.new_context(viewport=viewport)
        context.add_init_script(FAKE_SOCKET)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(site.show(table))
        page.wait_for_function("window.__sockets.length > 0 && window.__sockets[0].readyState")
        page.mouse.wheel(0, 1500)  # a phone scrolled down to its cards
        hand = table.game.hand_number
        [card] = table.game.view(table.my_seat).hand
        page.click(f"#my-hand button.card[data-card='{card}']")
        page.wait_for_function("window.__sent.length > 0")
        page.evaluate("window.__takeSent()")
        table.apply(f"play:{card}")
        frames = [table.frame(), *table.computer_moves()]  # to my turn in the next hand
        ended = next(frame for frame in frames if frame["view"]["hand_number"] != hand)
        for frame in frames:  # a pause longer than the test: the summary waits for Continue
            push(page, {**frame, "hand_pause_ms": 600_000})
        page.wait_for_selector("#felt-overlay .hand-summary", timeout=10_000)
        # the next hand waits: none of its cards, buttons, up card or clock; its frames are held
        shown = page.evaluate(NEXT_HAND_SHOWN)
        nothing = {"buttons": 0, "cards": 0, "upcard": 0, "clock": "", "version": ended["version"]}
        assert shown == nothing, shown
        assert_the_summary_is_whole_and_clear(page, f"{variant} on a {size}")
        page.screenshot(path=artifacts / f"hand-change-{variant}-summary-{size}.png")
        page.click("#felt-overlay .summary-continue")
        # Continue: the server is told (the finished hand's number), and the new deal shows
        assert page.evaluate("window.__takeSent()") == [
            {"type": "continue", "hand": hand, "version": ended["version"]}
        ]
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version) === v",
            arg=frames[-1]["version"],
        )
        page.wait_for_selector("#my-hand [data-card]")
        page.screenshot(path=artifacts / f"hand-change-{variant}-new-deal-{size}.png")
        assert errors == []
        context.close()


def drive_to_my_last_card_before_my_bid(game_id: int, my_seat: int, seats: int) -> None:
    """Plays the game on in this process, each seat as the computer would (mine through my own
    moves), to my turn to play my last card of a hand after which I am the first to bid."""
    for _ in range(2000):
        game = GameRow.objects.get(pk=game_id)
        engine = engine_game(game)
        if engine.to_act != my_seat:
            computer_run(game_id=game_id, version=game.version)
            continue
        first_next = (engine.dealer + 2) % seats  # the next dealer's left
        if last_card_of_a_hand(engine, my_seat) and first_next == my_seat:
            return
        mine = Seat.objects.get(game_id=game_id, position=my_seat).user_id
        action = choose_action(engine.view(my_seat), engine.rules)
        try:
            game_act(game_id=game_id, user_id=mine, action=action, version=game.version)
        except MoveRejected as rejected:
            # the live site's worker played a computer's move meanwhile: read the game again
            if rejected.code != "stale_version":
                raise
    raise AssertionError("no such moment")


def logged_in_context(browser, base_url: str, user, viewport: dict):
    context = browser.new_context(viewport=viewport)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    return context


def play_my_last_card_and_see_the_pause(page, game_id: int, my_seat: int, size: str, artifacts):
    """Plays my last card of the hand on the page; while its summary is up (longer than my time
    limit) nothing of the next hand shows, and the server, ticked as beat ticks, plays no
    timeout for me. Returns the game as the hand ended."""
    page.wait_for_selector("#my-hand button.card.legal", timeout=15_000)
    page.click("#my-hand button.card.legal")
    page.wait_for_selector("#felt-overlay .hand-summary", timeout=15_000)
    game = GameRow.objects.get(pk=game_id)
    limit = Seat.objects.get(game_id=game_id, position=my_seat).time_limit_ms / 1000
    pause = settings.GAME_HAND_PAUSE_SECONDS
    assert engine_game(game).to_act == my_seat
    # the server's clock for my bid starts after the summary's pause
    assert (game.turn_deadline - game.moved_at).total_seconds() >= pause + limit
    page.screenshot(path=artifacts / f"hand-change-live-summary-{size}.png")
    return game, limit


def assert_no_timeout(game) -> None:
    timeouts = Action.objects.filter(game=game, source=Action.Source.TIMEOUT)
    assert not timeouts.exists(), list(timeouts.values_list("sequence", "seat"))


@pytest.mark.services
@pytest.mark.timeout(240)
@pytest.mark.live_site_timing(GAME_TURN_SECONDS=4, GAME_HAND_PAUSE_SECONDS=7)
def test_a_new_hand_shows_with_a_full_clock_that_the_server_agrees_with(
    live_site, browser, artifacts
):
    player = person("Hannah")
    wallet_set(player, silver=200)
    laptop = logged_in_context(browser, live_site, player, LAPTOP)
    page = laptop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # opening and starting a table: its page is loaded once, and no load is cut short
    page.goto(f"{live_site}/tables/new/")
    page.select_option("select[name=computer_level]", "easy")
    page.click("text=Open the table")
    page.wait_for_selector("#start-game")
    loads: list[str] = []
    page.on("request", lambda r: r.resource_type == "document" and loads.append(r.method + r.url))
    page.on("requestfailed", lambda r: loads.append("failed " + r.url))
    page.click("#start-game")
    page.wait_for_selector("#my-hand [data-card]", timeout=15_000)
    game_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    page.wait_for_load_state("networkidle")
    table_url = f"{live_site}/tables/{game_id}/"
    assert loads == [f"POST{table_url}start/", f"GET{table_url}"]
    my_seat = Seat.objects.get(game_id=game_id, user=player).position

    # my last card ends a hand, and I bid first in the next: my clock waits for the summary
    drive_to_my_last_card_before_my_bid(game_id, my_seat, 4)
    page.reload()
    game, limit = play_my_last_card_and_see_the_pause(page, game_id, my_seat, "laptop", artifacts)
    outlived = False  # the summary was still up after my whole time limit had gone
    while True:
        due_timeouts_queue()  # beat's tick: nothing is due
        # read in one go with the summary: it may go (and the deal show) between two reads
        shown = page.evaluate(
            f"() => document.querySelector('#felt-overlay .hand-summary') && ({NEXT_HAND_SHOWN})()"
        )
        if not shown:
            break
        assert (shown["buttons"], shown["clock"]) == (0, ""), shown
        outlived = outlived or (timezone.now() - game.moved_at).total_seconds() > limit + 0.5
        page.wait_for_timeout(200)
    assert outlived
    # the new deal with my bid and my whole time
    clock = page.wait_for_function(
        """() => document.querySelector('#actions button[data-action]') &&
                 document.getElementById('countdown').textContent""",
        timeout=10_000,
    ).json_value()
    assert int(re.fullmatch(r"(\d+) s left", clock).group(1)) >= limit - 1
    assert_no_timeout(game)
    page.screenshot(path=artifacts / "hand-change-live-new-deal-laptop.png")

    # on a phone: the summary whole and clear, and Continue restarts my clock from then
    page.click("#actions button[data-action='pass']")
    page.close()
    drive_to_my_last_card_before_my_bid(game_id, my_seat, 4)
    phone = logged_in_context(browser, live_site, player, PHONE)
    phone_page = phone.new_page()
    phone_page.on("pageerror", lambda error: errors.append(str(error)))
    phone_page.goto(table_url)
    game, limit = play_my_last_card_and_see_the_pause(
        phone_page, game_id, my_seat, "phone", artifacts
    )
    assert_the_summary_is_whole_and_clear(phone_page, "a live table on a phone")
    paused_until = game.turn_deadline
    phone_page.click("#felt-overlay .summary-continue")
    phone_page.wait_for_selector("#actions button[data-action]", timeout=10_000)
    for _ in range(50):
        game.refresh_from_db()
        if game.turn_deadline < paused_until:
            break
        phone_page.wait_for_timeout(100)
    assert game.turn_deadline < paused_until  # every person seated continued: restarted
    clock = phone_page.wait_for_function(
        "() => document.getElementById('countdown').textContent"
    ).json_value()
    assert int(re.fullmatch(r"(\d+) s left", clock).group(1)) >= limit - 1
    phone_page.screenshot(path=artifacts / "hand-change-live-new-deal-phone.png")
    assert_no_timeout(game)
    assert errors == []
    phone.close()
    laptop.close()
