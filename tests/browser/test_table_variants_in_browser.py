"""The table page draws and plays every variant, in Debian's chromium: the real template and
scripts, fed the engine's seat views through the harness's stand-in socket (table_harness.py),
a computer choosing for the other seats. A person's clicks go through the page's own controls,
and only the moves the engine allows are applied, as the server does."""

from __future__ import annotations

import re

import pytest

from games.engine import RuleOptions, preset_rules
from games.players import choose_action

from .table_harness import FAKE_SOCKET, HarnessSite, HarnessTable, answer_my_moves, push
from .table_states import can_renege, first_hand_call_ace, offers, phase_is, table_at

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# every hand summary the page shows, by its heading: they come and go with the scenes
SUMMARY_LOG = """
window.__summaries = {};
new MutationObserver(() => {
  const summary = document.querySelector("#felt-overlay .hand-summary");
  if (summary) window.__summaries[summary.querySelector("h2").textContent] = summary.innerText;
}).observe(document, { subtree: true, childList: true });
"""


@pytest.fixture
def site():
    harness = HarnessSite()
    yield harness
    harness.close()


def open_table(browser, site, table, viewport=LAPTOP, preferences=None):
    for _frame in table.computer_moves():
        pass  # the page opens on my turn (or at the end)
    context = browser.new_context(viewport=viewport)
    context.add_init_script(FAKE_SOCKET + SUMMARY_LOG)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site.show(table, preferences))
    page.wait_for_selector("#felt .seat-box")
    page.wait_for_function("window.__sockets.length > 0 && window.__sockets[0].readyState === 1")
    return page, errors


def cards_shown(page) -> set[str]:
    return set(
        page.eval_on_selector_all(
            "#table [data-card]", "nodes => nodes.map(node => node.dataset.card)"
        )
    )


def click_choice(page, table, twice: bool = False) -> str:
    """Makes the computer's choice for my seat through the page's own controls."""
    choice = choose_action(table.game.view(table.my_seat), table.rules)
    kind, _, argument = choice.partition(":")
    if kind in ("play", "discard"):
        card = page.locator(f"#my-hand button.card.legal[data-card='{argument}']")
        card.click()
        if twice:
            card.click()
    elif kind in ("under", "exchange"):
        page.click(f"#actions button[data-action='{kind}']")
        for card in argument.split(","):
            page.click(f"#my-hand button.card[data-card='{card}']")
        page.click(f"#actions button[data-action='{choice}']")
    else:
        page.click(f"#actions button[data-action='{choice}']")
    page.wait_for_function("window.__sent.length > 0")
    return choice


def play_to_the_end(page, table, on_my_turn=None, limit: int = 600) -> None:
    for _ in range(limit):
        if table.over:
            return
        assert table.game.to_act == table.my_seat
        if on_my_turn:
            on_my_turn(page, table)
        if page.locator("#felt-overlay .hand-summary").count():
            # the last hand's summary read at once, as a quick player does (not waited out);
            # the page's "continue" is not a move: the harness drops it
            page.click("#felt")
            page.evaluate("window.__takeSent()")
        choice = click_choice(page, table)
        assert answer_my_moves(page, table) == [choice]
    raise AssertionError("the game did not end")


def no_hidden_card_shown(page, table) -> None:
    """No card of another seat's hand or of the kitty is on the page, except in the trick on the
    felt, which may still hold the last trick of the hand before (played face up then)."""
    on_felt = set(
        page.eval_on_selector_all("#trick [data-card]", "ns => ns.map(n => n.dataset.card)")
    )
    played_before = {
        card
        for record in table.game.history[-1:]
        for trick in record.tricks
        for _s, card in trick.plays
    }
    leaked = table.hidden_cards() & ((cards_shown(page) - on_felt) | (on_felt - played_before))
    assert not leaked, f"the page shows cards of other seats or the kitty: {leaked}"


def wait_for_game_over(page):
    # the last tricks, then the hand's summary: a click on the felt moves on from each (a click
    # with nothing held does nothing)
    for _ in range(40):
        if page.locator("#game-over").count():
            break
        page.click("#felt")
        page.wait_for_timeout(200)
    return page.wait_for_selector("#game-over", timeout=10_000)


