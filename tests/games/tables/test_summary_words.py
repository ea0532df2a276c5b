"""The table page's hand summaries and game-over box in words (issue 53): every kind of summary
(made, march, euchred, everyone passed, a redeal, a renege, alone, defended alone, a called
ace's partner, going under, an exchange, Robson's choice, the game over) of every variant the
site plays, seen from every seat, says "you" as English does ("you were the partner", never
"You was"; "Ada and you made it", not "Ada and You") and counts in the singular and the plural
("1 trick", "2 points"), and names the computers by their names, not "Computer · strong".

The summaries are the page's own modules (games/tables/static/games/table/summaries.js) run by
node on real hands: the engine plays whole games (each seat choosing as the rule-of-thumb
computer does, a renege now and then where the rules let people renege), and each finished
hand's public record and seat view go to summaries.js as the table's frames carry them, the
seats named by `games.selectors.seat_label` as the table names them.
"""

from __future__ import annotations

import functools
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from games.engine import PRESETS, Game, RuleOptions, preset_rules
from games.models import Game as GameRow
from games.models import Seat
from games.players import choose_action
from games.selectors import seat_label, seat_name

DRIVER = Path(__file__).with_name("summary_words.mjs")
GAME_ID = 4711  # the computers' names come from the game's id: any will do

# every preset the site offers, and the options no preset turns on alone
RULE_SETS: list[tuple[str, RuleOptions]] = [
    *((name, preset_rules(name, target_score=5)) for name in PRESETS),
    ("defend_alone", RuleOptions(defend_alone=True, target_score=5)),
    ("going_under", RuleOptions(going_under=True, target_score=5)),
]

# what the games of every rule set show, and what the games of some must show too
EVERYWHERE = {"make", "euchre"}
GAMES_AT_MOST = 200  # an exchange (a hand of nines and tens) is rare
WANTED = {
    "standard": {"march", "alone"},
    "two_handed": {"march"},
    "three_handed": {"march"},
    "call_ace": {"called ace"},
    "robson": {"robson"},
    "farmers_hand": {"exchange", "redeal"},
    "ace_no_face": {"exchange"},
    "renege": {"renege"},
    "kitchen_table": {"went under", "renege"},
    "going_under": {"went under"},
    "defend_alone": {"defended alone"},
}

# a capital "You" where a line, a sentence or a list's label starts, never within a sentence
YOU_MAY_FOLLOW = (". ", "Tricks: ", "· ", "— ")
WRONG = [
    (re.compile(r"\b[Yy]ou (?:was|takes|wins|has|is)\b"), "a verb for he or she after you"),
    (re.compile(r"^you\b"), "a line starting with a small you"),
    (re.compile(r"\b1 (?:tricks|points|inaccuracies|game points)\b"), "1 and a plural"),
    (re.compile(r"\b(?:0|[2-9]|\d\d+) (?:trick|point|inaccuracy)\b(?![s])"), "a singular"),
    (re.compile(r"Computer · |· (?:easy|normal|strong)\b"), "a computer's level in a sentence"),
]


def seats_of(rules: RuleOptions, my_seat: int, level: str) -> list[dict[str, Any]]:
    """The frame's seats as `games.selectors.table_fields` sends them: me, and computers."""
    row = GameRow(pk=GAME_ID, status=GameRow.Status.PLAYING, computer_level=level)
    seats = []
    for position in range(rules.seats):
        seat = Seat(position=position)
        mine = position == my_seat
        seats.append(
            {
                "position": position,
                "name": "Brenda" if mine else seat_name(row, seat),
                "label": "Brenda" if mine else seat_label(row, seat),
                "computer": not mine,
                "level": None if mine else level,
            }
        )
    return seats


def play(rules: RuleOptions, seed: str) -> Game:
    """A whole game, every seat choosing as the rule-of-thumb computer; where the rules let people
    renege, one card in ten that may renege does, and half the hands that may exchange or
    defend alone do."""
    game, chance = Game(rules, seed), random.Random(seed)
    while not game.is_over:
        seat = game.to_act
        view = game.view(seat)
        dishonest = sorted(set(view.legal_actions) - set(view.honest_actions))
        # what the computer seldom chooses: an exchange (it asks for a redeal instead where it
        # may), defending alone
        bold = [
            action
            for action in view.honest_actions
            if action.startswith("exchange:") or (view.phase == "defend" and action == "alone")
        ]
        if dishonest and chance.random() < 0.1:
            action = chance.choice(dishonest)
        elif bold and chance.random() < 0.5:
            action = bold[0]
        else:
            action = choose_action(view, rules)
        game = game.apply(action, seat)
    return game


