"""Bad input (issue 23): "a computer never plays an illegal move whatever the options (a test
plays thousands of random option sets)".

Option sets are drawn from every option's values, starting from the standard game or a preset
with a few options changed at random; the engine refuses the impossible ones (InvalidRules) and
only the ones it accepts are played. In each, random players (now and then reneging, where the
rules let people renege) play on, and at some of the decisions a computer chooses instead:
its choice must be one of `view.honest_actions`, which are legal actions. `test_variants_levels`
plays whole games of each preset; this one plays many rule sets no preset has.

Easy and the rule of thumb are cheap: thousands of option sets, every decision of a hand.
Normal and strong search: a few hundred option sets, a few decisions each, with a small search
(legality, not strength, is tested here).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from dataclasses import fields

import pytest

from games.engine import PRESETS, GameState, InvalidRules, RuleOptions, preset_rules
from games.engine.rules import CHOICES
from games.engine.view import seat_view
from games.players import levels
from games.players.levels import choose_action_at_level
from games.players.rule_of_thumb import choose_action

# every option's values: a new option without values here fails the first test
OPTION_VALUES: dict[str, tuple[object, ...]] = {
    **{field.name: (False, True) for field in fields(RuleOptions) if field.type == "bool"},
    **CHOICES,
    "target_score": (1, 2, 5, 10, 11),
}
MAX_ACTIONS = 400  # a hand or two; far above one hand of any variant


def test_every_option_has_values_to_draw() -> None:
    assert set(OPTION_VALUES) == {field.name for field in fields(RuleOptions)}


def random_option_sets(count: int, seed: str) -> Iterator[tuple[str, RuleOptions]]:
    """`count` option sets the engine accepts, each with a name saying how it was drawn."""
    rng = random.Random(seed)
    accepted = tries = 0
    while accepted < count:
        tries += 1
        assert tries < count * 50, f"the engine refused nearly every option set ({accepted})"
        start = rng.choice(["standard", *PRESETS])
        options = preset_rules(start).to_dict()
        for name in rng.sample(sorted(OPTION_VALUES), rng.randint(1, 8)):
            # another value than the start's: each change is a change
            options[name] = rng.choice([v for v in OPTION_VALUES[name] if v != options[name]])
        try:
            rules = RuleOptions(**options)
        except InvalidRules:
            continue  # an impossible combination: the engine refuses it, nobody plays it
        accepted += 1
        yield f"{seed}/{accepted} ({start} with {rules.to_dict()})", rules


Chooser = Callable[..., str]


def level_chooser(level: str) -> Chooser:
    def choose(view, rules, seed):
        return choose_action_at_level(view, rules, level, seed)

    return choose


def baseline_chooser(view, rules, seed) -> str:
    return choose_action(view, rules)


def play_with_a_computer(
    name: str, rules: RuleOptions, choose: Chooser, share: float, most: int
) -> int:
    """Random players play on from the first deal; at a `share` of the real decisions (up to
    `most`) the computer chooses instead, and must choose an honest, legal action. Returns how
    many it chose."""
    rng = random.Random(name)
    state = GameState(rules, name)
    chosen = 0
    for number in range(MAX_ACTIONS):
        if state.winner is not None or chosen >= most:
            break
        view = seat_view(state, state.to_act)
        honest = view.honest_actions
        if len(honest) > 1 and rng.random() < share:
            action = choose(view, rules, f"{name}/{number}")
            assert action in honest and action in view.legal_actions, (name, view.phase, action)
            chosen += 1
        elif view.legal_actions != honest and rng.random() < 0.1:
            action = rng.choice(view.legal_actions)  # a person reneging, where people may
        else:
            action = rng.choice(honest)
        state.apply(action, view.seat)
    return chosen


@pytest.fixture
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # legality, not strength: a small search decides as the full one does, in less time
    monkeypatch.setattr(levels, "NORMAL_PLAY_SAMPLES", 2)
    monkeypatch.setattr(levels, "STRONG_PLAY_SAMPLES", 3)
    monkeypatch.setattr(levels, "STRONG_BID_SAMPLES", 3)
    monkeypatch.setattr(levels, "STRONG_NODE_BUDGET", 1500)
    monkeypatch.setattr(levels, "_reported", set())


@pytest.mark.parametrize(
    ("kind", "choose"),
    [("easy", level_chooser("easy")), ("baseline", baseline_chooser)],
)
def test_easy_and_the_rule_of_thumb_play_legally_in_thousands_of_option_sets(
    kind: str, choose: Chooser
) -> None:
    chosen = sum(
        play_with_a_computer(name, rules, choose, share=1.0, most=40)
        for name, rules in random_option_sets(2000, f"random-options/{kind}")
    )
    assert chosen > 10_000  # every option set gave the computer real choices


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_searching_levels_play_legally_in_hundreds_of_option_sets(
    level: str, small_search: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="games.players.levels"):
        chosen = sum(
            play_with_a_computer(name, rules, level_chooser(level), share=0.3, most=4)
            for name, rules in random_option_sets(250, f"random-options/{level}")
        )
    assert chosen > 500
    # the search decided every time itself: no fallback to the rule of thumb was needed
    assert not caplog.records, [record.getMessage() for record in caplog.records]
