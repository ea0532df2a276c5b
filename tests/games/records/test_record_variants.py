"""The record page in the variants: a score for each player who plays for themself, names of
makers and computers with their level, and each variant's facts (the called ace and its
partner, an exchange, a redeal, a renege and its penalty, Robson's choice), and still no card
that was never face up."""

from __future__ import annotations

import html
import itertools
import random
import re
from collections.abc import Callable

import pytest
from django.urls import reverse

from accounts.models import User
from games.engine import GameState, RuleOptions
from games.engine.cards import ALL_CARDS
from games.engine.records import HandRecord
from games.engine.view import SeatView
from games.players.names import computer_name
from games.records.cards import CardFace
from tests.games.finished_games import engine_game_played, finished_game_store

from .test_record_page import card_marks, hand_sections, shown_face_up

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name
        )

    return make


Chooser = Callable[[SeatView, RuleOptions], str]


def random_player(seed: str, prefer: tuple[str, ...] = ()) -> Chooser:
    """Random legal actions (reneges too, where any card may be played), taking one of the
    `prefer`red kinds of action whenever one is legal."""
    rng = random.Random(seed)

    def choose(view: SeatView, rules: RuleOptions) -> str:
        preferred = [a for a in view.legal_actions if a.split(":")[0] in prefer]
        return rng.choice(preferred or list(view.legal_actions))

    return choose


def first_seed(
    rules: RuleOptions, wanted: Callable[[HandRecord], bool], prefer: tuple[str, ...] = ()
) -> str:
    """The first seed whose game (random players) has a hand `wanted` holds for."""
    for number in range(500):
        seed = f"variant-{number}"
        state, _ = engine_game_played(rules, seed, random_player(seed, prefer))
        if any(wanted(record) for record in state.records):
            return seed
    raise AssertionError("no such game in 500 seeds")


def stored(players, rules: RuleOptions, seed: str, prefer: tuple[str, ...] = ()):
    return finished_game_store(players, rules=rules, seed=seed, choose=random_player(seed, prefer))


