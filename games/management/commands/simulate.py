"""`python manage.py simulate`: whole games between computer players, and their statistics.

    python manage.py simulate --games 1000 --seed 1
    python manage.py simulate --games 200 --seed 7 --rules going_under,target_score=11
    python manage.py simulate --games 300 --team0 rule_of_thumb --team1 random

The work is done by `games.simulation`; this command only reads its options and prints.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import InvalidRules, RuleOptions
from games.players import PLAYER_KINDS
from games.simulation import simulate

RULE_NAMES = tuple(option.name for option in fields(RuleOptions))
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def parse_rules(text: str) -> RuleOptions:
    """ "going_under,stick_the_dealer,target_score=11": an on/off option by its name (or
    name=false), target_score and opening_lead as name=value."""
    defaults = RuleOptions()
    options: dict[str, Any] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, has_value, value = (piece.strip() for piece in item.partition("="))
        if name not in RULE_NAMES:
            raise CommandError(
                f"unknown rule option {name!r}; valid options: {', '.join(RULE_NAMES)}"
            )
        default = getattr(defaults, name)
        if isinstance(default, bool):
            options[name] = _on_or_off(name, value) if has_value else True
        elif not has_value or not value:
            raise CommandError(f"{name} needs a value, e.g. {name}={default}")
        elif isinstance(default, int):
            try:
                options[name] = int(value)
            except ValueError as error:
                raise CommandError(f"{name} must be a whole number, not {value!r}") from error
        else:
            options[name] = value
    try:
        return RuleOptions(**options)
    except InvalidRules as error:
        raise CommandError(str(error)) from error


def _on_or_off(name: str, value: str) -> bool:
    if value.lower() in TRUE_WORDS:
        return True
    if value.lower() in FALSE_WORDS:
        return False
    raise CommandError(f"{name} is on or off: {name}=true or {name}=false, not {value!r}")


class Command(BaseCommand):
    help = "Play whole games between computer players and print their statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100, help="how many games (100)")
        parser.add_argument("--seed", default="1", help="game i is dealt from seed/i (1)")
        parser.add_argument(
            "--rules",
            default="",
            help=f"comma-separated rule options, e.g. going_under,target_score=11; "
            f"valid: {', '.join(RULE_NAMES)}",
        )
        kinds = sorted(PLAYER_KINDS)
        parser.add_argument("--team0", choices=kinds, default="rule_of_thumb", help="seats 0, 2")
        parser.add_argument("--team1", choices=kinds, default="rule_of_thumb", help="seats 1, 3")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        rules = parse_rules(options["rules"])
        players = (PLAYER_KINDS[options["team0"]], PLAYER_KINDS[options["team1"]])
        report = simulate(options["games"], options["seed"], rules, players)
        self.stdout.write(report.format())
