"""The evidence of a flag in words a staff member understands: what was found, what chance would
give, and how unlikely the difference is. Reads the JSON the service keeps
(`games.moderation.collusion.services.evidence_document`); `first` and `second` are the two names,
lower account id first."""

from __future__ import annotations

from typing import Any, NamedTuple

from .signals import (
    LEADS,
    MIN_GAMES_APART,
    MIN_GAMES_AS_PARTNERS,
    MIN_GAMES_TOGETHER,
    MIN_LEAD_CHANCES,
    RESULTS,
    SITTING,
)
from .stats import one_in

TITLES = {
    SITTING: "Sitting together in quick play",
    RESULTS: "Results as partners and apart",
    LEADS: "Leads into the partner's unseen voids",
}


# why a kind of evidence was not judged: the pair's games did not reach its minimum
NOT_JUDGED = {
    SITTING: f"Fewer than {MIN_GAMES_TOGETHER} quick-play games together.",
    RESULTS: (
        f"Fewer than {MIN_GAMES_AS_PARTNERS} decided partnership games as partners, or fewer "
        f"than {MIN_GAMES_APART} apart."
    ),
    LEADS: (
        f"Fewer than {MIN_LEAD_CHANCES} leads while the partner secretly held none of a suit "
        "the leader had."
    ),
}
FLAGGED, BELOW, UNJUDGED = "Flagged", "Below the bar", "Not judged"


class Finding(NamedTuple):
    kind: str
    title: str
    verdict: str  # FLAGGED, BELOW or UNJUDGED
    found: str  # what they did
    chance: str  # what chance would give
    odds: str  # how unlikely that difference is by chance


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "—"


def findings(evidence: dict[str, Any], first: str, second: str) -> list[Finding]:
    """One finding per kind of evidence, in the kinds' order (a kind the pair's games were too
    few to judge says so)."""
    described = []
    sitting = evidence.get(SITTING)
    if sitting:
        mine, yours = sitting["quick_play_games"]
        described.append(
            Finding(
                SITTING,
                TITLES[SITTING],
                _verdict(sitting),
                f"Sat at the same quick-play table in {sitting['games_together']} games.",
                f"About {sitting['expected']:.1f} games, from how many quick-play games each "
                f"played of the same game in the same hours ({first}: {mine}, {second}: "
                f"{yours}) and how many people were playing then.",
                f"That many by chance: {one_in(sitting['p_value'])}.",
            )
        )
    results = evidence.get(RESULTS)
    if results:
        together, wins = results["games_together"], results["wins_together"]
        (games_a, games_b), (wins_a, wins_b) = results["games_apart"], results["wins_apart"]
        apart = _share(wins_a + wins_b, games_a + games_b)
        described.append(
            Finding(
                RESULTS,
                TITLES[RESULTS],
                _verdict(results),
                f"As partners they won {wins} of {together} games ({_share(wins, together)}).",
                f"About {apart}, their win rate apart: {first} won {wins_a} of {games_a} "
                f"({_share(wins_a, games_a)}) and {second} {wins_b} of {games_b} "
                f"({_share(wins_b, games_b)}) with other partners.",
                f"A difference this large by chance: {one_in(results['p_value'])}.",
            )
        )
    leads = evidence.get(LEADS)
    if leads:
        described.append(
            Finding(
                LEADS,
                TITLES[LEADS],
                _verdict(leads),
                f"{leads['chances']} times one of them led while the partner, unknown to the "
                "table, held none of a suit the leader had (and had not yet shown it); "
                f"{leads['hits']} times the lead was that suit.",
                f"About {leads['expected']:.0f} times, as players in general lead in the same "
                f"situations (about {leads['blind']:.0f} if each lead were a suit picked at "
                "random).",
                f"That many by chance: {one_in(leads['p_value'])}.",
            )
        )
    judged = {finding.kind for finding in described}
    for kind in (SITTING, RESULTS, LEADS):
        if kind not in judged:
            described.append(Finding(kind, TITLES[kind], UNJUDGED, NOT_JUDGED[kind], "—", "—"))
    order = [SITTING, RESULTS, LEADS]
    return sorted(described, key=lambda finding: order.index(finding.kind))


def _verdict(evidence: dict[str, Any]) -> str:
    return FLAGGED if evidence["flagged"] else BELOW
