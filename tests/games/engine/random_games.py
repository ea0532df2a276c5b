"""Random games for the property tests: a strategy that draws every rule option (only the
combinations the seeds allow) and a seeded random player."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from games.engine import GameState, RuleOptions
from games.engine.rules import CHOICES


@st.composite
def rule_options(draw) -> RuleOptions:
    """Every option drawn; the combinations seeds 000-004 do not allow are never built (the
    partnership options need the partnership game, seven cards need three players, ...)."""
    variant = draw(st.sampled_from(CHOICES["variant"]))
    partners = variant == "euchre"
    benny = draw(st.sampled_from(CHOICES["benny"]))
    kitty = draw(st.sampled_from(["none", "going_under", "seed_003"]))
    options = {
        "variant": variant,
        "hand_size": draw(st.sampled_from([5, 7])) if variant == "three_handed" else 5,
        "benny": benny,
        "upturned_benny": (
            draw(st.sampled_from(CHOICES["upturned_benny"])) if benny != "none" else "name_blind"
        ),
        "going_under": kitty == "going_under",
        "going_under_form": (
            draw(st.sampled_from(CHOICES["going_under_form"]))
            if kitty == "going_under"
            else "any_three"
        ),
        "farmers_hand": kitty == "seed_003" and draw(st.booleans()),
        "ace_no_face": kitty == "seed_003" and draw(st.booleans()),
        "no_ace_no_face_no_trump": draw(st.booleans()),
        "stick_the_dealer": draw(st.booleans()),
        "defend_alone": partners and draw(st.booleans()),
        "dealers_partner_alone": partners and draw(st.booleans()),
        "partner_takes_upcard": partners and draw(st.booleans()),
        "robson": partners and draw(st.booleans()),
        "renege": draw(
            st.sampled_from(
                CHOICES["renege"] if variant in ("euchre", "two_handed") else CHOICES["renege"][:3]
            )
        ),
        "first_dealer": draw(st.sampled_from(CHOICES["first_dealer"])),
        "call_ace_printed_suit": variant == "call_ace" and draw(st.booleans()),
        "win_by_two": draw(st.booleans()),
        # half the games go to the site's 10 points, the rest to any target (1: one hand)
        "target_score": draw(st.one_of(st.just(10), st.integers(min_value=1, max_value=15))),
        "no_trump": benny == "none" and draw(st.booleans()),
        "dealer_may_discard_upcard": draw(st.booleans()),
        "opening_lead": draw(st.sampled_from(CHOICES["opening_lead"])),
    }
    # the hands, the up card and a kitty to exchange with must fit in the deck (and the Benny)
    seats = {"two_handed": 2, "three_handed": 3}.get(variant, 4)
    needed = seats * options["hand_size"] + 1 + (3 if kitty != "none" else 0)
    decks = [size for size in CHOICES["deck"] if size + (benny != "none") >= needed]
    options["deck"] = draw(st.sampled_from(decks))
    return RuleOptions(**options)


seeds = st.one_of(st.integers(min_value=0, max_value=2**32), st.text(max_size=8))
# A seeded Random rather than Hypothesis choosing each action: shrinking would then always pick
# the first legal action, "pass", and without stick the dealer pass forever (legal, but no game).
choice_seeds = st.integers(min_value=0, max_value=2**32)
MAX_ACTIONS = 20000  # far above any real game: a game that does not end fails instead of hanging


def random_game(rules: RuleOptions, seed, choice_seed: int):
    """Yields the state before every action of one random game, then the finished state."""
    chooser = random.Random(choice_seed)
    # some tables pass a lot, so that hands where everybody passes twice come up too; with a
    # renege rule some players renege now and then
    passing = chooser.choice([0.0, 0.5, 0.9])
    cheating = chooser.choice([0.0, 0.05, 0.3])
    state = GameState(rules, seed)
    for _ in range(MAX_ACTIONS):
        yield state
        if state.winner is not None:
            return
        honest = state.hand.honest_actions()
        if "pass" in honest and chooser.random() < passing:
            state.apply("pass", state.to_act)
        elif chooser.random() < cheating:
            state.apply(chooser.choice(state.legal_actions()), state.to_act)
        else:
            state.apply(chooser.choice(honest), state.to_act)
    raise AssertionError(f"no winner after {MAX_ACTIONS} actions")


def played_actions(rules: RuleOptions, seed, choice_seed: int) -> list[str]:
    state = None
    for state in random_game(rules, seed, choice_seed):  # noqa: B007 (the last one is used)
        pass
    return list(state.actions)
