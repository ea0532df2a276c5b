"""Rule options of a table. Every option is named after the seed that describes it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .errors import InvalidRules

OpeningLead = Literal["loner_left", "dealer_left"]


@dataclass(frozen=True, slots=True)
class RuleOptions:
    # seed 000: three or more nines/tens dealt, swap three cards for the three unseen kitty cards,
    # only on your turn to bid (also called farmer's hand, seeds 003 and 004)
    going_under: bool = False
    # seeds 003, 004: after two rounds of passes the dealer must name a suit
    stick_the_dealer: bool = False
    # seeds 001, 002, 003: a defender may play alone; a lone defender's euchre scores 4
    defend_alone: bool = False
    # seed 001: a team wins at the target only with a lead of two or more
    win_by_two: bool = False
    # seed 003: the score a team must reach to win
    target_score: int = 10
    # seed 003: "No Trump" may be named in the second round of bidding
    no_trump: bool = False
    # site default lets the dealer discard the card just picked up; OpenSpiel does not
    dealer_may_discard_upcard: bool = True
    # "loner_left": the player on a loner's left leads, the lone defender when both teams are
    # alone (seed 002); "dealer_left": the dealer's left leads, skipping a sitting-out player
    opening_lead: OpeningLead = "loner_left"

    def __post_init__(self) -> None:
        for option in fields(self):
            value = getattr(self, option.name)
            if option.name == "target_score":
                if type(value) is not int or not 1 <= value <= 100:
                    raise InvalidRules("target_score must be a whole number from 1 to 100")
            elif option.name == "opening_lead":
                if value not in ("loner_left", "dealer_left"):
                    raise InvalidRules("opening_lead must be 'loner_left' or 'dealer_left'")
            elif type(value) is not bool:
                raise InvalidRules(f"{option.name} must be true or false")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleOptions:
        known = {option.name for option in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRules(f"unknown rule options: {', '.join(unknown)}")
        return cls(**data)