def test_a_three_handed_game_is_played_to_the_end_with_each_hands_summary(browser, site, artifacts):
    """Seed 003: "This variant is for three players. ... There is one maker and two
    defenders." Each player keeps their own score: the seats show whose score is whose."""
    table = HarnessTable(RuleOptions(variant="three_handed", target_score=4), "three1")
    page, errors = open_table(browser, site, table)
    assert page.locator("#felt .seat-box").count() == 3
    # the game's credits change the balance: the page shows 60, the wallet's header 75 by the end
    assert page.inner_text("header .coins .silver") == "60 silver"
    site.coins = {"silver": 75, "gold": 0}
    levels = page.eval_on_selector_all("#felt .seat-level", "ns => ns.map(n => n.textContent)")
    assert sorted(levels) == sorted(seat["level"] for seat in table.seats() if seat["computer"])
    assert page.locator(".mark.partner").count() == 0  # nobody partners anybody
    shot = {"done": False}

    def look(page, table) -> None:
        no_hidden_card_shown(page, table)
        view = table.game.view(table.my_seat)
        if not shot["done"] and view.phase == "play" and len(view.tricks) >= 2:
            page.screenshot(path=artifacts / "variants-three-handed-laptop.png")
            shot["done"] = True
        # each player's own score by their seat, as the engine keeps it
        scores = page.eval_on_selector_all(
            "#felt .seat-box",
            "ns => ns.map(n => [n.dataset.seat, n.querySelector('.seat-score').textContent])",
        )
        for seat, text in scores:
            points = table.game.score[int(seat)]
            assert text == f"{points} point{'s' if points != 1 else ''}"

    play_to_the_end(page, table, on_my_turn=look)
    over = wait_for_game_over(page)
    text = over.inner_text()
    winners = table.game.winning_seats
    assert ("You win!" in text) == (table.my_seat in winners)
    mine = table.game.score[table.my_seat] + (5 if table.my_seat in winners else 0)
    assert f"{mine} game point" in text
    assert page.get_attribute("#game-record", "href") == "/games/1/"
    assert page.locator("#cancel-form").count() == 0
    # the felt is cleared of the last hand: no trump, no trick, no cards in the fans
    assert page.locator("#felt-trump").is_hidden()
    assert page.locator("#trick [data-card]").count() == 0
    assert page.locator("#felt .card-back").count() == 0
    hands = len(table.game.history)
    summaries = page.evaluate("Object.keys(window.__summaries)")
    assert {f"Hand {n}" for n in range(1, hands + 1)} <= {s.split(":")[0] for s in summaries}
    page.screenshot(path=artifacts / "variants-three-handed-game-over.png")
    page.wait_for_function(
        "document.querySelector('header .coins .silver').textContent === '75 silver'",
        timeout=10_000,
    )
    page.click("#play-again")
    page.wait_for_selector("#again")
    assert site.play_again_posts == 1
    assert errors == []


def test_call_ace_partner_is_shown_only_once_the_called_card_is_played(browser, site, artifacts):
    """Seed 003: "After the bidding, the maker chooses a suit ... The player holding the ace of
    the chosen suit becomes the partner of the maker." Until the card shows, the maker does not
    know who that is, and neither does the page."""
    table = table_at(preset_rules("call_ace"), first_hand_call_ace)
    page, errors = open_table(browser, site, table)
    page.wait_for_selector("#actions button[data-action^='ace:']")
    offered = page.eval_on_selector_all(
        "#actions button[data-action]", "ns => ns.map(n => n.dataset.action)"
    )
    assert sorted(offered) == sorted(table.game.legal_actions())
    assert page.locator("#actions button[data-action='ace:H']").count() in (0, 1)
    page.screenshot(path=artifacts / "variants-call-ace-calling-laptop.png")
    choice = click_choice(page, table)
    assert choice.startswith("ace:")
    answer_my_moves(page, table)
    suit = choice[4:]
    assert f"Called the ace of {'♠♥♦♣'['SHDC'.index(suit)]}" in page.inner_text("#felt-trump")
    partner = table.game.state().hand.partner
    hand_number = table.game.hand_number
    while not table.over and table.game.hand_number == hand_number:
        shown = table.game.state().hand.partner_shown
        marks = page.locator("#felt .mark.partner")
        if shown and partner is not None:
            page.wait_for_selector(f"#felt .seat-box[data-seat='{partner}'] .mark.partner")
        else:
            assert marks.count() == 0, "the partner is marked before the called card shows"
        no_hidden_card_shown(page, table)
        choice = click_choice(page, table)
        answer_my_moves(page, table)
    page.wait_for_selector("#felt-overlay .hand-summary", timeout=10_000)
    summary = page.inner_text("#felt-overlay .hand-summary")
    if partner is not None:
        assert re.search(r"(was|were) the partner", summary)
    page.screenshot(path=artifacts / "variants-call-ace-summary-laptop.png")
    assert errors == []


