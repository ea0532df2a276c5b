"""The evidence in words for staff: what they did, what chance would give, how unlikely; and
a kind the pair's games were too few to judge says so."""

from __future__ import annotations

from dataclasses import asdict

from games.moderation.collusion.signals import LeadEvidence, ResultsEvidence, SittingEvidence
from games.moderation.collusion.words import BELOW, FLAGGED, UNJUDGED, findings


def test_every_kind_in_words_with_what_chance_would_give():
    evidence = {
        "sitting": asdict(SittingEvidence(14, 1.25, 2e-9, (40, 31), (7, 8), True)),
        "results": asdict(ResultsEvidence(30, 24, (50, 40), (26, 19), 2.9, 0.002, (7,), False)),
        "leads": asdict(LeadEvidence(120, 90, 51.4, 44.6, 1e-12, (8,), True)),
    }
    sitting, results, leads = findings(evidence, "Ann", "Bob")
    assert sitting.verdict == FLAGGED
    assert sitting.found == "Sat at the same quick-play table in 14 games."
    assert sitting.chance.startswith("About 1.2 games") and "(Ann: 40, Bob: 31)" in sitting.chance
    assert sitting.odds == "That many by chance: about 1 in 500,000,000."
    assert results.verdict == BELOW
    assert results.found == "As partners they won 24 of 30 games (80%)."
    assert results.chance == (
        "About 50%, their win rate apart: Ann won 26 of 50 (52%) and Bob 19 of 40 (48%) with "
        "other partners."
    )
    assert results.odds == "A difference this large by chance: about 1 in 500."
    assert leads.found.endswith("90 times the lead was that suit.")
    assert leads.chance.startswith("About 51 times") and "about 45 if each lead" in leads.chance


def test_a_kind_not_judged_says_why():
    evidence = {"leads": asdict(LeadEvidence(40, 30, 12.0, 11.0, 1e-9, (), True))}
    sitting, results, leads = findings(evidence, "Ann", "Bob")
    assert (sitting.verdict, results.verdict, leads.verdict) == (UNJUDGED, UNJUDGED, FLAGGED)
    assert sitting.found == "Fewer than 10 quick-play games together."
    assert sitting.chance == sitting.odds == "—"
