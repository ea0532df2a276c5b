"""`manage.py display_names_alike`: the stored display names that today's rules would refuse."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from dataclasses import asdict
from typing import Any

from django.core.management.base import BaseCommand

from accounts.names import escaped_visibly
from accounts.selectors_names import (
    INVISIBLE,
    SAME_FOLDED_SKELETON,
    SAME_SKELETON,
    STALE_KEYS,
    AlikeGroup,
    display_names_alike,
)

REASON_TEXT = {
    SAME_SKELETON: "look alike",
    SAME_FOLDED_SKELETON: "look alike ignoring case",
    INVISIBLE: "invisible characters",
    STALE_KEYS: "stored skeletons out of date",
}


class Command(BaseCommand):
    help = (
        "List the players whose display names look alike by today's confusables skeleton "
        "(recomputed from each name, since rows saved before invisible characters were dropped "
        "from the skeleton keep the older one), whose names hold invisible characters (shown "
        "as <U+3164>), or whose stored skeletons are out of date. Changes nothing. For each "
        "group, staff keep the name of the account that had it first and rename the others "
        "in the admin (Users > the player > Display name): the admin applies the sign-up "
        "rules and stores fresh skeletons. A name with invisible characters must be renamed; "
        "until then the player's own settings page and the admin refuse to save it."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--json", action="store_true", help="print the groups as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        groups = display_names_alike()
        if options["json"]:
            # ASCII only: invisible and right-to-left characters arrive as \u escapes
            payload = {"groups": [self._json(group) for group in groups]}
            self.stdout.write(json.dumps(payload, indent=2))
            return
        if not groups:
            self.stdout.write(
                "No two display names look alike, none holds an invisible character, and "
                "every stored skeleton is up to date."
            )
            return
        self.stdout.write(f"{len(groups)} group(s) for staff to look at (oldest first):")
        for number, group in enumerate(groups, 1):
            reasons = "; ".join(REASON_TEXT[reason] for reason in group.reasons)
            self.stdout.write(f"\n{number}. {reasons}")
            for player in group.players:
                notes = ["active" if player.is_active else "inactive"]
                if player.invisible:
                    notes.append("holds " + ", ".join(player.invisible))
                if not player.stored_keys_current:
                    notes.append("stored skeletons out of date")
                name = f'"{escaped_visibly(player.display_name)}"'
                self.stdout.write(f"   user {player.id:<8} {name:<34} {'; '.join(notes)}")

    @staticmethod
    def _json(group: AlikeGroup) -> dict[str, Any]:
        return {
            "reasons": list(group.reasons),
            "players": [
                {**asdict(player), "display_name_escaped": escaped_visibly(player.display_name)}
                for player in group.players
            ],
        }
