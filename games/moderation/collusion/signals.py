"""Three kinds of evidence that two accounts play as one team of cheats, from finished games.

- Sitting together: how often the two sat at the same quick-play table, against what chance
  predicts from how many quick-play games each played of the same game in the same hours. Quick
  play seats whoever waits, so two accounts that keep meeting queue together on purpose. The
  test: the count of games together is Poisson with the predicted mean (a sum of many rare
  chances); its upper tail is the evidence.
- Results together: their win rate as partners against their win rates apart (partnership games
  without the other at the table), by a one-sided two-proportion z-test.
- Leads into the partner's unseen voids (`leads`): how often one led a suit the partner had none
  of before the partner had shown it, against players in general in the same situations. The
  test: each chance is a hit with the population's rate for its situation; the count of hits
  is then Poisson-binomial, and its exact upper tail is the evidence.

Many pairs are tested at once, so a pair is flagged for a kind only when its tail is below
FALSE_FLAG_RATE divided by the number of pairs tested for that kind (Bonferroni), with enough
games to speak of, and with a difference large enough to matter. A flag is a question for staff.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations

from .leads import LeadChance
from .stats import poisson_binomial_upper_tail, poisson_upper_tail, two_proportion_upper_tail

# the chance that one run flags any honest pair for a given kind of evidence, if the model
# of chance holds: split evenly between the pairs tested (Bonferroni), so a site with many
# players asks for stronger evidence of each pair
FALSE_FLAG_RATE = 0.01
# quick-play games are compared within the same game (variant) and the same hour: who is
# online, and so who can meet whom, changes across the day
SITTING_PERIOD_MINUTES = 60
# fewer games together than this is never evidence, however unlikely (a couple who met twice)
MIN_GAMES_TOGETHER = 10
# ... nor is meeting less than this many times as often as chance predicts
MIN_SITTING_RATIO = 3.0
# results are compared only with this many decided partnership games as partners ...
MIN_GAMES_AS_PARTNERS = 20
# ... and this many (the two together) without the other at the table
MIN_GAMES_APART = 20
# a win rate as partners at least this much above the rate apart (0.2: 50% to 70%)
MIN_WIN_RATE_GAIN = 0.20
# leads into unseen voids are judged only on this many chances between the two
MIN_LEAD_CHANCES = 30
# ... and only when the hits are at least this many times what players in general would get
MIN_LEAD_RATIO = 1.5
# a situation seen rarely in the population borrows this many made-up chances at the blind
# rate (a suit the leader holds, picked at random), so one odd lead does not set its rate
SITUATION_PRIOR_WEIGHT = 10
# game ids kept as examples for each kind of evidence (the staff page links to them)
SAMPLE_GAMES = 12

SITTING, RESULTS, LEADS = "sitting", "results", "leads"
# ratios and rates are compared with this much slack: 0.7 - 0.5 is 0.19999999999999996
_SLACK = 1e-9
Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What the review reads of one finished game."""

    game_id: int
    variant: str  # "euchre" is the partnership game
    quick_play: bool  # seated from the quick-play queue
    started_at: datetime
    players: tuple[int | None, ...]  # the account in each seat; None: a computer
    cancelled: tuple[bool, ...] = ()  # by seat: the player left, a computer finished for them
    winning_seats: tuple[int, ...] = ()  # empty when the game had no winner
    leads: tuple[LeadChance, ...] = ()  # the play signal's chances (partnership games only)

    def person(self, seat: int) -> int | None:
        """The account that played `seat` to the end, or None (a computer, or a player who
        left: a computer finished for them)."""
        if self.cancelled and self.cancelled[seat]:
            return None
        return self.players[seat]


@dataclass(frozen=True, slots=True)
class SittingEvidence:
    games_together: int
    expected: float  # what chance predicts
    p_value: float
    quick_play_games: tuple[int, int]  # each one's quick-play games in the same hours
    game_ids: tuple[int, ...]
    flagged: bool


@dataclass(frozen=True, slots=True)
class ResultsEvidence:
    games_together: int
    wins_together: int
    games_apart: tuple[int, int]  # each one's partnership games without the other
    wins_apart: tuple[int, int]
    z: float
    p_value: float
    game_ids: tuple[int, ...]
    flagged: bool

    @property
    def rate_together(self) -> float:
        return self.wins_together / self.games_together

    @property
    def rate_apart(self) -> float:
        return sum(self.wins_apart) / max(1, sum(self.games_apart))


@dataclass(frozen=True, slots=True)
class LeadEvidence:
    chances: int
    hits: int
    expected: float  # hits players in general would make in the same situations
    blind: float  # hits if each lead were a suit held, picked at random
    p_value: float
    game_ids: tuple[int, ...]  # games with hits, the most first
    flagged: bool


