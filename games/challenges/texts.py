"""A challenge in a player's words: the game, where the challenged player sits, the
computers."""

from __future__ import annotations

from accounts.models import User
from games.engine import RuleOptions
from games.rule_texts import rules_summary

from .models import Challenge, ChallengeSeat


def player_name(user: User) -> str:
    return user.display_name or "That player"


def challenge_words(challenge: Challenge) -> str:
    """ "Three-handed, to 10, Stick the dealer, against them, 1 easy computer", as the
    challenged player reads it (past three options changed: how many more)."""
    rules = RuleOptions.from_dict(challenge.rules)
    seat = "as their partner" if challenge.seat == ChallengeSeat.PARTNER else "against them"
    computers = rules.seats - 2
    summary = rules_summary(rules)
    words = list(summary[:5])
    if len(summary) > 5:
        words.append(f"{len(summary) - 5} more options")
    words.append(seat)
    if computers:
        words.append(
            f"{computers} {challenge.computer_level} computer{'s' if computers > 1 else ''}"
        )
    return ", ".join(words)
