"""A newcomer finishes their first game and watches their profile change in a real browser: the
points, the rank (Rookie from 10 points) and the achievements (Early Bird), and the achievements
page shows Early Bird once (x1). The game is played through the same services the site's table uses
(the person's moves with `game_act`, the computers' with `computer_act`); the rankings task runs
in the live site's real Celery worker, queued when the last move commits."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import connection
from django.test import Client

from accounts.models import User
from games.engine import RuleOptions
from games.live.services.play import MoveRejected, computer_act, game_act
from games.models import Action, Game
from games.players import choose_action
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start
from rankings.models import GamePoints
from tests.games.finished_games import engine_game_played

from .people import LAPTOP

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(120)]

TIMES = "\N{MULTIPLICATION SIGN}"


def short_game_seat_zero_wins(rules: RuleOptions) -> tuple[str, tuple[int, int]]:
    """The shortest of fifty seeds' games that seat 0's team wins, every seat choosing as the
    computer does: the newcomer (seat 0) plays the computer's choices, so the result is known
    before the game, and few moves keep the test quick."""
    won = []
    for number in range(50):
        state, movers = engine_game_played(rules, f"newcomer{number}")
        if state.winner == 0:
            won.append((len(movers), f"newcomer{number}", (state.scores[0], state.scores[1])))
    assert won, "no seed among fifty where seat 0's team wins"
    _, seed, final_score = min(won)
    return seed, final_score


def newcomer_signed_in(browser, base_url: str, name: str):
    """A verified newcomer, and a browser page with their session: logged in as `force_login`
    does (the login page itself has its own browser tests; hashing passwords is slow)."""
    player = User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    client = Client()
    client.force_login(player)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context = browser.new_context(viewport=LAPTOP)
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    page = context.new_page()
    page.goto(base_url)
    assert name in page.inner_text("header")
    return player, page


def played_to_the_end(game_id: int, user_id: int) -> Game:
    """Every move through the services: the newcomer's own with `game_act`, the computers' with
    `computer_act` (the worker's computer turns, queued too, find the game moved on)."""
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.FINISHED:
            return game
        engine = engine_game(game)
        seat = game.seats.get(position=engine.to_act)
        if seat.user_id == user_id:
            action = choose_action(engine.view(seat.position), engine.rules)
            try:
                game_act(game_id=game_id, user_id=user_id, action=action, version=game.version)
            except MoveRejected as refused:  # the worker moved for a computer in between
                assert refused.code in ("stale_version", "not_your_turn"), refused
        else:
            computer_act(game_id=game_id, version=game.version, source=Action.Source.COMPUTER)


def game_played_by_services(*, user_id: int, rules: RuleOptions, seed: str) -> Game:
    """A public table with the player and three computers, as the lobby seats them, dealt from
    `seed`, played to the end. Run off Playwright's thread: the services tell the table over
    the channel layer with async_to_sync, which refuses a thread with a running event loop."""

    def play() -> Game:
        try:
            game = table_create(creator_id=user_id, kind=Game.Kind.PUBLIC, rules=rules)
            Game.objects.filter(pk=game.pk).update(seed=seed)  # before the start: nothing dealt
            table_start(game_id=game.pk, user_id=user_id)
            assert game.seats.filter(user__isnull=True).count() == 3
            return played_to_the_end(game.pk, user_id)
        finally:
            connection.close()  # this thread's own connection, or the test database stays busy

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(play).result()


def profile_figures(page) -> tuple[str, str, str]:
    main = page.inner_text("main")
    return (
        page.inner_text("#points-this-month").strip(),
        page.text_content(".rank-badge .rank-name").strip(),  # as written, not as styled
        main,
    )


def test_a_newcomer_finishes_a_game_and_sees_points_rank_and_early_bird(
    live_site, browser, artifacts
):
    # a table playing to 5 (seed 003's option): the winners' 5 + 5 make exactly Rookie's 10
    rules = RuleOptions(target_score=5)
    seed, final_score = short_game_seat_zero_wins(rules)
    newcomer, page = newcomer_signed_in(browser, live_site, "Nell")

    page.click("header >> text=Profile")
    page.wait_for_url(re.compile(rf".*/players/{newcomer.pk}/$"))
    points, rank, main = profile_figures(page)
    assert (points, rank) == ("0", "Newbie")
    assert "Early Bird" not in main

    page.click("header >> text=Achievements")
    page.wait_for_url(re.compile(r".*/achievements/$"))
    assert "Not earned yet" in page.inner_text("#achievement-early_bird")
    assert "No achievements yet" in page.inner_text(".latest-awards")

    game = game_played_by_services(user_id=newcomer.pk, rules=rules, seed=seed)
    assert (game.score_team0, game.score_team1, game.winner_team) == (*final_score, 0)
    game_points = final_score[0] + 5  # the team's score and the winners' 5

    # the worker records the game: the profile changes on a reload
    page.goto(f"{live_site}/players/{newcomer.pk}/")
    give_up = time.monotonic() + 10
    while "Early Bird" not in profile_figures(page)[2] and time.monotonic() < give_up:
        time.sleep(0.2)
        page.reload()
    points, rank, main = profile_figures(page)
    assert GamePoints.objects.filter(game=game, player=newcomer).exists()
    assert points == str(game_points) and game_points >= 10
    assert rank == "Rookie"
    assert "Early Bird" in main
    page.screenshot(path=artifacts / "achievements-profile.png", full_page=True)

    page.click("header >> text=Achievements")
    page.wait_for_url(re.compile(r".*/achievements/$"))
    early_bird = page.locator("#achievement-early_bird")
    assert f"{TIMES}1" in early_bird.inner_text()
    assert "earned" in early_bird.get_attribute("class").split()
    latest = page.inner_text(".latest-awards")
    assert "Early Bird" in latest and "+50 silver" in latest
    page.click(f".latest-awards a[href='/games/{game.pk}/']")
    page.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))
    page.go_back()
    page.screenshot(path=artifacts / "achievements-page.png", full_page=True)
