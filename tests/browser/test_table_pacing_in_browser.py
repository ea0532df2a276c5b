"""A run of computer moves arrives at once (the server plays the computers on to my turn in one
task): the page shows each `computer_pause_ms` after the one before, as a person would see them
played, and shows my own moves and a jump in versions (a reconnect) at once."""

from __future__ import annotations

import itertools

import pytest

from games.engine import RuleOptions

from .table_harness import FAKE_SOCKET, HarnessSite, HarnessTable, push

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PAUSE_MS = 400
# (version shown, when) each time the page shows another version
VERSIONS_SHOWN = """
window.__shown = [];
new MutationObserver(() => {
  const root = document.getElementById("table");
  const version = Number(root.dataset.version);
  const last = window.__shown[window.__shown.length - 1];
  if (!last || last[0] !== version) window.__shown.push([version, performance.now()]);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
"""


@pytest.fixture
def site():
    harness = HarnessSite()
    yield harness
    harness.close()


def paced(frame: dict) -> dict:
    return {**frame, "computer_pause_ms": PAUSE_MS}


def test_a_run_of_computer_moves_is_shown_a_pause_apart(browser, site):
    table = HarnessTable(RuleOptions(), "pacing-1")
    while table.game.to_act == table.my_seat:  # open the page on a computer's turn
        table.apply(table.game.legal_actions()[0])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FAKE_SOCKET + VERSIONS_SHOWN)
    page = context.new_page()
    page.goto(site.show(table))
    page.wait_for_function("window.__sockets.length > 0 && window.__sockets[0].readyState === 1")
    start = len(table.game.actions)
    frames = [paced(frame) for frame in table.computer_moves()]
    assert len(frames) >= 2, "the deal gives a run of at least two computer moves"
    for frame in frames:  # all at once, as a run's frames reach the page
        push(page, frame)
    last = frames[-1]["version"]
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) === {last}")
    shown = [(version, at) for version, at in page.evaluate("window.__shown") if version > start]
    assert [version for version, _at in shown] == [frame["version"] for frame in frames]
    gaps = [later - earlier for (_v, earlier), (_w, later) in itertools.pairwise(shown)]
    assert all(gap >= PAUSE_MS - 20 for gap in gaps), gaps  # timers may fire a little early
    # my own move, and a frame several versions ahead (a reconnect's), are shown at once
    table.apply(table.game.legal_actions()[0])
    mine = paced(table.frame())
    ahead = [paced(frame) for frame in table.computer_moves()][-1:]
    page.evaluate("window.__shown = []")
    push(page, mine)
    for frame in ahead:
        push(page, {**frame, "version": frame["version"] + 5})
    page.wait_for_function(
        "count => window.__shown.length >= count", arg=1 + len(ahead), timeout=2000
    )
    times = [at for _version, at in page.evaluate("window.__shown")]
    assert times[-1] - times[0] < PAUSE_MS / 2
    context.close()


def test_my_move_and_the_easy_computers_after_it_in_one_message_are_paced_after_mine(
    browser, site, artifacts
):
    """Easy computers play in my move's own transaction: my move and theirs arrive together.
    Mine shows at once, theirs a pause apart after it, and I see my turn last."""
    table = HarnessTable(RuleOptions(), "pacing-2")
    table.computer_moves()  # to my turn
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(FAKE_SOCKET + VERSIONS_SHOWN)
    page = context.new_page()
    page.goto(site.show(table))
    page.wait_for_function("window.__sockets.length > 0 && window.__sockets[0].readyState === 1")
    start = len(table.game.actions)
    table.apply(table.game.legal_actions()[0])
    frames = [paced(table.frame()), *(paced(frame) for frame in table.computer_moves())]
    assert len(frames) >= 3, "the deal gives my move and at least two computers' after it"
    page.evaluate("window.__shown = []")
    pushed_at = page.evaluate("performance.now()")
    for frame in frames:
        push(page, frame)
    last = frames[-1]["version"]
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) === {last}")
    shown = [(version, at) for version, at in page.evaluate("window.__shown") if version > start]
    assert [version for version, _at in shown] == [frame["version"] for frame in frames]
    assert shown[0][1] - pushed_at < PAUSE_MS / 2  # my own move at once
    gaps = [later - earlier for (_v, earlier), (_w, later) in itertools.pairwise(shown)]
    assert all(gap >= PAUSE_MS - 20 for gap in gaps), gaps
    page.screenshot(path=str(artifacts / "pacing-my-move-and-computers-390.png"))
    context.close()
