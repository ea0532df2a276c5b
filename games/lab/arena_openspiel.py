"""A match against OpenSpiel's ISMCTS bot on its game "euchre": how strong a level is against an
independent, well-known search bot.

    python -m games.lab.arena_openspiel --a strong --deals 300 --sims 10000 --seed S [--jobs 2]

Each deal is played twice, our level in seats 0 and 2 then in seats 1 and 3 and the bot
(`pyspiel.ISMCTSBot`: a random-rollout evaluator with one rollout, uct_c 2.0, `--sims`
simulations, the most visited action) in the others, so both sides hold the same cards. A deal
is one single hand scored from 0-0, dealt by our engine (`deal_hand(f"{seed}/{i}", 0)`, dealer
i mod 4) and given to both engines card by card. The rules are OpenSpiel's defaults (stick the
dealer, no lone defender, the dealer may not discard the up card, the dealer's left leads,
skipping a lone maker's partner, the maker decides alone after the dealer's discard), which are
our `OPENSPIEL_RULES`. Both engines play every action; at every step they must agree on whose
turn it is and on the set of legal moves, and at the end on the points (OpenSpiel's returns are
zero-sum: a team's points from 0-0 are its positive return), else `EngineMismatch`.

OpenSpiel 2.0.2's `ResampleFromInfostate` for euchre reshuffles only the cards the other seats
were really dealt: the kitty and the dealer's real discard never land in a sampled hand, so the
bot knows a little more than a player does. It is measured as shipped.

pyspiel is imported only here (the `bench` and `dev` extras), never by the site. A benchmark,
not a test (tests/games/lab/test_arena_openspiel.py plays a few deals with few simulations).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from multiprocessing import Pool
from typing import Any

from games.engine import GameState, HandState, deal_hand
from games.engine.actions import ALONE, NOT_ALONE, ORDER_UP, PASS
from games.engine.bench import OPENSPIEL_RULES
from games.engine.view import seat_view
from games.lab.arena import count_play, factory_for, label
from games.lab.arena_stats import SideStats, confidence_interval, mean, quantile
from games.players import PlayerFactory

RULES = OPENSPIEL_RULES
SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}  # OpenSpiel: a card is rank * 4 + suit
RANK_INDEX = {"9": 0, "T": 1, "J": 2, "Q": 3, "K": 4, "A": 5}
PASS_ACTION, FIRST_TRUMP_ACTION, ALONE_ACTION, PARTNER_ACTION = 24, 25, 29, 30
UCT_C = 2.0


class EngineMismatch(Exception):
    """The two engines disagree: on the seat to act, the legal moves or the points."""


def openspiel_card(card: str) -> int:
    return RANK_INDEX[card[0]] * 4 + SUIT_INDEX[card[1]]


def openspiel_action(action: str, upcard: str) -> int:
    """Our action string as OpenSpiel's action number."""
    if action == PASS:
        return PASS_ACTION
    if action == ORDER_UP:
        return FIRST_TRUMP_ACTION + SUIT_INDEX[upcard[1]]
    if action.startswith("call:"):
        return FIRST_TRUMP_ACTION + SUIT_INDEX[action[5:]]
    if action == ALONE:
        return ALONE_ACTION
    if action == NOT_ALONE:
        return PARTNER_ACTION
    if action.startswith(("discard:", "play:")):
        return openspiel_card(action.split(":", 1)[1])
    raise EngineMismatch(f"no OpenSpiel action for {action!r}")


@dataclass
class MatchStats(SideStats):
    """A side's arena figures, and the zero-sum points of the hands it named trump (make +1,
    march +2, lone march +4, euchred -2: OpenSpiel's returns for the makers)."""

    net_when_making: float = 0.0

    def net_per_bid(self) -> float:
        return self.net_when_making / self.made_trump if self.made_trump else 0.0


@dataclass
class DealResult:
    difference: float  # our points minus the bot's, per hand, over the deal's two plays
    side: dict[str, MatchStats] = field(default_factory=dict)


