"""A challenge in two browsers (issue 54): Ann challenges her friend Bob from the friends page
to a three-handed game with an easy computer; Bob's lobby shows the challenge live, he accepts
from the prompt, both pages reach the table with their cards, and each plays one move."""

from __future__ import annotations

import re

import pytest

from accounts.friends.services import friend_request_accept, friend_request_send
from games.challenges.models import Challenge
from games.models import Action, Game
from games.selectors import engine_game
from tests.browser.people import make_player, signed_in_page, wait_for
from tests.browser.test_accessibility_in_browser import AXE_DEFAULT, serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

DESKTOP, PHONE = {"width": 1366, "height": 900}, {"width": 390, "height": 844}


def both_sizes(page, path, *, full_page: bool = True) -> None:
    """Screenshots at a desktop's size and a phone's (the whole page, or the screen: a prompt
    fixed to its bottom), back to the desktop's after."""
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        page.screenshot(path=f"{path}-{name}.png", full_page=full_page and name == "phone")
    page.set_viewport_size(DESKTOP)


def test_a_friend_is_challenged_accepts_live_and_both_play(live_site, browser, artifacts):
    shots = artifacts / "challenges"
    shots.mkdir(exist_ok=True)
    ann, bob = make_player("Ann"), make_player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    friend_request_accept(user_id=bob.pk, from_id=ann.pk)
    bob_page = signed_in_page(browser, live_site, bob)
    bob_page.goto(f"{live_site}/play/")
    ann_page = signed_in_page(browser, live_site, ann)
    ann_page.goto(f"{live_site}/friends/")
    # Bob's page holds its site socket: his presence shows on Ann's friends page
    ann_page.wait_for_selector(f"[data-presence-of='{bob.pk}']:not([hidden])", timeout=15_000)
    both_sizes(ann_page, shots / "friends-challenge-button")
    ann_page.click("a[aria-label='Challenge Bob to a game']")
    ann_page.select_option("select[name=preset]", "three_handed")
    ann_page.wait_for_selector("[data-seat-count] >> text=3")
    ann_page.select_option("select[name=computer_level]", "easy")
    both_sizes(ann_page, shots / "challenge-form")
    ann_page.click("button:has-text('Challenge Bob')")
    ann_page.wait_for_url(re.compile(r".*/challenges/$"))
    ann_page.wait_for_load_state("load")

    prompt = bob_page.wait_for_selector(".challenge-prompt[role=dialog]", timeout=15_000)
    assert "Ann challenges you" in prompt.inner_text()
    assert "Three-handed" in prompt.inner_text()
    wait_for(
        lambda: "Ann challenges you" in bob_page.inner_text("#challenge-announcer"),
        "the prompt told to screen readers",
    )
    both_sizes(bob_page, shots / "challenge-prompt", full_page=False)
    if AXE_DEFAULT.exists():  # installed by `python3 run.py setup`
        assert serious_violations(bob_page, AXE_DEFAULT, within="#challenge-prompts") == []
    # keyboard: the prompt's buttons are reached by Tab (Accept first)
    bob_page.focus(".challenge-prompt button:has-text('Accept')")
    bob_page.keyboard.press("Tab")
    assert bob_page.evaluate("document.activeElement.textContent.trim()") == "Decline"
    ann_page.wait_for_timeout(1000)  # Ann's page on /challenges/ has its site socket again
    bob_page.click(".challenge-prompt button:has-text('Accept')")

    game = Game.objects.get()
    assert Challenge.objects.get().game == game
    bob_page.wait_for_url(re.compile(rf".*/tables/{game.pk}/$"))
    ann_page.wait_for_url(re.compile(rf".*/tables/{game.pk}/$"), timeout=15_000)  # told live
    for page in (ann_page, bob_page):
        page.wait_for_selector("#my-hand [data-card]", timeout=20_000)
    seats = {0: (ann, ann_page), 1: (bob, bob_page)}
    moved: set[int] = set()
    for _ in range(6):  # the easy computer plays in a person's move: one move each is quick
        if moved == {0, 1}:
            break
        to_act = engine_game(Game.objects.get(pk=game.pk)).to_act
        assert to_act in seats, "the easy computer waits for nobody"
        page = seats[to_act][1]
        before = Action.objects.filter(game=game).count()
        page.locator("button[data-action]:visible, button.card.legal").first.click(timeout=15_000)
        wait_for(
            lambda before=before: Action.objects.filter(game=game).count() > before,
            "the move stored",
        )
        moved.add(to_act)
    assert moved == {0, 1}
    ann_page.screenshot(path=shots / "challenge-table-ann.png")