def kinds_of(record: dict[str, Any]) -> set[str]:
    kinds = {record["outcome"]}
    for key, kind in (
        ("maker_alone", "alone"),
        ("lone_defender", "defended alone"),
        ("went_under", "went under"),
        ("exchange", "exchange"),
        ("robson_choice", "robson"),
        ("renege", "renege"),
    ):
        if record.get(key) not in (None, False):
            kinds.add(kind)
    if record.get("called_suit"):
        kinds.add("called ace" if record.get("partner") is not None else "called ace alone")
    return kinds


@functools.cache
def cases_and_kinds() -> tuple[list[dict[str, Any]], dict[str, set[str]]]:
    """Every finished hand, from every seat, of the games of each rule set that show a kind of
    summary the set's earlier games did not (two games at least, until the kinds the set must
    show are all there, or GAMES_AT_MOST games); the kinds each rule set's hands covered."""
    cases, covered = [], {}
    for number, (name, rules) in enumerate(RULE_SETS):
        covered[name] = set()
        level = ("easy", "normal", "strong")[number % 3]
        wanted = EVERYWHERE | WANTED.get(name, set())
        for game_number in range(GAMES_AT_MOST):
            if game_number >= 2 and wanted <= covered[name]:
                break
            game = play(rules, f"words-{name}-{game_number}")
            kinds = set().union(*(kinds_of(record.to_dict()) for record in game.history))
            if game_number >= 2 and kinds <= covered[name]:
                continue
            covered[name] |= kinds
            for my_seat in range(rules.seats):
                cases.extend(seat_cases(name, rules, game, my_seat, level))
    return cases, covered


def seat_cases(
    name: str, rules: RuleOptions, game: Game, my_seat: int, level: str
) -> list[dict[str, Any]]:
    """Each finished hand's summary and the game over, as `my_seat`'s page draws them."""
    view = game.view(my_seat).to_dict()
    state = {
        "my_seat": my_seat,
        "seat_count": rules.seats,
        "rules": rules.to_dict(),
        "status": "finished",
        "seats": seats_of(rules, my_seat, level),
        "result": {
            "winning_seats": list(game.winning_seats),
            "final_score": list(game.score),
            "my_game_points": 1 if my_seat in game.winning_seats else 0,
        },
    }
    return [
        {"state": state, "view": view, "record": record, "rules": name}
        for record in [*view["history"], None]
    ]


@pytest.fixture(scope="module")
def rendered() -> list[tuple[dict[str, Any], list[str]]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: it runs the table page's summaries here")
    cases, _ = cases_and_kinds()
    sent = [{key: case[key] for key in ("state", "view", "record")} for case in cases]
    answer = subprocess.run(
        [node, str(DRIVER)], input=json.dumps(sent), capture_output=True, text=True, check=True
    )
    texts = json.loads(answer.stdout)
    assert len(texts) == len(cases)
    return list(zip(cases, texts, strict=True))


def test_the_games_cover_every_kind_of_summary_of_every_variant() -> None:
    _, covered = cases_and_kinds()
    for name, kinds in covered.items():
        assert EVERYWHERE | WANTED.get(name, set()) <= kinds, (name, kinds)
    assert any("all_pass" in kinds for kinds in covered.values())


def test_every_summary_says_you_and_counts_as_english_does(rendered) -> None:
    for case, lines in rendered:
        assert lines, case["rules"]
        for line in lines:
            for pattern, fault in WRONG:
                assert not pattern.search(line), (fault, line, case["rules"])
            for found in re.finditer(r"\bYou\b", line):
                before = line[: found.start()]
                assert before == "" or before.endswith(YOU_MAY_FOLLOW), (
                    "a capital You within a sentence",
                    line,
                    case["rules"],
                )


def test_a_summary_names_each_seat_as_the_table_does(rendered) -> None:
    """The maker by name (or "you", "we"), a called ace's partner "you were the partner" when it
    is me, and the computers by their names."""
    for case, lines in rendered:
        record, state = case["record"], case["state"]
        text = "\n".join(lines)
        names = {seat["position"]: seat["name"] for seat in state["seats"]}
        if record is None:
            assert text.startswith("Game over — ")
            continue
        me = state["my_seat"]
        maker = record["maker"]
        if maker is not None and record["outcome"] not in ("redeal", "renege"):
            trump_line = lines[1]
            assert trump_line.startswith("You " if maker == me else names[maker] + " "), lines
        partner = record.get("partner")
        if record.get("called_suit") and partner is not None:
            said = "you were the partner" if partner == me else f"{names[partner]} was the partner"
            assert said in text, lines
        for position, name in names.items():
            if position != me and position in (maker, partner):
                assert name in text
