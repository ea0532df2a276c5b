"""Made-up finished games for the collusion review: an honest population (random seating from
the quick-play queue, games played through the engine by computer players) and planted pairs
(two accounts that queue together, win together, and lead into each other's unseen voids)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from games.engine import GameState, RuleOptions
from games.engine.cards import EFFECTIVE_SUIT
from games.engine.hand import PLAY_PHASE
from games.engine.view import seat_view
from games.moderation.collusion.leads import LeadChance, lead_chances
from games.moderation.collusion.signals import FinishedGame
from games.players import choose_action

START = datetime(2026, 10, 1, tzinfo=UTC)


def played_game(
    seed: str, cheats: Sequence[int] = (), rules: RuleOptions | None = None
) -> tuple[GameState, list[tuple[int, int]], list[int]]:
    """A partnership game played by rule-of-thumb computers through the engine. The seats in
    `cheats` peek at their partner's cards: leading, they lead a suit the partner holds none
    of when they can (a partner in crime). Returns the final state, every lead's
    (hand number, trick), and the seat of every move."""
    rules = rules or RuleOptions()
    state = GameState(rules, seed)
    leads, movers = [], []
    while state.winner is None:
        seat = state.to_act
        hand = state.hand
        if hand.phase == PLAY_PHASE and not hand.trick_cards:
            leads.append((hand.number, len(hand.tricks)))
        action = _peeking_lead(state, seat) if seat in cheats else None
        state.apply(action or choose_action(seat_view(state, seat), rules), seat)
        movers.append(seat)
    return state, leads, movers


def _peeking_lead(state: GameState, seat: int) -> str | None:
    hand = state.hand
    if hand.phase != PLAY_PHASE or hand.trick_cards:
        return None
    partner = (seat + 2) % 4
    if not hand.active[partner]:
        return None
    suit_of = EFFECTIVE_SUIT[hand.trump]
    partner_suits = {suit_of[card] for card in hand.hands[partner]}
    for card in hand.hands[seat]:
        if suit_of[card] not in partner_suits:
            return f"play:{card}"
    return None


def engine_game(
    game_id: int,
    players: Sequence[int | None],
    *,
    started_at: datetime,
    quick_play: bool = True,
    cheats: Sequence[int] = (),
) -> FinishedGame:
    """A finished partnership game with `players` in its seats, played through the engine,
    with its lead chances (every seat of a person leads as a person)."""
    state, leads, _ = played_game(f"made-up/{game_id}", cheats)
    person_leads = set(leads)
    chances = tuple(
        chance
        for chance in lead_chances(state.records, person_leads)
        if players[chance.leader] is not None
    )
    winner = state.winner
    assert winner is not None
    return FinishedGame(
        game_id=game_id,
        variant="euchre",
        quick_play=quick_play,
        started_at=started_at,
        players=tuple(players),
        cancelled=(False,) * 4,
        winning_seats=(winner, winner + 2),
        leads=chances,
    )


def honest_population(
    *, players: int, games: int, seed: int = 1, first_id: int = 1, engine: bool = True
) -> list[FinishedGame]:
    """`games` quick-play games among `players` accounts (ids 1..players): each hour a random
    four of them sit together in random seats, as the queue would; played through the engine
    (or, `engine=False`, a coin decides the winner and there is no play signal)."""
    chooser = random.Random(seed)
    made = []
    for index in range(games):
        seated = chooser.sample(range(1, players + 1), 4)
        started_at = START + timedelta(minutes=20 * index)
        game_id = first_id + index
        if engine:
            made.append(engine_game(game_id, seated, started_at=started_at))
        else:
            team = chooser.randrange(2)
            made.append(result_game(game_id, seated, team, started_at=started_at))
    return made


def result_game(
    game_id: int,
    players: Sequence[int | None],
    winning_team: int,
    *,
    started_at: datetime,
    quick_play: bool = True,
) -> FinishedGame:
    """A finished partnership game with a result and no hands (for the seating and results)."""
    return FinishedGame(
        game_id=game_id,
        variant="euchre",
        quick_play=quick_play,
        started_at=started_at,
        players=tuple(players),
        cancelled=(False,) * len(players),
        winning_seats=(winning_team, winning_team + 2),
    )


def hits(chances: Sequence[LeadChance]) -> int:
    return sum(chance.hit for chance in chances)
