"""The record page of a finished game: players, score, score sheet and every trick, and nothing
that no player saw face up (the kitty, the dealer's discard, cards buried by going under, a lone
maker's partner's hand: seed 000)."""

from __future__ import annotations

import itertools
import re

import pytest
from django.urls import reverse

from accounts.models import User
from games.engine import DECK, HandRecord, RuleOptions
from games.models import Game
from games.players.names import computer_name
from games.records.record import CardFace
from games.tables.services.tables import seat_leave, table_create
from tests.games.finished_games import finished_game_store, game_result_store

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)

RULE_SETS = [
    RuleOptions(),
    RuleOptions(going_under=True),
    RuleOptions(going_under=True, defend_alone=True, stick_the_dealer=True),
    RuleOptions(no_trump=True, win_by_two=True),
    RuleOptions(going_under=True, defend_alone=True, dealer_may_discard_upcard=False),
]


@pytest.fixture
def make_player():
    def make(name: str | None = None) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        # no password (tests log in with force_login): hashing one takes a quarter second
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name
        )

    return make


def card_marks(code: str) -> list[str]:
    """Every way the page could show a card: its image, its code, its label."""
    return [f"{code}.svg", f'data-card="{code}"', f'alt="{CardFace.of(code).label}"']


def shown_face_up(record: HandRecord) -> set[str]:
    """The up card, turned for all to see, and every card played to a trick."""
    return {record.upcard} | {card for trick in record.tricks for _, card in trick.plays}


def main_content(html: str) -> str:
    """The page's own content, without the site's header (its logo is a card)."""
    return html.split('<main class="page">', 1)[1].split("</main>", 1)[0]


def hand_sections(html: str) -> tuple[str, dict[int, str]]:
    """The page's content outside the hands' sections, and each hand's section by its number."""
    parts = re.split(r'(?=<section class="panel record-hand")', main_content(html))
    outside, sections = parts[0], {}
    for part in parts[1:]:
        number = int(re.search(r'data-hand="(\d+)"', part).group(1))
        body, _, rest = part.partition("</section>")
        sections[number] = body
        outside += rest
    return outside, sections


def test_the_record_shows_players_by_seat_the_final_score_and_the_winner(client, make_player):
    ann, bob, cid = make_player("Ann"), make_player("Bob"), make_player("Cid")
    game, state = finished_game_store([ann, bob, cid, None], seed="record-1", cancelled=[1])
    client.force_login(make_player("Visitor"))
    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 200
    body = response.content.decode()
    computer = computer_name(level="strong", game_id=game.pk, position=3)
    assert "Ann &amp; Cid" in body and f"Bob &amp; {computer}" in body
    assert "Computer · " not in body  # the computer by its name, with its level beside it
    assert "a computer, level strong" in body  # its badge
    winner = state.winner
    assert re.search(
        rf'team-box team-{winner} won">\s*<div class="team-score">\s*'
        rf'<strong class="points">{state.scores[winner]}</strong>',
        body,
    )
    assert f'<strong class="points">{state.scores[1 - winner]}</strong>' in body
    assert "cancelled — the computer finished for them" in body
    assert body.count('class="panel record-hand"') == len(state.records)
    final = state.records[-1].score_after
    assert f"{final[0]}" in body and f"{final[1]}" in body