def page(client, game) -> str:
    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def score_rows(body: str) -> list[str]:
    return re.findall(r"<tr(?: class=\"muted\")?>\s*<td><a href=\"#hand-\d+\">.*?</tr>", body, re.S)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_three_handed_shows_each_players_own_score_and_the_winner(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    rules = RuleOptions(variant="three_handed", target_score=5)
    game, state = finished_game_store([ann, None, bob], rules=rules, seed="three-record")
    client.force_login(ann)
    body = page(client, game)
    names = ["Ann", computer_name(level="strong", game_id=game.pk, position=1), "Bob"]
    # one box per player, the winner's marked, each with their own score
    for position, name in enumerate(names):
        box = re.search(rf'team-box team-{position}( won)?">(.*?)</div>\s*</div>', body, re.S)
        assert box is not None and name in box.group(2)
        assert bool(box.group(1)) == (position == state.winner)
        assert f'<strong class="points">{state.scores[position]}</strong>' in box.group(2)
    header = re.search(r"<thead>(.*?)</thead>", body, re.S).group(1)
    assert re.findall(r'class="team-col team-\d">([^<]*)<', header) == names
    rows = score_rows(body)
    assert len(rows) == len(state.records)
    for row, record in zip(rows, state.records, strict=True):
        cells = re.findall(r'<td class="team-col">(\d+)', row)
        assert [int(cell) for cell in cells] == list(record.score_after)
        for gain in record.points_by_scorer:
            if gain > 0:
                assert f"+{gain}" in row
        if record.maker is not None:
            assert names[record.maker] in text_of(row)


def test_call_ace_names_the_maker_with_the_partner_and_the_called_ace(client, make_player):
    players = [make_player(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    rules = RuleOptions(variant="call_ace", target_score=4)
    game, state = stored(players, rules, "call-ace-record", prefer=("ace",))
    client.force_login(players[0])
    body = page(client, game)
    _, sections = hand_sections(body)
    called = [record for record in state.records if record.called_suit is not None]
    assert called  # the random players called aces (they prefer to)
    for record, row in zip(state.records, score_rows(body), strict=True):
        if record.called_suit is None:
            continue
        maker = players[record.maker].display_name
        facts = text_of(sections[record.number + 1])
        if record.partner is not None:
            partner = players[record.partner].display_name
            assert f"{maker} with {partner}" in text_of(row)
            assert f"{partner} was the partner" in facts
        else:
            assert "no partner this hand" in facts
        assert f"{maker} called the ace of" in facts


@pytest.mark.parametrize(
    ("rules", "prefer", "wanted", "fact"),
    [
        (
            RuleOptions(renege="all_tricks", target_score=3),
            (),
            lambda record: record.renege is not None,
            "reneged with the",
        ),
        (
            RuleOptions(variant="three_handed", renege="two_points", target_score=3),
            (),
            lambda record: record.renege is not None,
            "2 points to the other side",
        ),
        (
            RuleOptions(robson=True, target_score=4),
            (),
            lambda record: record.robson_choice is not None,
            "A sweep:",
        ),
        (
            RuleOptions(farmers_hand=True, ace_no_face=True, target_score=2),
            ("exchange",),
            lambda record: record.exchange is not None,
            "exchanged three cards with the kitty",
        ),
        (
            RuleOptions(farmers_hand=True, ace_no_face=True, target_score=2),
            ("redeal",),
            lambda record: record.redeal_by is not None,
            "asked for a redeal",
        ),
        (
            RuleOptions(going_under=True, going_under_form="farmers_call", target_score=2),
            ("under",),
            lambda record: record.went_under is not None,
            "and took the three centre cards",
        ),
    ],
    ids=["renege all tricks", "renege two points", "robson", "exchange", "redeal", "farmer's call"],
)
def test_each_variants_facts_are_told_in_the_hand_where_they_happened(
    client, make_player, rules, prefer, wanted, fact
):
    seed = first_seed(rules, wanted, prefer)
    players = [make_player() for _ in range(rules.seats)]
    game, state = stored(players, rules, seed, prefer)
    client.force_login(players[0])
    _, sections = hand_sections(page(client, game))
    for record in state.records:
        said = fact in text_of(sections[record.number + 1])
        assert said == wanted(record), (record.number, fact)


def test_no_hidden_card_of_a_variant_appears_on_the_page(client, make_player):
    """Exchanged cards, the kitty, call-ace partners' and seven-card hands: only what was
    played face up (and the up card) shows, in its own hand's section."""
    client.force_login(make_player())
    variants = [
        (RuleOptions(farmers_hand=True, ace_no_face=True, target_score=2), ("exchange",)),
        (RuleOptions(variant="call_ace", target_score=3), ("ace",)),
        (RuleOptions(variant="three_handed", hand_size=7, deck=28, target_score=3), ()),
        (RuleOptions(variant="two_handed", benny="joker", target_score=3), ()),
    ]
    for number, (rules, prefer) in enumerate(variants):
        seed = first_seed(rules, lambda record: True, prefer) + f"-{number}"
        players = [make_player() for _ in range(rules.seats)]
        game, state = stored(players, rules, seed, prefer)
        _, sections = hand_sections(page(client, game))
        for record in state.records:
            public = shown_face_up(record)
            section = sections[record.number + 1]
            for code in set(ALL_CARDS) - public:
                for mark in card_marks(code):
                    assert mark not in section, (rules, record.number, code, mark)


def test_two_computers_of_one_level_are_told_apart_by_name_and_place(client, make_player):
    ann = make_player("Ann")
    state: GameState
    game, state = finished_game_store([ann, None, None], rules=RuleOptions(variant="three_handed"))
    client.force_login(ann)
    body = page(client, game)
    left, right = (computer_name(level="strong", game_id=game.pk, position=p) for p in (1, 2))
    assert left != right
    seats = text_of(body.split('class="record-result')[1].split("</section>")[0])
    # named as the table named them, and placed from Ann's seat as the table placed them
    assert f"{left} computer · strong on your left" in seats
    assert f"{right} computer · strong on your right" in seats
    assert "(seat " not in body and "Computer · " not in body
    assert state.winner is not None


def test_a_computer_named_like_a_person_at_the_table_is_told_apart(client, make_player):
    rules = RuleOptions(variant="three_handed")
    game, _ = finished_game_store([make_player("Ann"), None, None], rules=rules)
    twin = computer_name(level="strong", game_id=game.pk, position=1)
    person = game.seats.get(position=0).user
    person.display_name_set(twin)
    person.save()
    client.force_login(make_player("Visitor"))
    body = page(client, game)
    assert f"{twin} (computer)" in body


def test_a_farmers_call_tells_the_cards_shown_and_not_the_cards_taken(client, make_player):
    """Seed 004's farmer's call: the three nines and tens were shown to the table, so the record
    names them; the three centre cards taken stay unseen unless played."""
    rules = RuleOptions(going_under=True, going_under_form="farmers_call", target_score=2)
    seed = first_seed(rules, lambda record: record.went_under is not None, ("under",))
    players = [make_player(name) for name in ("Nora", "Olaf", "Pia", "Quin")]
    game, state = stored(players, rules, seed, ("under",))
    client.force_login(players[0])
    _, sections = hand_sections(page(client, game))
    swaps = [record for record in state.records if record.went_under is not None]
    assert swaps
    for record in swaps:
        under = record.went_under
        shown = " ".join(CardFace.of(card).label for card in under.given)
        text = html.unescape(text_of(sections[record.number + 1]))
        name = players[under.seat].display_name
        assert f"{name} called Farmer's: showed {shown} and took the three centre cards." in text
        assert all(card[0] in "9T" for card in under.given)
        for card in set(under.received) - shown_face_up(record):
            for mark in card_marks(card):
                assert mark not in sections[record.number + 1], (record.number, card)
