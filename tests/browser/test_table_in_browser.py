"""A person at the table in a real browser: sign in, play now with three computers, bid and
play a whole hand by clicking, reload mid-hand and finish (Debian's chromium via Playwright)."""

from __future__ import annotations

import re
import time

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User
from games.models import Game, Seat
from games.selectors import engine_game

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

PASSWORD = "a long browser password 7"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def sign_up_player() -> User:
    player = User.objects.create_user("browser@example.com", PASSWORD, display_name="Brenda")
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    return player


def sign_in(page, base_url: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", "browser@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/$"))


def hand_and_turn(game_id: int):
    """The engine's current hand of the game, how many hands have finished and the seat to act,
    read together."""
    engine = engine_game(Game.objects.get(pk=game_id))
    state = engine.state()
    return state.hand, len(state.records), engine.to_act


def take_a_turn(page) -> bool:
    """Clicks one thing the page offers me now: a legal card, else an action button."""
    card = page.locator("button.card.legal")
    if card.count():
        card.first.click()
        return True
    actions = page.locator("button[data-action]:visible")
    if actions.count():
        # prefer taking part in the hand over passing, so that there is play to click through
        labels = [actions.nth(i).get_attribute("data-action") for i in range(actions.count())]
        order = sorted(range(len(labels)), key=lambda i: labels[i] in ("pass", "alone"))
        actions.nth(order[0]).click()
        return True
    return False


def cards_on_the_page(page, where: str = "#table") -> set[str]:
    shown = page.eval_on_selector_all(
        f"{where} [data-card], {where} img[src*='/cards/']",
        "nodes => nodes.map(n => n.dataset.card || n.getAttribute('src'))",
    )
    return {re.sub(r".*/cards/|\.svg$", "", value) for value in shown if value}


def assert_no_other_hand_is_shown(page, game_id: int, my_seat: int) -> None:
    """No card of another seat's hand or of the kitty of the hand in play, but a card played
    face up in the hand before, which the felt's last trick or the hand's summary may still
    show (the computers may have dealt the next hand while the page holds them)."""
    engine = engine_game(Game.objects.get(pk=game_id))
    state = engine.state()
    hand = state.hand
    hidden = {card for seat in range(4) if seat != my_seat for card in hand.hands[seat]}
    hidden |= set(hand.kitty)
    played_before = {
        card for record in state.records[-1:] for trick in record.tricks for _s, card in trick.plays
    }
    held = cards_on_the_page(page, "#trick") | cards_on_the_page(page, "#felt-overlay")
    leaked = hidden & (cards_on_the_page(page) - (held & played_before))
    assert not leaked, f"the page shows other seats' cards {leaked}"


def test_a_player_plays_a_hand_with_three_computers_and_survives_a_reload(
    live_site, browser, artifacts
):
    player = sign_up_player()
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, live_site)
    page.goto(f"{live_site}/play/")
    page.click("text=Play now with computers")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    game_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    my_seat = Seat.objects.get(game_id=game_id, user=player).position
    assert Seat.objects.filter(game_id=game_id, user__isnull=True).count() == 3
    page.wait_for_selector("button.card", timeout=15_000)
    page.screenshot(path=artifacts / "table-laptop-start.png")

    reloaded, reloaded_in = False, 0  # the finished hands before the one reloaded
    give_up = time.monotonic() + 300
    while time.monotonic() < give_up:
        hand, finished_hands, engine_to_act = hand_and_turn(game_id)
        if reloaded and finished_hands > reloaded_in:
            break
        # reloaded on my own turn: nothing moves meanwhile (with my partner alone, the
        # computers' tasks would play the hand on, and deal the next, while the page reloads;
        # then a later hand is the one reloaded)
        if not reloaded and len(hand.tricks) >= 2 and engine_to_act == my_seat:
            assert_no_other_hand_is_shown(page, game_id, my_seat)
            page.screenshot(path=artifacts / "table-laptop-mid-hand.png")
            page.reload()
            page.wait_for_selector("#table", timeout=15_000)
            # the page comes back with my remaining cards and the tricks taken so far
            expected = sorted(hand.hands[my_seat])
            page.wait_for_function(
                "n => document.querySelectorAll('button.card[data-card]').length === n",
                arg=len(expected),
                timeout=15_000,
            )
            shown = page.eval_on_selector_all(
                "button.card[data-card]", "nodes => nodes.map(n => n.dataset.card)"
            )
            assert sorted(shown) == expected
            reloaded, reloaded_in = True, finished_hands
        if engine_to_act == my_seat and take_a_turn(page):
            time.sleep(0.3)
        else:
            time.sleep(0.2)
    else:
        pytest.fail("no hand was reloaded mid-hand and finished in time")

    game = Game.objects.get(pk=game_id)
    assert engine_game(game).state().records[0].outcome in ("make", "march", "euchre")
    page.screenshot(path=artifacts / "table-laptop-after-hand.png")
    phone = browser.new_context(viewport=PHONE, storage_state=context.storage_state())
    phone_page = phone.new_page()
    phone_page.goto(f"{live_site}/tables/{game_id}/")
    phone_page.wait_for_selector("button.card", timeout=15_000)
    phone_page.screenshot(path=artifacts / "table-phone.png", full_page=True)
    assert_no_other_hand_is_shown(phone_page, game_id, my_seat)
    phone.close()
    context.close()