def test_an_exchange_takes_three_selected_cards_and_the_summary_says_so(browser, site):
    """Seed 003: "If you want to exchange cards in this case, select three cards and press
    the Exchange button." """
    table = table_at(RuleOptions(farmers_hand=True), offers("exchange:"))
    page, errors = open_table(browser, site, table)
    before = set(table.game.view(table.my_seat).hand)
    page.click("#actions button[data-action='exchange']")
    picked = sorted(before)[:3]
    exchange = page.locator("#actions button.exchange-go")
    for number, card in enumerate(picked, start=1):
        assert exchange.is_disabled()
        page.click(f"#my-hand button.card[data-card='{card}']")
        assert f"({number} of 3)" in page.inner_text("#actions")
    exchange.click()
    page.wait_for_function("window.__sent.length > 0")
    [action] = answer_my_moves(page, table)
    assert action.startswith("exchange:") and sorted(action[9:].split(",")) == picked
    view = table.game.view(table.my_seat)
    shown = page.eval_on_selector_all("#my-hand button.card", "ns => ns.map(n => n.dataset.card)")
    assert sorted(shown) == sorted(view.hand)
    assert not set(picked) & set(shown)
    assert page.locator(f"#felt .seat-box[data-seat='{table.my_seat}'] .mark.under").count() == 1
    hand_number = table.game.hand_number
    while not table.over and table.game.hand_number == hand_number:
        click_choice(page, table)
        answer_my_moves(page, table)
    page.wait_for_selector("#felt-overlay .hand-summary", timeout=10_000)
    summary = page.inner_text("#felt-overlay")
    assert "You exchanged three cards with the kitty." in summary
    # partners are "we" and "they", as the score panel's "Us" and "Them"
    assert re.search(r"Tricks: Us \d · Them \d", summary)
    if ", alone" not in summary:  # a lone maker is named
        assert re.search(r"Hand \d+: (we|they) (made it|took every trick|were euchred)", summary)
    assert errors == []


def test_with_a_renege_rule_any_card_is_playable_and_the_penalty_is_shown(browser, site):
    """Seed 003: "If enabled and a player makes a mistake in a trick, the opponent wins all
    five tricks." The page lets me play a card that does not follow suit."""
    table = table_at(RuleOptions(renege="all_tricks"), can_renege)
    page, errors = open_table(browser, site, table)
    view = table.game.view(table.my_seat)
    honest = {action[5:] for action in view.honest_actions}
    offside = sorted(set(view.hand) - honest)[0]
    following = page.eval_on_selector_all(
        "#my-hand button.card.follows", "ns => ns.map(n => n.dataset.card)"
    )
    assert set(following) == honest
    assert page.locator(f"#my-hand button.card.legal[data-card='{offside}']").count() == 1
    # the summary of this hand (a renege may end it at once: the next deal then waits for it)
    hand_number = table.game.hand_number
    page.click(f"#my-hand button.card[data-card='{offside}']")
    page.wait_for_function("window.__sent.length > 0")
    assert answer_my_moves(page, table) == [f"play:{offside}"]
    while not table.over and table.game.hand_number == hand_number:
        click_choice(page, table)
        answer_my_moves(page, table)
    page.wait_for_selector("#felt-overlay .hand-summary", timeout=10_000)
    summary = page.inner_text("#felt-overlay .hand-summary")
    assert re.search(
        r"You reneged with the .+ in trick \d: every trick goes to the other side", summary
    )
    assert errors == []


