"""Rule options of a table. Every option is named after the seed that describes it.

The default `RuleOptions()` is the site's game of seed 000: four players in two partnerships,
24 cards. Every variant of seeds 001-004 is an option of the same engine; `check_rules`
refuses any combination that makes no sense, naming the problem and the valid choices.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .errors import InvalidRules

OpeningLead = Literal["loner_left", "dealer_left"]
Variant = Literal["euchre", "two_handed", "three_handed", "call_ace"]
Benny = Literal["none", "joker", "two_of_spades"]
UpturnedBenny = Literal["S", "H", "D", "C", "name_blind", "name", "dealer_must_play", "redeal"]
Renege = Literal["off", "all_tricks", "two_points", "forfeit"]
FirstDealer = Literal["random", "black_jack"]
GoingUnderForm = Literal["any_three", "farmers_call"]

CHOICES: dict[str, tuple[Any, ...]] = {
    "variant": ("euchre", "two_handed", "three_handed", "call_ace"),
    "deck": (24, 28, 32),
    "hand_size": (5, 7),
    "benny": ("none", "joker", "two_of_spades"),
    "upturned_benny": ("S", "H", "D", "C", "name_blind", "name", "dealer_must_play", "redeal"),
    "renege": ("off", "all_tricks", "two_points", "forfeit"),
    "first_dealer": ("random", "black_jack"),
    "going_under_form": ("any_three", "farmers_call"),
    "opening_lead": ("loner_left", "dealer_left"),
}
SEATS = {"euchre": 4, "two_handed": 2, "three_handed": 3, "call_ace": 4}


class HandFlags(NamedTuple):
    """What a hand checks often, derived from the options once."""

    partnered: bool  # two fixed teams
    reneging: bool  # any card may be played; a renege is punished when found
    watch_plays: bool  # a play may show the call-ace partner or be a renege
    kitty_options: bool  # going under, an exchange or a redeal may be offered
    upcard_rules: bool  # an upturned Benny or Robson's jack may change how the bidding opens


@dataclass(frozen=True)
class RuleOptions:
    # seed 003: "Sets the variant (Two-Handed Euchre, Three-Handed Euchre, Euchre, Call-Ace Euchre)"
    variant: Variant = "euchre"
    # seed 003: 24 (9-A), 28 (8-A) or 32 (7-A) cards
    deck: int = 24
    # seed 004's three-person game deals 7 cards each (three-handed only)
    hand_size: int = 5
    # seed 003: the joker or the two of spades is the highest trump
    benny: Benny = "none"
    # seed 003: what an upturned Benny makes trump (a suit), or who names it, or a redeal
    upturned_benny: UpturnedBenny = "name_blind"
    # seed 000: three or more nines/tens dealt, swap three cards for the three unseen kitty cards,
    # only on your turn to bid (also called farmer's hand, seed 004)
    going_under: bool = False
    # which cards go under: "any_three" (seed 000: "replace three of his cards", unseen);
    # "farmers_call" (seed 004: call "Farmer's" and replace "those three cards", the nines and
    # tens, shown to the table; the centre cards taken stay unseen). Only with going_under
    going_under_form: GoingUnderForm = "any_three"
    # seed 003: no face card, no ace, no Benny: exchange three cards or ask for a redeal
    farmers_hand: bool = False
    # seed 003: one ace and four cards that are not face cards (the Benny is none): exchange three
    # or ask for a redeal
    ace_no_face: bool = False
    # seed 003: no ace, no face card and no trump: ask for a redeal
    no_ace_no_face_no_trump: bool = False
    # seeds 003, 004: after two rounds of passes the dealer must name a suit
    stick_the_dealer: bool = False
    # seeds 001, 002, 003: a defender may play alone; a lone defender's euchre scores 4
    defend_alone: bool = False
    # seed 001: the dealer's partner who makes trump must play alone (the Canadian loner)
    dealers_partner_alone: bool = False
    # seed 003: the maker's partner, not the dealer, takes the up card when a defender orders it
    partner_takes_upcard: bool = False
    # seed 003: sweeps may add or reduce; a jack turned up lets the dealer go alone blind
    robson: bool = False
    # seeds 003, 004: a card that does not follow suit is playable and punished when found
    renege: Renege = "off"
    # seed 004: cards dealt face up until a black jack turns up; that player deals first
    first_dealer: FirstDealer = "random"
    # call-ace: rank the called suit by its printed cards (A K Q J 10 9) rather than as in play
    call_ace_printed_suit: bool = False
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

    # set by __post_init__ and no option: declared for the type check only, so that the
    # dataclass has no such field when run
    if TYPE_CHECKING:
        hand_flags: HandFlags = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_rules(self)
        # worked out once: every new hand reads them (not a field: no part of the options)
        object.__setattr__(
            self,
            "hand_flags",
            HandFlags(
                partnered=self.variant == "euchre",
                reneging=self.renege != "off",
                watch_plays=self.renege != "off" or self.variant == "call_ace",
                kitty_options=self.going_under
                or self.farmers_hand
                or self.ace_no_face
                or self.no_ace_no_face_no_trump,
                upcard_rules=self.benny != "none" or self.robson,
            ),
        )

    # ---- what the options add up to ---------------------------------------------------------

    @property
    def seats(self) -> int:
        return SEATS[self.variant]

    @property
    def partnerships(self) -> bool:
        """Two fixed teams (seats 0 and 2, 1 and 3) that share one score."""
        return self.variant == "euchre"

    @property
    def scorers(self) -> int:
        """How many scores the game keeps: one per team, or one per player."""
        return 2 if self.partnerships else self.seats

    @property
    def tricks_to_make(self) -> int:
        return self.hand_size // 2 + 1

    @property
    def benny_card(self) -> str | None:
        return {"none": None, "joker": "XJ", "two_of_spades": "2S"}[self.benny]

    def scorer_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def to_dict(self) -> dict[str, Any]:
        # every option is a str, int or bool: a copy of the fields, without asdict's deep copy
        # (a frame carries the rules, and asdict was a tenth of a move's work in a profile)
        return {name: getattr(self, name) for name in _option_names()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleOptions:
        known = {option.name for option in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRules(
                f"unknown rule options: {', '.join(unknown)} (known: {', '.join(sorted(known))})"
            )
        return cls(**data)


@functools.cache
def _option_names() -> tuple[str, ...]:
    return tuple(option.name for option in fields(RuleOptions))


def check_rules(rules: RuleOptions) -> None:
    for option in fields(rules):
        name, value = option.name, getattr(rules, option.name)
        if name in CHOICES:
            allowed = CHOICES[name]
            if type(value) not in (str, int) or value not in allowed:
                choices = ", ".join(repr(choice) for choice in allowed)
                raise InvalidRules(f"{name} must be one of {choices} (not {value!r})")
        elif name == "target_score":
            if type(value) is not int or not 1 <= value <= 100:
                raise InvalidRules("target_score must be a whole number from 1 to 100")
        elif type(value) is not bool:
            raise InvalidRules(f"{name} must be true or false (not {value!r})")
    for problem in _combination_problems(rules):
        raise InvalidRules(problem)


def _combination_problems(rules: RuleOptions) -> list[str]:
    variant, problems = rules.variant, []
    partners_only = {
        "defend_alone": "a lone defender leaves a partner out",
        "dealers_partner_alone": "the dealer's partner",
        "partner_takes_upcard": "the maker's partner",
        "robson": "Robson rules score a team's sweep",
    }
    if variant != "euchre":
        for option, why in partners_only.items():
            if getattr(rules, option):
                problems.append(
                    f"{option} needs fixed partnerships ({why}): "
                    f"it is for variant 'euchre', not {variant!r}"
                )
    if rules.hand_size == 7 and variant != "three_handed":
        problems.append(
            "hand_size 7 is the seven-card three-person game: only with variant 'three_handed'"
        )
    needed = rules.seats * rules.hand_size + 1 + (3 if _exchanges(rules) else 0)
    cards = rules.deck + (rules.benny != "none")
    if needed > cards:
        problems.append(
            f"{rules.seats} hands of {rules.hand_size}, the up card and the kitty need {needed} "
            f"cards; a deck of {rules.deck} has {cards}"
        )
    if rules.benny != "none" and rules.no_trump:
        problems.append("benny is the highest trump: it cannot be played with no_trump")
    if rules.benny == "none" and rules.upturned_benny != "name_blind":
        problems.append("upturned_benny needs a benny ('joker' or 'two_of_spades')")
    if rules.renege == "forfeit" and variant in ("three_handed", "call_ace"):
        problems.append(
            "renege 'forfeit' needs one opposing side to win the game: "
            "use 'all_tricks' or 'two_points' with three-handed or call-ace"
        )
    if rules.going_under_form != "any_three" and not rules.going_under:
        problems.append(
            f"going_under_form {rules.going_under_form!r} is a way of going under: "
            "it needs going_under"
        )
    if rules.going_under and (rules.farmers_hand or rules.ace_no_face):
        problems.append(
            "going_under and the exchanges (farmers_hand, ace_no_face) swap the same kitty "
            "cards: choose one"
        )
    if rules.call_ace_printed_suit and variant != "call_ace":
        problems.append("call_ace_printed_suit is only for variant 'call_ace'")
    return problems


def _exchanges(rules: RuleOptions) -> bool:
    return rules.going_under or rules.farmers_hand or rules.ace_no_face
