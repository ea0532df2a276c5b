"""What a ledger entry's reference means to the player reading their wallet."""

from __future__ import annotations

from datetime import date

LABELS = {"game": "Game {}", "purchase": "Gold purchase {}", "league": "League {}"}


def reference_label(reference: str) -> str:
    """ "game:12" → "Game 12", "day:2026-11-23" → "23 Nov 2026"; references that only say
    whose wallet or which staff member (the "what" column already tells) show nothing."""
    kind, _, value = reference.partition(":")
    if kind in LABELS and value:
        return LABELS[kind].format(value)
    if kind == "day":
        try:
            return date.fromisoformat(value).strftime("%-d %b %Y")
        except ValueError:
            return reference
    if kind in ("user", "staff"):
        return ""
    return reference