@dataclass
class PairReview:
    """Everything the review found about one pair; `kinds` are the kinds that flag it."""

    pair: Pair  # the two accounts, lower id first
    sitting: SittingEvidence | None = None
    results: ResultsEvidence | None = None
    leads: LeadEvidence | None = None
    kinds: list[str] = field(default_factory=list)

    @property
    def game_ids(self) -> list[int]:
        """Example games of every kind, each once, in the kinds' order."""
        seen: dict[int, None] = {}
        for evidence in (self.leads, self.sitting, self.results):
            if evidence is not None:
                seen.update(dict.fromkeys(evidence.game_ids))
        return list(seen)


def pair_of(first: int, second: int) -> Pair:
    return (first, second) if first < second else (second, first)


def review(games: Sequence[FinishedGame]) -> list[PairReview]:
    """The pairs flagged for at least one kind of evidence, with all the evidence found about
    them (a kind that does not flag them is kept too, for staff to read), by pair."""
    found: dict[Pair, PairReview] = {}
    for kind, evidence_of in ((SITTING, sitting_evidence), (RESULTS, results_evidence)):
        for pair, evidence in evidence_of(games).items():
            _note(found, pair, kind, evidence)
    for pair, leads in lead_evidence(games).items():
        _note(found, pair, LEADS, leads)
    flagged = [entry for entry in found.values() if entry.kinds]
    return sorted(flagged, key=lambda entry: entry.pair)


def _note(
    found: dict[Pair, PairReview],
    pair: Pair,
    kind: str,
    evidence: SittingEvidence | ResultsEvidence | LeadEvidence,
) -> None:
    entry = found.setdefault(pair, PairReview(pair))
    setattr(entry, kind, evidence)
    if evidence.flagged:
        entry.kinds.append(kind)


def _threshold(tested: int) -> float:
    return FALSE_FLAG_RATE / max(1, tested)


def _latest(games: Iterable[FinishedGame]) -> tuple[int, ...]:
    ordered = sorted(games, key=lambda game: (game.started_at, game.game_id), reverse=True)
    return tuple(game.game_id for game in ordered[:SAMPLE_GAMES])


# ---- sitting together in quick play ------------------------------------------------------------


