"""Property tests: random legal play under any combination of rule options.

Each example is a whole game (rules, seed, and a seeded random choice among the legal actions at
every step) under a random set of rule options, every option varied (seeds 000-004: table sizes,
decks, Benny, Robson, the kitty's exchanges, renege readings, ...). Along the way: every card of
the deck is always somewhere, exactly once; exactly one seat is to act until the game is won and
every game ends; the offered actions are exactly the legal ones (checked against the independent
reading of rules_reading.py); tricks and scores follow the rules; no seat's view ever shows
another seat's unplayed card or the unseen kitty, nor a called ace's holder before it is played;
and a game is a pure function of (rules, seed, actions).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import fields, replace
from itertools import pairwise

from hypothesis import Phase, find, given, settings

from games.engine import Game, GameState, HandState, RuleOptions, deal_hand, rules_deck
from games.engine.rules import CHOICES
from games.engine.view import seat_view

from .random_games import choice_seeds, played_actions, random_game, rule_options, seeds
from .rules_reading import (
    BENNIES,
    called_partner,
    expected_legal,
    expected_points,
    expected_taker,
    expected_to_act,
    expected_winner,
    follows,
    maker_side,
    reneges_played,
)

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[789TJQKA][SHDC]|XJ|2S)(?![A-Za-z0-9])")


def test_the_strategy_varies_every_rule_option():
    """A new rule option must join the property tests below: the strategy draws every value of
    every option (each true and false, every choice, a target other than 10)."""
    quick = settings(max_examples=2000, database=None, phases=[Phase.generate])
    default = RuleOptions()
    for option in fields(RuleOptions):
        name = option.name
        values = CHOICES.get(name, (True, False) if type(getattr(default, name)) is bool else ())
        for value in values:
            find(
                rule_options(),
                lambda rules, n=name, v=value: getattr(rules, n) == v,
                settings=quick,
            )
        find(
            rule_options(),
            lambda rules, n=name: getattr(rules, n) != getattr(default, n),
            settings=quick,
        )


# ---- the properties ---------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_random_play_never_loses_or_duplicates_a_card(rules, seed, choice_seed):
    """seed 000 lines 1 and 5, seed 003 lines 68-77, seed 004 line 41: the deck of 24, 28 or 32
    cards (and the Benny), hands of five (or seven), the up card and the rest unseen — every
    card is always somewhere, exactly once: hands, kitty, tricks, the discard."""
    deck = Counter(rules_deck(rules))
    assert len(deck) == rules.deck + (rules.benny != "none")
    kitty = len(deck) - rules.seats * rules.hand_size - 1
    for state in random_game(rules, seed, choice_seed):
        hand = state.hand
        where: Counter[str] = Counter()
        for held in hand.hands:
            where.update(held)
        where.update(hand.kitty)
        where.update(hand.trick_cards)
        where.update(card for trick in hand.tricks for _, card in trick.plays)
        if hand.discarded is not None:
            where[hand.discarded] += 1
        if not hand.upcard_taken:
            where[hand.upcard] += 1  # still face up on the kitty
        assert where == deck, f"phase {hand.phase}: {where - deck} extra, {deck - where} missing"
        assert len(hand.kitty) == kitty
        # a seat holds its hand size, less one per trick it played to (+1 before discarding)
        for seat, held in enumerate(hand.hands):
            played = sum(seat == s for trick in hand.tricks for s, _ in trick.plays)
            played += seat in hand.trick_seats
            extra = 1 if hand.phase == "discard" and seat == hand.taker else 0
            assert len(held) == rules.hand_size - played + extra


@settings(max_examples=120, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_exactly_one_seat_is_to_act_until_the_game_is_won(rules, seed, choice_seed):
    """seed 000 lines 5, 12 and 17: bidding from the dealer's left, the dealer's left leads, the
    winner of a trick leads the next (seed 002 lines 62-64 with a loner); seed 000 line 23: a
    loner's partner never acts; seed 004 line 19: the deal moves clockwise (a redeal is dealt
    again by the same dealer); and every game ends."""
    first = None
    for state in random_game(rules, seed, choice_seed):
        hand = state.hand
        if first is None:
            first = check_first_dealer(state)
        if state.winner is not None:
            assert state.to_act is None and state.legal_actions() == []
            assert hand.is_over and hand.to_act is None
            continue
        assert not hand.is_over, "a finished hand must give way to the next deal"
        seat = state.to_act
        assert seat in range(rules.seats) and seat == hand.to_act
        assert state.legal_actions(), "a seat to act with nothing to do"
        assert hand.active[seat], "a seat sitting out is asked to act"
        moves = sum(record.outcome != "redeal" for record in state.records)
        assert hand.dealer == (first + moves) % rules.seats
        assert seat == expected_to_act(hand), hand.phase
        if hand.taker is not None:
            assert hand.taker == expected_taker(hand)
    assert state.winner in range(rules.scorers)


def check_first_dealer(state: GameState) -> int:
    """seed 004 line 19: 'Cards are dealt face-up around the table until a black jack is turned
    up, the person it is dealt to deals first.' (seed 001 line 55 otherwise: at random)."""
    draw = state.dealer_draw
    if state.rules.first_dealer == "random":
        assert draw is None
        return state.first_dealer
    seats = [seat for seat, _ in draw.cards]
    turned = [card for _, card in draw.cards]
    assert turned[-1] in ("JS", "JC") and not {"JS", "JC"} & set(turned[:-1])
    assert len(set(turned)) == len(turned) and set(turned) <= set(rules_deck(state.rules))
    assert all(later == (earlier + 1) % state.rules.seats for earlier, later in pairwise(seats))
    assert state.first_dealer == draw.dealer == seats[-1]
    return seats[-1]


