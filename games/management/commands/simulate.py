"""`python manage.py simulate`: whole games between computer players, and their statistics.

    python manage.py simulate --games 1000 --seed 1
    python manage.py simulate --games 200 --seed 7 --rules going_under,target_score=11
    python manage.py simulate --games 300 --team0 rule_of_thumb --team1 random
    python manage.py simulate --list-variants
    python manage.py simulate --variant three_handed --games 200 --seed 1 --players random
    python manage.py simulate --variant robson --rules target_score=5 --games 200
    python manage.py simulate --variant all --games 100 --players random

The work is done by `games.lab.simulation`; this command only reads its options and prints.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import PRESETS, InvalidRules, RuleOptions, preset_rules
from games.lab.simulation import SimulationReport, simulate
from games.players import PLAYER_KINDS

RULE_NAMES = tuple(option.name for option in fields(RuleOptions))
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")
ALL_VARIANTS = "all"


def parse_rules(text: str, variant: str | None = None) -> RuleOptions:
    """ "going_under,stick_the_dealer,target_score=11": an on/off option by its name (or
    name=false), the others as name=value; over the preset `variant` when one is named."""
    if variant is not None and variant not in PRESETS:
        raise CommandError(
            f"unknown variant {variant!r}; valid variants: {', '.join(PRESETS)} "
            f"(or {ALL_VARIANTS!r} for every one; see --list-variants)"
        )
    options = _parse_options(text)
    try:
        return preset_rules(variant, **options) if variant else RuleOptions(**options)
    except InvalidRules as error:
        named = f"variant {variant!r} with --rules {text!r}: " if variant and options else ""
        raise CommandError(f"{named}{error}") from error


def _parse_options(text: str) -> dict[str, Any]:
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
    return options


def _on_or_off(name: str, value: str) -> bool:
    if value.lower() in TRUE_WORDS:
        return True
    if value.lower() in FALSE_WORDS:
        return False
    raise CommandError(f"{name} is on or off: {name}=true or {name}=false, not {value!r}")


def variant_lines() -> list[str]:
    """One line per preset: its name, then its options as --rules would take them."""
    lines = []
    for name, options in PRESETS.items():
        if not options:
            lines.append(f"{name}: the site's rules (no options)")
            continue
        spelled = (
            f"{key}={str(value).lower() if isinstance(value, bool) else value}"
            for key, value in options.items()
        )
        lines.append(f"{name}: {', '.join(spelled)}")
    return lines


class Command(BaseCommand):
    help = "Play whole games between computer players and print their statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100, help="how many games (100)")
        parser.add_argument("--seed", default="1", help="game i is dealt from seed/i (1)")
        parser.add_argument(
            "--variant",
            help=f"a named preset of rule options (see --list-variants), or {ALL_VARIANTS!r} "
            f"for one report per preset",
        )
        parser.add_argument(
            "--list-variants", action="store_true", help="list the presets and their options"
        )
        parser.add_argument(
            "--rules",
            default="",
            help=f"comma-separated rule options, over the variant's when one is named, e.g. "
            f"going_under,target_score=11; valid: {', '.join(RULE_NAMES)}",
        )
        kinds = sorted(PLAYER_KINDS)
        parser.add_argument(
            "--players", choices=kinds, help="one kind for every seat (overrides --team0/1)"
        )
        parser.add_argument(
            "--team0", choices=kinds, default="rule_of_thumb", help="seats 0, 2 (even seats)"
        )
        parser.add_argument(
            "--team1", choices=kinds, default="rule_of_thumb", help="seats 1, 3 (odd seats)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list_variants"]:
            self.stdout.write("\n".join(variant_lines()))
            return
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        variant = options["variant"]
        names = list(PRESETS) if variant == ALL_VARIANTS else [variant]
        # every name and rule is checked before the first card is dealt
        runs = [(name, parse_rules(options["rules"], name)) for name in names]
        kinds = (options["players"] or options["team0"], options["players"] or options["team1"])
        players = (PLAYER_KINDS[kinds[0]], PLAYER_KINDS[kinds[1]])
        reports = []
        for name, rules in runs:
            report = simulate(options["games"], options["seed"], rules, players, variant=name)
            reports.append(report)
            if len(runs) > 1:
                self.stdout.write(f"== {name}")
            self.stdout.write(report.format())
            if len(runs) > 1:
                self.stdout.write("")
        if len(runs) > 1:
            self.stdout.write("\n".join(summary_lines(reports)))


def summary_lines(reports: list[SimulationReport]) -> list[str]:
    """One line per variant: hands per game, march and euchre rates, points per hand, speed."""
    width = max(len(report.variant or "") for report in reports)
    lines = [f"{'variant':<{width}}  hands/game  marches  euchres  reneges  points/hand  games/s"]
    for report in reports:
        played = report.played_hands or 1
        per_hand = sum(report.points) / report.hands if report.hands else 0.0
        lines.append(
            f"{report.variant or '':<{width}}  {report.hands_per_game:10.2f}  "
            f"{100 * report.marches / played:6.1f}%  {100 * report.euchres / played:6.1f}%  "
            f"{100 * report.reneges / played:6.1f}%  {per_hand:11.3f}  "
            f"{report.games_per_second:7.1f}"
        )
    return lines