def make_bot(pyspiel: Any, seed: int, sims: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )


def openspiel_state(pyspiel: Any, game: Any, hand: HandState) -> Any:
    """OpenSpiel's state after the chance nodes that deal our hand: the dealer, then the cards
    one at a time to the dealer and round to its left, then the up card."""
    state = game.new_initial_state()
    state.apply_action(hand.dealer)
    for index in range(20):
        seat = (hand.dealer + index) % 4
        state.apply_action(openspiel_card(hand.hands[seat][index // 4]))
    state.apply_action(openspiel_card(hand.upcard))
    return state


def points_agree(score_after: Sequence[int], returns: Sequence[float]) -> bool:
    """Our teams' points from 0-0 against OpenSpiel's zero-sum returns per seat."""
    return all(score_after[seat % 2] == max(returns[seat], 0.0) for seat in range(4))


def play_match_hand(
    pyspiel: Any,
    game: Any,
    deal_seed: str,
    dealer: int,
    ours: PlayerFactory,
    our_seats: Sequence[int],
    sims: int,
    times: dict[str, list[float]],
) -> tuple[Any, list[float]]:
    """One hand, our player in `our_seats` and the bot in the others: (our record, OpenSpiel's
    returns). `times` receives the CPU seconds of each side's real decisions."""
    state = GameState(RULES, deal_seed)
    state.hand = HandState(RULES, dealer, deal_hand(deal_seed, 0, RULES), 0)
    theirs = openspiel_state(pyspiel, game, state.hand)
    upcard = state.hand.upcard
    players = {seat: ours(random.Random(f"{deal_seed}/seat/{seat}")) for seat in our_seats}
    bot_seed = random.Random(f"{deal_seed}/bot/{our_seats[0]}").getrandbits(31)
    bots = {
        seat: make_bot(pyspiel, bot_seed + seat, sims) for seat in range(4) if seat not in players
    }
    while not state.records:
        seat = state.hand.to_act
        if seat is None or theirs.is_terminal() or theirs.current_player() != seat:
            raise EngineMismatch(f"{deal_seed}: seat {seat} to act, OpenSpiel says {theirs}")
        legal = state.hand.legal_actions()
        mapped = {openspiel_action(action, upcard): action for action in legal}
        if len(mapped) != len(legal) or set(mapped) != set(theirs.legal_actions()):
            raise EngineMismatch(
                f"{deal_seed}: seat {seat} legal {sorted(legal)} but OpenSpiel "
                f"{[theirs.action_to_string(seat, a) for a in theirs.legal_actions()]}"
            )
        start = time.process_time()
        if seat in players:
            view = seat_view(state, seat)
            action = players[seat].choose(view, RULES)
            real, side = len(view.honest_actions) > 1, "ours"
        elif len(legal) == 1:
            action, real, side = legal[0], False, "bot"
        else:
            action, real, side = mapped[bots[seat].step(theirs)], True, "bot"
        if real:
            times[side].append(time.process_time() - start)
        state.apply(action, seat)
        theirs.apply_action(openspiel_action(action, upcard))
    record = state.records[0]
    returns = theirs.returns()
    if not theirs.is_terminal() or not points_agree(record.score_after, returns):
        raise EngineMismatch(f"{deal_seed}: our points {record.score_after}, OpenSpiel {returns}")
    return record, returns


def play_deal(args: tuple[str, int, str, int]) -> DealResult:
    """Deal `index` of the match, both seatings (a worker's unit of work)."""
    import pyspiel  # type: ignore[import-not-found]  # the bench extra, never the site's

    seed, index, player, sims = args
    game = pyspiel.load_game("euchre")
    factory = factory_for(player)
    deal_seed, dealer = f"{seed}/{index}", index % 4
    result = DealResult(0.0, {"ours": MatchStats(), "bot": MatchStats()})
    for our_seats in ((0, 2), (1, 3)):
        bot_seats = tuple(seat for seat in range(4) if seat not in our_seats)
        times: dict[str, list[float]] = {"ours": [], "bot": []}
        record, returns = play_match_hand(
            pyspiel, game, deal_seed, dealer, factory, our_seats, sims, times
        )
        points = {}
        for side, seats in (("ours", our_seats), ("bot", bot_seats)):
            stats = result.side[side]
            points[side] = count_play(stats, record, RULES, seats)
            stats.times.extend(times[side])
            if record.maker in seats:
                stats.net_when_making += returns[record.maker]
        result.difference += (points["ours"] - points["bot"]) / 2
    return result


def merge(total: MatchStats, part: MatchStats) -> None:
    for item in fields(MatchStats):
        if item.name == "times":
            total.times.extend(part.times)
        else:
            setattr(total, item.name, getattr(total, item.name) + getattr(part, item.name))


def run_match(
    player: str,
    deals: int,
    sims: int,
    seed: str = "openspiel",
    jobs: int = 1,
    progress: bool = False,
) -> tuple[dict[str, MatchStats], list[float]]:
    """Our `player` against the bot over `deals` duplicate deals: each side's figures and the
    per-deal differences."""
    side = {"ours": MatchStats(), "bot": MatchStats()}
    differences: list[float] = []
    work = [(seed, index, player, sims) for index in range(deals)]
    pool = Pool(jobs) if jobs > 1 else None
    results = pool.imap(play_deal, work) if pool else map(play_deal, work)
    try:
        for result in results:
            differences.append(result.difference)
            for name in side:
                merge(side[name], result.side[name])
            if progress and len(differences) % 10 == 0:
                low, high = confidence_interval(differences)
                print(
                    f"  {len(differences)} deals: {mean(differences):+.3f} "
                    f"[{low:+.3f}, {high:+.3f}]",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        if pool:
            pool.close()
    return side, differences


def format_match(
    player: str, sims: int, seed: str, side: dict[str, MatchStats], differences: list[float]
) -> str:
    low, high = confidence_interval(differences)
    lines = [
        f"{player} vs OpenSpiel ISMCTS ({sims} simulations, random rollouts, uct_c {UCT_C}); "
        f"{len(differences)} duplicate deals ({side['ours'].hands} hands), seed {seed!r}, "
        "rules: OpenSpiel's euchre (stick the dealer, no lone defender)"
    ]
    for name, who in (("ours", player), ("bot", "ismcts")):
        stats = side[name]
        lines.append(
            f"{who:<8} {stats.points_per_hand():.3f} points/hand; named trump "
            f"{stats.rate(stats.made_trump, stats.units):5.1%} of hands, euchred "
            f"{stats.rate(stats.euchred):5.1%} of its bids, {stats.net_per_bid():+.2f} points "
            f"per hand it named trump (zero-sum); alone "
            f"{stats.rate(stats.lone_hands, stats.units):5.1%} of hands; "
            f"decision p50 {1000 * quantile(stats.times, 0.5):.1f} ms, "
            f"p95 {1000 * quantile(stats.times, 0.95):.1f} ms CPU ({len(stats.times)} decisions)"
        )
    lines.append(
        f"{player} - ismcts: {mean(differences):+.3f} points/hand, 95% CI [{low:+.3f}, {high:+.3f}]"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="strong", help="strong, normal, easy or baseline")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--sims", type=int, default=10_000)
    parser.add_argument("--seed", default="openspiel")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    factory_for(args.a)  # an unknown name is refused before a card is dealt
    side, differences = run_match(
        args.a, args.deals, args.sims, args.seed, args.jobs, args.progress
    )
    print(format_match(label(args.a), args.sims, args.seed, side, differences))


if __name__ == "__main__":
    from games.collector import long_running_gc

    long_running_gc()  # as in the workers' children, so the decision times are theirs
    main()
