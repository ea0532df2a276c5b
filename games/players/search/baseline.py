"""The baseline the search starts from and plays the other seats' auctions with: the rule of
thumb (`rule_of_thumb.py`), which knows every variant and chooses only honest actions (with a
renege rule on, the engine offers reneging cards as legal; a computer never reneges).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine import RuleOptions, SeatView

from ..rule_of_thumb import choose_action


def honest_view(view: SeatView) -> SeatView:
    """The view with only the honest actions as legal ones."""
    honest = view.honest_actions
    if not honest or honest == view.legal_actions:
        return view
    return replace(view, legal_actions=honest)


def baseline_action(view: SeatView, rules: RuleOptions) -> str:
    """The rule of thumb's choice on the honest view."""
    return choose_action(honest_view(view), rules)