@settings(max_examples=120, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_only_legal_actions_are_offered_and_tricks_go_to_the_highest_card(rules, seed, choice_seed):
    """seed 000 lines 12-15: follow suit if possible, otherwise any card; the highest trump, else
    the highest card of the suit led, takes the trick (bowers: seed 000 line 3, the Benny and the
    low cards: seed 003 lines 20-21, 74-77); with a renege rule any card may be played."""
    for state in random_game(rules, seed, choice_seed):
        hand = state.hand
        if state.winner is not None:
            break
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        assert set(legal) == expected_legal(hand), hand.phase
        assert set(hand.honest_actions()) <= set(legal)
        if hand.phase == "play" and hand.trick_cards:
            held = hand.hands[hand.to_act]
            honest = {
                "play:" + c for c in held if follows(c, held, hand.trick_cards[0], hand.trump)
            }
            assert set(hand.honest_actions()) == honest
        for trick in hand.tricks:
            assert trick.winner == expected_winner(trick.plays, hand.trump)
            assert len(trick.plays) == hand.active.count(True)
            assert trick.plays[0][0] == trick.leader


@settings(max_examples=120, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_points_come_only_from_the_scoring_table(rules, seed, choice_seed):
    """seed 000 lines 21-23 (1, 2, 4 points, euchre 2), seed 001 line 95 (a lone defender's euchre
    4), seed 003 line 94 (Robson), the renege readings, per team or per player; the game ends with
    the first hand that reaches the target (seed 000 line 21, seed 001 line 99 with win by two, a
    tie at the top of per-player scores plays on), or with a forfeit (seed 004 line 39)."""
    state = None
    for state in random_game(rules, seed, choice_seed):  # noqa: B007 (the last one is used)
        pass
    totals = [0] * rules.scorers
    for number, record in enumerate(state.records):
        assert record.number == number
        assert record.points_by_scorer == expected_points(record, rules)
        if record.outcome == "all_pass":
            assert not rules.stick_the_dealer and record.tricks == () and record.maker is None
        elif record.outcome == "redeal":
            assert record.tricks == ()
            by_benny = rules.upturned_benny == "redeal" and record.upcard in BENNIES
            assert by_benny or record.redeal_by is not None
        else:
            check_tricks_and_penalties(record, rules)
        gains = zip(totals, record.points_by_scorer, strict=True)
        totals = [max(0, total + gained) for total, gained in gains]
        assert record.score_after == tuple(totals)
        # the game ends with the first hand that gives a side the win, not before, not after
        forfeit = record.renege is not None and record.renege.penalty == "forfeit"
        best, rest = max(totals), sorted(totals)[-2]
        won = forfeit or (best >= rules.target_score and best - rest >= 1 + rules.win_by_two)
        assert won == (number == len(state.records) - 1)
    assert state.scores == totals
    if not forfeit:
        assert totals[state.winner] == max(totals) > sorted(totals)[-2]


def check_tricks_and_penalties(record, rules: RuleOptions) -> None:
    renege = record.renege
    reneges = reneges_played(record)
    if renege is None:
        assert len(record.tricks) == rules.hand_size and reneges == []
        assert record.outcome in ("make", "march", "euchre")
    else:
        # the first card that did not follow although it could, found at the end of its trick
        assert rules.renege == renege.penalty and record.outcome == "renege"
        assert reneges[0] == (renege.trick, renege.seat, renege.card)
        assert renege.trick == len(record.tricks) - 1
    assert [trick.winner for trick in record.tricks[:-1]] == [
        trick.leader for trick in record.tricks[1:]
    ]  # the winner leads the next trick (seed 000 line 17)
    makers = maker_side(record.maker, record.partner, rules)
    sweep = len({trick.winner in makers for trick in record.tricks}) == 1
    robson = rules.robson and renege is None and sweep and len(record.tricks) == rules.hand_size
    assert (record.robson_choice is not None) == robson
    if record.lone_defender is not None:
        assert rules.defend_alone and record.lone_defender % 2 != record.maker % 2
    if record.went_under is not None:
        assert rules.going_under
    if record.exchange is not None:
        assert getattr(rules, record.exchange.kind)
    if record.trump == "N":
        assert rules.no_trump


@settings(max_examples=80, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_no_view_ever_shows_another_seats_unplayed_card_or_the_kitty(rules, seed, choice_seed):
    """seed 002 line 31: 'each player can see only the cards in his/her hand, plus the face-up
    card' (and the cards played since, the cards turned for the first dealer, what the seat
    itself swapped or discarded); seed 003 line 94: the blind dealer sees no card while deciding;
    call-ace: the called ace's holder is not known before the ace is played."""
    checked_records, deciding = 0, {}
    for state in random_game(rules, seed, choice_seed):
        hand = state.hand
        played = {card for trick in hand.tricks for _, card in trick.plays}
        played |= set(hand.trick_cards)
        public = played | {hand.upcard}
        if hand.went_under is not None and hand.went_under.shown:
            public |= set(hand.went_under.given)  # seed 004: a farmer's call shows them
        if state.dealer_draw is not None:
            public |= {card for _, card in state.dealer_draw.cards}
        if hand.called_suit is not None and hand.number not in deciding:
            deciding[hand.number] = check_called_partner(hand)
        for seat in (*range(rules.seats), None):
            full = seat_view(state, seat)
            # finished hands are shown as their public records, checked once each below
            assert full.history == tuple(state.public_records)
            view = replace(full, history=()).to_dict()
            allowed = set(public)
            if seat is not None:
                blind = seat == state.to_act and hand.phase in ("blind", "name_blind")
                assert view["hand_hidden"] == blind
                assert sorted(view["hand"]) == ([] if blind else sorted(hand.hands[seat]))
                allowed |= set(view["hand"])
                if seat == hand.taker and hand.discarded is not None:
                    allowed.add(hand.discarded)
                for swap in (hand.went_under, hand.exchange):
                    if swap is not None and swap.seat == seat:
                        allowed |= {*swap.given, *swap.received}
                assert bool(view["legal_actions"]) == (seat == state.to_act)
            else:
                assert view["hand"] == [] and view["legal_actions"] == []
            shown = set(CARD.findall(json.dumps(view)))
            assert shown <= allowed, f"seat {seat} sees {shown - allowed} ({hand.phase})"
            assert view["hand_sizes"] == [len(held) for held in hand.hands]
            if hand.number in deciding:
                partner, card = deciding[hand.number]
                ace = card is not None and card[0] == "A"
                known = hand.is_over or card in played or (seat == partner and ace)
                assert view["partner"] == (partner if known else None), (seat, card)
        # a finished hand's public record: what was played or turned up, never the dealt hands,
        # the kitty, the discard or the cards swapped
        for record in state.public_records[checked_records:]:
            shown = set(CARD.findall(json.dumps(record.to_dict())))
            played_then = {card for trick in record.tricks for _, card in trick.plays}
            under = record.went_under
            called = set(under.given) if under is not None and under.shown else set()
            assert under is None or under.received is None
            assert shown <= played_then | {record.upcard} | called
            assert record.dealt is None and record.kitty is None and record.discard is None
        checked_records = len(state.public_records)


def check_called_partner(hand: HandState) -> tuple[int | None, str | None]:
    """Seed 003 line 48, just after the call (nobody has played yet): who the partner is and the
    card that shows it."""
    assert not hand.tricks and not hand.trick_cards
    partner, card = called_partner(
        hand.hands, hand.maker, hand.called_suit, hand.trump, hand.rules.call_ace_printed_suit
    )
    assert hand.partner == partner and partner != hand.maker
    return partner, card


@settings(max_examples=80, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_a_game_is_a_pure_function_of_rules_seed_and_actions(rules, seed, choice_seed):
    """docs/architecture.md, "The rules engine": a game is a pure function of its rule options,
    its seed and its list of actions (a property of our engine, not a seed rule)."""
    actions = played_actions(rules, seed, choice_seed)
    assert actions == played_actions(rules, seed, choice_seed)
    first, second = Game(rules, seed, tuple(actions)), Game(rules, seed, tuple(actions))
    assert first == second and hash(first) == hash(second)
    assert first.is_over and first.winner == second.winner and first.score == second.score
    assert first.history == second.history
    for seat in range(rules.seats):
        assert first.view(seat).to_dict() == second.view(seat).to_dict()
    assert snapshot(first.state()) == snapshot(second.state())
    # the same game, built from half its actions and then one action at a time
    middle = len(actions) // 2
    resumed = Game(rules, seed, tuple(actions[:middle]))
    assert resumed.to_act is not None
    for action in actions[middle:]:
        resumed = resumed.apply(action, resumed.to_act)
    assert resumed == first and snapshot(resumed.state()) == snapshot(first.state())
    assert resumed.spectator_view() == first.spectator_view()
    # and every hand replays from its explicit deal to the same record
    per_hand = actions_by_hand(rules, seed, actions)
    for record in first.history:
        deal = deal_hand(seed, record.number, rules)
        assert record.dealt == deal.hands
        replay = HandState(rules, record.dealer, deal, record.number)
        for action in per_hand.get(record.number, []):
            replay.apply(action)
        assert replay.record(record.score_after) == record
    assert set(per_hand) <= {record.number for record in first.history}


def snapshot(state: GameState) -> tuple:
    hand = state.hand
    slots = [name for name in HandState.__slots__ if name != "_legal"]
    return (
        state.rules,
        state.seed,
        tuple(state.scores),
        state.winner,
        tuple(state.records),
        tuple(state.actions),
        tuple(repr(getattr(hand, name)) for name in slots),
    )


def actions_by_hand(rules: RuleOptions, seed, actions: list[str]) -> dict[int, list[str]]:
    """The game's actions by hand number (a hand thrown in as it is dealt has none)."""
    state, hands = GameState(rules, seed), {}
    for action in actions:
        hands.setdefault(state.hand.number, []).append(action)
        state.apply(action)
    return hands