@pytest.mark.parametrize(
    ("rules", "phase", "words"),
    [
        (RuleOptions(robson=True), "blind", ["Go alone blind", "See my hand first"]),
        (RuleOptions(robson=True), "robson", ["Add the points", "Take them off"]),
        (RuleOptions(benny="joker"), "name_blind", ["Name ♠ Spades", "Name ♥ Hearts"]),
        (RuleOptions(no_ace_no_face_no_trump=True), "bid1", ["Ask for a redeal"]),
    ],
    ids=["robson-blind", "robson-sweep", "benny-named-blind", "redeal"],
)
def test_each_variant_choice_has_its_button(browser, site, rules, phase, words):
    moment = offers("redeal") if phase == "bid1" else phase_is(phase)
    table = table_at(rules, moment)
    page, errors = open_table(browser, site, table)
    legal = table.game.legal_actions()
    buttons = page.eval_on_selector_all(
        "#actions button[data-action]", "ns => ns.map(n => [n.dataset.action, n.textContent])"
    )
    assert {action for action, _label in buttons} == {
        action for action in legal if not re.match(r"(play|discard|under|exchange):", action)
    }
    labels = " | ".join(label for _action, label in buttons)
    for word in words:
        assert word in labels
    if phase in ("blind", "name_blind"):
        # deciding blind: my cards are face down, and none of their faces is on the page
        assert page.locator("#my-hand .hidden-card").count() == len(
            table.game.state().hand.hands[table.my_seat]
        )
        assert not set(table.game.state().hand.hands[table.my_seat]) & cards_shown(page)
    action = buttons[-1][0]
    page.click(f"#actions button[data-action='{action}']")
    page.wait_for_function("window.__sent.length > 0")
    assert answer_my_moves(page, table) == [action]
    assert errors == []


def test_display_preferences_change_the_table_at_once(browser, site):
    """Seed 003: "Automatic Card Flipping: ... If disabled, they flip over by pressing the
    device screen." "Card Selection: ... If "Twice" is selected, you need to press the white
    frame after selecting a card." "Sorting Hand", "Trick Counter"."""
    table = table_at(
        RuleOptions(), lambda game, seat: game.phase == "play" and not game.view(seat).tricks
    )
    page, errors = open_table(
        browser, site, table, preferences={"auto_flip": False, "card_selection": "twice"}
    )
    view = table.game.view(table.my_seat)
    card = choose_action(view, table.rules)[5:]
    page.click(f"#my-hand button.card[data-card='{card}']")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__sent.length") == 0  # selected, not played
    assert page.locator(f"#my-hand button.card.selected[data-card='{card}']").count() == 1
    page.click(f"#my-hand button.card[data-card='{card}']")
    page.wait_for_function("window.__sent.length > 0")
    answer_my_moves(page, table)
    # the first trick is over: without automatic flipping it stays on the felt until clicked
    [finished] = table.game.state().hand.tricks
    page.wait_for_selector(".felt.holding")
    page.wait_for_timeout(1800)  # longer than an automatic flip
    held = page.eval_on_selector_all("#trick [data-card]", "ns => ns.map(n => n.dataset.card)")
    assert sorted(held) == sorted(card for _seat, card in finished.plays)
    page.click("#felt")
    page.wait_for_selector(".felt.holding", state="detached")
    # the trick counter, switched off in the display menu: gone at once, and saved
    page.click(".display-panel summary")
    assert page.locator("#felt .trick-count").first.is_visible()
    page.uncheck("#display-menu input[name='trick_counter']")
    page.wait_for_selector("#felt .trick-count", state="hidden")
    for _ in range(50):
        if {"trick_counter": False} in site.saved_preferences:
            break
        page.wait_for_timeout(100)
    assert {"trick_counter": False} in site.saved_preferences
    # sorting by suit as printed: the left bower leaves the trump suit
    page.check("#display-menu input[name='sort_hand'][value='suits']")
    view = table.game.view(table.my_seat)
    shown = page.eval_on_selector_all("#my-hand button.card", "ns => ns.map(n => n.dataset.card)")
    assert shown == printed_suit_order(list(view.hand))
    assert errors == []


RANKS = "AKQJT987"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def printed_suit_order(cards: list[str]) -> list[str]:
    """Spades, hearts, clubs, diamonds (colours alternate), ace high, each card in its printed
    suit: written apart from the page's own sorting."""
    return sorted(cards, key=lambda card: ("SHCD".index(card[1]), RANKS.index(card[0])))