def sitting_evidence(games: Sequence[FinishedGame]) -> dict[Pair, SittingEvidence]:
    """Every pair that sat together at MIN_GAMES_TOGETHER quick-play tables or more."""
    period_seconds = SITTING_PERIOD_MINUTES * 60
    # per period: all the people's seats, and per player their games and the other people
    # at their tables (the seats a partner in crime could have filled)
    seats_in: dict[tuple, int] = defaultdict(int)
    games_of: dict[tuple, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    others_of: dict[tuple, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    periods_of: dict[int, set[tuple]] = defaultdict(set)
    together: dict[Pair, list[FinishedGame]] = defaultdict(list)
    for game in games:
        if not game.quick_play:
            continue
        people = [player for player in game.players if player is not None]
        period = (game.variant, int(game.started_at.timestamp() // period_seconds))
        seats_in[period] += len(people)
        for player in people:
            games_of[period][player] += 1
            others_of[period][player] += len(people) - 1
            periods_of[player].add(period)
        for first, second in combinations(sorted(people), 2):
            together[(first, second)].append(game)

    tested = {pair: met for pair, met in together.items() if len(met) >= MIN_GAMES_TOGETHER}
    threshold = _threshold(len(tested))
    evidence = {}
    for pair, met in tested.items():
        first, second = pair
        expected, played = 0.0, [0, 0]
        for period in periods_of[first] & periods_of[second]:
            seats, a, b = seats_in[period], games_of[period][first], games_of[period][second]
            played[0] += a
            played[1] += b
            # each of A's tables had others-many seats for other people; B held b of the
            # seats that were not A's (and the same seen from B), averaged
            from_first = others_of[period][first] * b / (seats - a)
            from_second = others_of[period][second] * a / (seats - b)
            expected += (from_first + from_second) / 2
        p_value = poisson_upper_tail(len(met), expected)
        evidence[pair] = SittingEvidence(
            games_together=len(met),
            expected=expected,
            p_value=p_value,
            quick_play_games=(played[0], played[1]),
            game_ids=_latest(met),
            flagged=p_value < threshold and len(met) + _SLACK >= MIN_SITTING_RATIO * expected,
        )
    return evidence


# ---- results together and apart ---------------------------------------------------------------


def results_evidence(games: Sequence[FinishedGame]) -> dict[Pair, ResultsEvidence]:
    """Every pair with MIN_GAMES_AS_PARTNERS decided partnership games as partners or more."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # player: [games, wins]
    # (pair, player): that player's games and wins at the pair's shared tables
    shared: dict[tuple[Pair, int], list[int]] = defaultdict(lambda: [0, 0])
    as_partners: dict[Pair, list[FinishedGame]] = defaultdict(list)
    wins_as_partners: dict[Pair, int] = defaultdict(int)
    for game in games:
        if game.variant != "euchre" or not game.winning_seats:
            continue
        seated = {seat: game.person(seat) for seat in range(len(game.players))}
        people = [(seat, player) for seat, player in seated.items() if player is not None]
        for seat, player in people:
            won = seat in game.winning_seats
            totals[player][0] += 1
            totals[player][1] += won
            for _, other in people:
                if other != player:
                    record = shared[(pair_of(player, other), player)]
                    record[0] += 1
                    record[1] += won
        for seat in (0, 1):
            player_of, partner = seated.get(seat), seated.get(seat + 2)
            if player_of is not None and partner is not None:
                pair = pair_of(player_of, partner)
                as_partners[pair].append(game)
                wins_as_partners[pair] += seat in game.winning_seats

    def apart(pair: Pair, player: int) -> tuple[int, int]:
        games_played, wins = totals[player]
        with_other = shared[(pair, player)]
        return games_played - with_other[0], wins - with_other[1]

    tested = {}
    for pair, partnered in as_partners.items():
        if len(partnered) < MIN_GAMES_AS_PARTNERS:
            continue
        first, second = apart(pair, pair[0]), apart(pair, pair[1])
        if first[0] + second[0] >= MIN_GAMES_APART:
            tested[pair] = (partnered, first, second)
    threshold = _threshold(len(tested))
    evidence = {}
    for pair, (partnered, first, second) in tested.items():
        wins = wins_as_partners[pair]
        games_apart, wins_apart = first[0] + second[0], first[1] + second[1]
        z, p_value = two_proportion_upper_tail(wins, len(partnered), wins_apart, games_apart)
        gain = wins / len(partnered) - wins_apart / games_apart
        evidence[pair] = ResultsEvidence(
            games_together=len(partnered),
            wins_together=wins,
            games_apart=(first[0], second[0]),
            wins_apart=(first[1], second[1]),
            z=z,
            p_value=p_value,
            game_ids=_latest(partnered),
            flagged=p_value < threshold and gain + _SLACK >= MIN_WIN_RATE_GAIN,
        )
    return evidence


# ---- leads into the partner's unseen voids ----------------------------------------------------


def lead_evidence(games: Sequence[FinishedGame]) -> dict[Pair, LeadEvidence]:
    """Every pair with MIN_LEAD_CHANCES chances between them or more (both ways pooled)."""
    population: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])  # situation: [n, hits]
    by_pair: dict[Pair, list[tuple[LeadChance, int]]] = defaultdict(list)
    for game in games:
        for chance in game.leads:
            leader = game.person(chance.leader)
            if leader is None:
                continue
            counts = population[chance.situation]
            counts[0] += 1
            counts[1] += chance.hit
            partner = game.person(chance.partner)
            if partner is not None:
                by_pair[pair_of(leader, partner)].append((chance, game.game_id))

    tested = {
        pair: chances for pair, chances in by_pair.items() if len(chances) >= MIN_LEAD_CHANCES
    }
    threshold = _threshold(len(tested))
    evidence = {}
    for pair, chances in tested.items():
        own: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
        for chance, _ in chances:
            own[chance.situation][0] += 1
            own[chance.situation][1] += chance.hit
        rates = []
        for chance, _ in chances:
            # players in general: the population without this pair's own leads
            seen, hits = (
                total - mine
                for total, mine in zip(
                    population[chance.situation], own[chance.situation], strict=True
                )
            )
            prior = chance.blind_share
            rates.append((hits + SITUATION_PRIOR_WEIGHT * prior) / (seen + SITUATION_PRIOR_WEIGHT))
        hits = sum(chance.hit for chance, _ in chances)
        expected = sum(rates)
        p_value = poisson_binomial_upper_tail(hits, rates)
        hit_games: dict[int, int] = defaultdict(int)
        for chance, game_id in chances:
            hit_games[game_id] += chance.hit
        examples = sorted(
            (game for game in hit_games if hit_games[game]), key=hit_games.__getitem__
        )
        evidence[pair] = LeadEvidence(
            chances=len(chances),
            hits=hits,
            expected=expected,
            blind=sum(chance.blind_share for chance, _ in chances),
            p_value=p_value,
            game_ids=tuple(reversed(examples))[:SAMPLE_GAMES],
            flagged=p_value < threshold and hits + _SLACK >= MIN_LEAD_RATIO * expected,
        )
    return evidence