def test_every_hand_shows_its_dealer_trump_maker_and_running_score(client, make_player):
    players = [make_player(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    game, state = finished_game_store(players, seed="record-2")
    client.force_login(players[0])
    body = client.get(reverse("games:record", args=[game.pk])).content.decode()
    rows = re.findall(r"<tr(?: class=\"muted\")?>\s*<td><a href=\"#hand-\d+\">.*?</tr>", body, re.S)
    assert len(rows) == len(state.records)
    for row, record in zip(rows, state.records, strict=True):
        text = re.sub(r"<[^>]+>", " ", row)
        assert players[record.dealer].display_name in text
        if record.maker is not None:
            assert players[record.maker].display_name in text
        cells = re.findall(r'<td class="team-col">(\d+)', row)
        assert [int(cell) for cell in cells] == list(record.score_after)
        if record.scoring_team is not None:
            assert f"+{record.points}" in row


def test_no_card_that_was_never_face_up_appears_on_the_page(client, make_player):
    viewer = make_player()
    client.force_login(viewer)
    seen = {"lone": 0, "under": 0, "discard": 0, "hidden": 0}
    for number in range(100):
        rules = RULE_SETS[number % len(RULE_SETS)]
        seats = [make_player(), None, make_player(), None]
        game, state = finished_game_store(seats, rules=rules, seed=f"hidden-{number}")
        body = client.get(reverse("games:record", args=[game.pk])).content.decode()
        outside, sections = hand_sections(body)
        assert sorted(sections) == [record.number + 1 for record in state.records]
        for code in DECK:  # outside the hands' sections, no card at all
            assert not any(mark in outside for mark in card_marks(code)), (game.pk, code)
        for record in state.records:
            section = sections[record.number + 1]
            public = shown_face_up(record)
            for code in public:
                assert f"{code}.svg" in section, (game.pk, record.number, code)
            hidden = set(DECK) - public
            for code in hidden:
                for mark in card_marks(code):
                    assert mark not in section, (game.pk, record.number, code, mark)
            _count_secrets(record, public, seen)
        # over the whole game too: a card never face up in any hand is nowhere on the page
        never_shown = set(DECK).difference(*(shown_face_up(r) for r in state.records))
        for code in never_shown:
            assert not any(mark in main_content(body) for mark in card_marks(code))
    # the games had every kind of secret the page must keep
    assert all(seen.values()), seen


def _count_secrets(record: HandRecord, public: set[str], seen: dict[str, int]) -> None:
    if record.maker_alone:
        partner_cards = set(record.dealt[(record.maker + 2) % 4])
        seen["lone"] += bool(partner_cards - public)
    if record.went_under is not None:
        seen["under"] += bool(set(record.went_under.given) - public)
    if record.discard is not None and record.discard not in public:
        seen["discard"] += 1
    seen["hidden"] += bool(set(record.kitty) - public)


def test_tricks_show_who_led_the_cards_in_order_and_who_won(client, make_player):
    players = [make_player(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    game, state = finished_game_store(players, seed="record-3")
    client.force_login(players[0])
    _, sections = hand_sections(
        client.get(reverse("games:record", args=[game.pk])).content.decode()
    )
    record = next(r for r in state.records if r.tricks)
    tricks = re.findall(r'<li class="record-trick">(.*?)</li>', sections[record.number + 1], re.S)
    assert len(tricks) == len(record.tricks)
    for html, trick in zip(tricks, record.tricks, strict=True):
        assert re.findall(r'data-card="(\w\w)"', html) == [card for _, card in trick.plays]
        plays = html.split('<span class="played')[1:]
        assert 'class="led-mark"' in plays[0] and "led-mark" not in "".join(plays[1:])
        assert f">{players[trick.leader].display_name}</span>" in plays[0]
        assert f"won by <strong>{players[trick.winner].display_name}</strong>" in html


def test_games_that_were_not_played_to_the_end_have_no_record(client, make_player):
    me, other = make_player(), make_player()
    client.force_login(me)
    playing = game_result_store(
        [me, other, None, None], score=(4, 2), winner_team=None, status=Game.Status.PLAYING
    )
    closed = table_create(creator_id=other.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_leave(game_id=closed.pk, user_id=other.pk)  # closed before it started: no winner
    closed.refresh_from_db()
    assert closed.status == Game.Status.FINISHED
    open_table = table_create(creator_id=me.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    for game in (playing, closed, open_table):
        assert client.get(reverse("games:record", args=[game.pk])).status_code == 404
    assert client.get(reverse("games:record", args=[closed.pk + 1000])).status_code == 404


def test_the_record_needs_a_logged_in_player(client, make_player):
    game, _ = finished_game_store([make_player(), None, None, None], seed="record-4")
    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


def test_a_game_stored_with_a_winner_its_log_does_not_reach_has_no_record(client, make_player):
    """The page trusts the engine's replay of the log, not the copy of the score on the row."""
    me = make_player()
    game, state = finished_game_store([me, None, None, None], seed="record-5")
    game.actions.filter(sequence__gte=game.version - 1).delete()
    client.force_login(me)
    assert client.get(reverse("games:record", args=[game.pk])).status_code == 404
    assert state.winner is not None  # the full log did have a winner