def trump_first_order(cards: list[str], trump: str | None) -> list[str]:
    """The Benny, the right and left bowers, the rest of trump, then the other suits with their
    colours alternating from trump's, ace high: written apart from the page's own sorting."""
    cycle = "SHCD"
    start = cycle.index(trump) if trump in ("S", "H", "C", "D") else 0
    suits = cycle[start:] + cycle[:start]

    def key(card: str) -> tuple[int, int]:
        if card in ("XJ", "2S"):
            return (0, 0)
        if trump in SAME_COLOUR and card == "J" + trump:
            return (0, 1)
        if trump in SAME_COLOUR and card == "J" + SAME_COLOUR[trump]:
            return (0, 2)
        return (1 + suits.index(card[1]), RANKS.index(card[0]))

    return sorted(cards, key=key)


@pytest.mark.parametrize(
    "variant",
    ["standard", "three_handed", "call_ace", "two_handed", "three_handed_seven", "benny_joker"],
)
def test_each_variant_fits_a_laptop_and_a_phone(browser, site, artifacts, variant):
    """Every seat drawn around the felt; on a phone, nothing wider than the screen and my hand
    and my buttons reachable without scrolling."""
    rules = preset_rules(variant)
    table = table_at(
        rules, lambda game, seat: game.phase == "play" and len(game.view(seat).tricks) == 1
    )
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page, errors = open_table(browser, site, table, viewport=viewport)
        assert page.locator("#felt .seat-box").count() == rules.seats
        view = table.game.view(table.my_seat)
        # my hand, sorted trump first with both bowers (the "sorting hand" default)
        shown = page.eval_on_selector_all(
            "#my-hand button.card", "ns => ns.map(n => n.dataset.card)"
        )
        assert shown == trump_first_order(list(view.hand), view.trump)
        no_hidden_card_shown(page, table)
        page.screenshot(path=artifacts / f"variants-{variant}-{name}.png")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= viewport["width"], f"{variant} scrolls sideways on a {name}"
        bottom = page.evaluate("document.getElementById('my-hand').getBoundingClientRect().bottom")
        assert bottom <= viewport["height"], f"{variant}: my hand is below the screen on a {name}"
        assert errors == []
        page.context.close()


def test_the_page_says_when_the_computer_played_for_me_and_how_much_time_is_left(browser, site):
    """Seed 000: "Each time the player doesn't play the card on time, the time limit is halved.
    To reset it back to full, you should start playing yourself or click any of your cards
    during other player's turn." """
    table = table_at(RuleOptions(), phase_is("bid1"))
    page, errors = open_table(browser, site, table)
    assert page.locator("#covered-notice").is_hidden()
    page.wait_for_function("document.getElementById('countdown').textContent !== ''")
    assert re.fullmatch(r"\d+ s left", page.inner_text("#countdown"))
    table.covered, table.time_limit_ms = True, 15_000
    push(page, table.frame())  # the same version: the page takes it (only older ones are dropped)
    notice = page.wait_for_selector("#covered-notice", state="visible")
    text = notice.inner_text()
    assert "the computer played for you" in text and "15 s" in text
    table.covered, table.time_limit_ms = False, 30_000
    push(page, table.frame())
    page.wait_for_selector("#covered-notice", state="hidden")
    assert errors == []


def test_rearranging_moves_a_dragged_card_and_keeps_the_order(browser, site):
    """Seed 003: "Rearranging Hand: If enabled, the cards in your hand can be swapped." A card
    dragged along the hand stays where it was dropped, also when the next frame comes."""
    table = table_at(RuleOptions(), phase_is("bid1"))
    page, errors = open_table(browser, site, table, preferences={"rearrange_hand": True})
    order = page.eval_on_selector_all("#my-hand button.card", "ns => ns.map(n => n.dataset.card)")
    first = page.locator(f"#my-hand button.card[data-card='{order[0]}']").bounding_box()
    last = page.locator(f"#my-hand button.card[data-card='{order[-1]}']").bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):  # a drag, not a click: the card follows the pointer
        x = first["x"] + (last["x"] + last["width"] - first["x"]) * step / 10
        page.mouse.move(x, first["y"] + first["height"] / 2)
    page.mouse.up()
    moved = order[1:] + order[:1]
    page.wait_for_function(
        "moved => [...document.querySelectorAll('#my-hand button.card')]"
        ".map(n => n.dataset.card).join() === moved.join()",
        arg=moved,
        timeout=5_000,
    )
    assert page.evaluate("window.__sent.length") == 0  # a drag is no move
    for frame in table.computer_moves() or [table.frame()]:
        push(page, frame)
    again = page.eval_on_selector_all("#my-hand button.card", "ns => ns.map(n => n.dataset.card)")
    assert again == moved
    assert errors == []
