"""The record page in words (issue 53): a hand's facts in the order things happened (the up card,
then who ordered it up, then who picked it up; the up card turned down before trump was
named in the second round), the score sheet's counts singular and plural, and the computers by
their names in the downloaded score sheet too."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.engine import RuleOptions, preset_rules
from games.engine.records import HandRecord
from games.players.names import computer_name
from games.records.record import RecordSeat, hand_facts
from tests.games.finished_games import engine_game_played, finished_game_store

from .test_record_page import hand_sections

RULE_SETS = [
    preset_rules("standard", target_score=10),
    preset_rules("partner_takes_upcard", target_score=10),
    preset_rules("call_ace", target_score=10),
    preset_rules("three_handed", target_score=10),
    preset_rules("two_handed", target_score=10),
]
NAMES = ("Ann", "Bob", "Cid", "Dee")


def seats_for(rules: RuleOptions) -> tuple[RecordSeat, ...]:
    return tuple(
        RecordSeat(position=p, team=None, name=NAMES[p], user_id=None, cancelled=False)
        for p in range(rules.seats)
    )


def deciding_bid(record: HandRecord):
    return next(
        (bid for bid in record.bids if bid.call == "order_up" or bid.call.startswith("call:")),
        None,
    )


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.variant)
def test_a_hands_facts_come_in_the_order_they_happened(rules: RuleOptions) -> None:
    seen = {"ordered": 0, "picked": 0, "turned down": 0}
    for number in range(6):
        state, _ = engine_game_played(rules, f"words-{number}")
        for record in state.public_records:
            facts = hand_facts(record, seats_for(rules), rules)
            text = " ".join(facts)
            assert "picked up by" not in text
            bid = deciding_bid(record)
            if record.maker is None or bid is None or record.blind_alone:
                continue
            maker = NAMES[record.maker]
            if bid.call == "order_up":
                taker = NAMES[record.taker if record.taker is not None else record.maker]
                if taker == maker:
                    assert f"{maker} picked it up" in text
                    seen["picked"] += 1
                else:  # first the order, then the pick-up
                    assert re.search(rf"{maker} ordered it up[^.]*; {taker} picked it up\.", text)
                    seen["ordered"] += 1
            elif bid.round == 2:
                turned = facts.index("The up card was turned down.")
                named = next(i for i, fact in enumerate(facts) if f"{maker} named" in fact)
                assert turned < named, facts
                seen["turned down"] += 1
    # every way of making trump was read (where the partner takes the up card, the computers
    # order it up nearly always)
    assert seen["ordered"] and (seen["turned down"] or rules.partner_takes_upcard), seen


@pytest.mark.django_db
def test_the_page_tells_the_deal_the_up_card_and_the_bid_in_that_order(client, make_player):
    ann = make_player("Ann")
    game, state = finished_game_store([ann, None, None, None], seed="record-words")
    client.force_login(ann)
    body = client.get(reverse("games:record", args=[game.pk])).content.decode()
    _, sections = hand_sections(body)
    names = {0: "Ann"} | {
        p: computer_name(level="strong", game_id=game.pk, position=p) for p in (1, 2, 3)
    }
    ordered = 0
    for record in state.records:
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", sections[record.number + 1]))
        dealt, up = text.index(f"{names[record.dealer]} dealt."), text.index("Up card")
        assert dealt < up
        if record.maker is not None and record.taker not in (None, record.maker):
            order = text.index(f"{names[record.maker]} ordered it up")
            assert up < order < text.index(f"; {names[record.taker]} picked it up.")
            ordered += 1
    assert ordered
    for count, word in re.findall(r"\((\d+) (tricks?)\)", body):  # the score sheet's results
        assert (word == "trick") == (count == "1"), (count, word)


@pytest.mark.django_db
def test_the_downloaded_score_sheet_names_the_computers_and_says_they_are(client, make_player):
    ann = make_player("Ann")
    game, _ = finished_game_store([ann, None, None, None], seed="record-words")
    client.force_login(ann)
    sheet = client.get(reverse("games:score_sheet_text", args=[game.pk])).content.decode()
    for position in (1, 2, 3):
        name = computer_name(level="strong", game_id=game.pk, position=position)
        assert f"Seat {position + 1}: {name} (computer)" in sheet
    assert "Seat 1: Ann\n" in sheet and "Computer · " not in sheet
