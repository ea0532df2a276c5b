"""What the wallet's "For" column says about each kind of reference."""

from __future__ import annotations

import pytest

from economy.references import reference_label


@pytest.mark.parametrize(
    ("reference", "label"),
    [
        ("game:12", "Game 12"),
        ("purchase:7", "Gold purchase 7"),
        ("league:3", "League 3"),
        ("day:2026-11-03", "3 Nov 2026"),
        ("user:741", ""),
        ("staff:2", ""),
        ("day:not-a-date", "day:not-a-date"),
        ("something:else", "something:else"),
    ],
)
def test_a_reference_reads_as_what_it_is(reference, label):
    assert reference_label(reference) == label
