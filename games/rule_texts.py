"""The rule options and the named games in a player's words: a label, one line saying what an
option does and the names of its choices, for the table forms; short summaries for the pages.

Players read these: they name no documents. The engine's `RuleOptions` decides what is legal;
this module only describes it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from games.engine import PRESETS, RuleOptions

# every engine preset, in the order the form lists them
PRESET_LABELS: dict[str, str] = {
    "standard": "Standard Euchre",
    "two_handed": "Two-handed",
    "three_handed": "Three-handed",
    "three_handed_seven": "Three-handed, seven cards",
    "call_ace": "Call-ace",
    "benny_joker": "Benny (joker)",
    "benny_two_of_spades": "Benny (two of spades)",
    "deck_28": "28 cards (with the eights)",
    "deck_32": "32 cards (with the eights and sevens)",
    "robson": "Robson rules",
    "farmers_hand": "Farmer's hand",
    "ace_no_face": "Ace no face",
    "no_ace_no_face_no_trump": "No ace, no face, no trump",
    "partner_takes_upcard": "Partner takes the up card",
    "canadian_loner": "Canadian loner",
    "renege": "Renege loses every trick",
    "kitchen_table": "Kitchen-table rules",
}
# the form's preset select when the options match no preset
CUSTOM = "custom"
CUSTOM_LABEL = "Your own rules"

# the games quick play seats people at (preset names)
QUICK_PLAY_VARIANTS: tuple[str, ...] = ("standard", "two_handed", "three_handed", "call_ace")


@dataclass(frozen=True)
class OptionText:
    label: str
    help: str
    # (value, words) for an option chosen from a list; empty for an on/off option
    choices: tuple[tuple[Any, str], ...] = ()


OPTION_TEXTS: dict[str, OptionText] = {
    "variant": OptionText(
        "Game",
        "Euchre: two partnerships of two. Two- and three-handed: each for themselves, the maker "
        "against the rest. Call-ace: the maker calls a suit; its ace's holder is their secret "
        "partner.",
        (
            ("euchre", "Euchre (partners)"),
            ("two_handed", "Two-handed"),
            ("three_handed", "Three-handed"),
            ("call_ace", "Call-ace (secret partner)"),
        ),
    ),
    "hand_size": OptionText(
        "Cards in each hand",
        "Seven cards is for three-handed only: four tricks make, all seven are a march.",
        ((5, "5 cards"), (7, "7 cards")),
    ),
    "deck": OptionText(
        "Deck",
        "A bigger deck adds the eights, then the sevens, below the nines.",
        ((24, "24 cards (9 to ace)"), (28, "28 cards (8 to ace)"), (32, "32 cards (7 to ace)")),
    ),
    "target_score": OptionText(
        "Play to",
        "The score that wins the game.",
        ((5, "5 points"), (7, "7 points"), (10, "10 points"), (11, "11 points")),
    ),
    "win_by_two": OptionText(
        "Win by two", "The game goes on until the leader is two points ahead."
    ),
    "stick_the_dealer": OptionText(
        "Stick the dealer", "If everyone passes twice, the dealer must name trump."
    ),
    "no_trump": OptionText("No trump", "In the second round of bidding you may call no trump."),
    "going_under": OptionText(
        "Going under",
        "Dealt three or more nines and tens? Swap three cards for the three unseen ones, on "
        "your turn to bid.",
    ),
    "going_under_form": OptionText(
        "Cards that go under",
        "Only with going under. Farmer's: you call \"Farmer's\" and give three of your nines "
        "and tens, face up for everyone to see; the three cards you take stay unseen.",
        (
            ("any_three", "Any three, unseen"),
            ("farmers_call", "Three nines and tens, shown (Farmer's)"),
        ),
    ),
    "farmers_hand": OptionText(
        "Farmer's hand",
        "No ace, no face card and no Benny: swap three cards for the unseen ones, or ask for "
        "a new deal.",
    ),
    "ace_no_face": OptionText(
        "Ace no face",
        "One ace and no face card: swap three cards for the unseen ones, or ask for a new deal.",
    ),
    "no_ace_no_face_no_trump": OptionText(
        "No ace, no face, no trump",
        "A hand without an ace, a face card or a trump may ask for a new deal.",
    ),
    "partner_takes_upcard": OptionText(
        "Partner takes the up card",
        "With partners: when someone other than the dealer orders it up, the maker's partner "
        "picks up the card instead of the dealer.",
    ),
    "dealers_partner_alone": OptionText(
        "Canadian loner",
        "With partners: when the dealer's partner makes trump, they must play alone.",
    ),
    "first_dealer": OptionText(
        "First dealer",
        "Who deals the first hand.",
        (("random", "Chosen at random"), ("black_jack", "The first black jack dealt face up")),
    ),
    "benny": OptionText(
        "Benny (best bower)",
        "An extra card that beats every trump, whatever suit is trump.",
        (("none", "None"), ("joker", "The joker"), ("two_of_spades", "The two of spades")),
    ),
    "upturned_benny": OptionText(
        "When the Benny is turned up",
        "Only with a Benny: what happens when it is the up card.",
        (
            ("name_blind", "The dealer names trump before seeing their hand"),
            ("name", "Players name trump in turn"),
            ("dealer_must_play", "The dealer must name trump"),
            ("redeal", "The hand is thrown in and dealt again"),
            ("S", "Spades are trump"),
            ("H", "Hearts are trump"),
            ("D", "Diamonds are trump"),
            ("C", "Clubs are trump"),
        ),
    ),
    "defend_alone": OptionText(
        "Defending alone",
        "With partners: a defender may play alone; a lone defender who euchres the makers "
        "scores 4.",
    ),
    "robson": OptionText(
        "Robson rules",
        "With partners: a side taking every trick may add its points or take them off the "
        "other side; a jack turned up lets the dealer go alone without seeing their hand.",
    ),
    "renege": OptionText(
        "Renege",
        "With a penalty, any card can be played and a card that does not follow suit is caught "
        "at the end of its trick.",
        (
            ("off", "Off: only cards that follow suit can be played"),
            ("all_tricks", "The other side is given every trick"),
            ("two_points", "Two points to the other side, and the hand ends"),
            ("forfeit", "The other side wins the game"),
        ),
    ),
    "call_ace_printed_suit": OptionText(
        "Call-ace: count the called suit as printed",
        "Call-ace only. When nobody holds the called ace, the partner is whoever holds the "
        "next highest card of the suit as printed (king, queen, jack...) rather than as it "
        "ranks in play, where a jack may be a bower.",
    ),
    "dealer_may_discard_upcard": OptionText(
        "Dealer may discard the up card",
        "Whether the dealer who picks up the up card may throw that same card away.",
        ((True, "Yes"), (False, "No")),
    ),
    "opening_lead": OptionText(
        "Lead when someone plays alone",
        "Who leads the first trick of a hand played alone.",
        (
            ("loner_left", "The player on the loner's left"),
            ("dealer_left", "The player on the dealer's left"),
        ),
    ),
}

# the form's boxes of options, in order; every option is in one
OPTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Players, cards and score", ("variant", "hand_size", "deck", "target_score", "win_by_two")),
    (
        "Dealing and bidding",
        (
            "stick_the_dealer",
            "no_trump",
            "going_under",
            "going_under_form",
            "farmers_hand",
            "ace_no_face",
            "no_ace_no_face_no_trump",
            "partner_takes_upcard",
            "dealers_partner_alone",
            "first_dealer",
        ),
    ),
    ("The Benny", ("benny", "upturned_benny")),
    (
        "Playing",
        (
            "defend_alone",
            "robson",
            "renege",
            "call_ace_printed_suit",
            "dealer_may_discard_upcard",
            "opening_lead",
        ),
    ),
)

OPTION_DEFAULTS: dict[str, Any] = RuleOptions().to_dict()


@cache
def _preset(name: str) -> RuleOptions:
    return RuleOptions.from_dict(PRESETS[name])


def preset_options(name: str) -> dict[str, Any]:
    """Every option of a preset (the defaults where it sets none)."""
    return _preset(name).to_dict()


def preset_of(rules: RuleOptions) -> str | None:
    """The preset whose options are exactly these rules, if one is."""
    options = rules.to_dict()
    return next((name for name in PRESETS if preset_options(name) == options), None)


def preset_label(name: str | None) -> str:
    return PRESET_LABELS.get(name or "", CUSTOM_LABEL)


def rules_label(rules: RuleOptions) -> str:
    """What a table is called: the preset its rules start from (the one setting the most of
    them), then what they change: "Call-ace", "Standard Euchre, Going under", "Benny (joker),
    Play to: 5 points"."""
    options = rules.to_dict()
    fitting = [
        name
        for name, preset in PRESETS.items()
        if all(options[option] == value for option, value in preset.items())
    ]
    base = max(fitting, key=lambda name: len(PRESETS[name]))  # "standard" sets none: it fits
    base_options = preset_options(base)
    changes = [
        option_words(name, value) for name, value in options.items() if value != base_options[name]
    ]
    return ", ".join([PRESET_LABELS[base], *changes])


def option_words(name: str, value: Any) -> str:
    """One option as a player reads it: "Stick the dealer", "Deck: 28 cards (8 to ace)"; an
    on/off option that is off: "No trump: off"."""
    text = OPTION_TEXTS[name]
    if text.choices:
        return f"{text.label}: {_choice_words(name, value)}"
    return text.label if value else f"{text.label}: off"


def game_name(variant: str) -> str:
    """ "Euchre", "Two-handed", "Three-handed" or "Call-ace"."""
    return _choice_words("variant", variant).split(" (")[0]


def preset_seats(name: str) -> int:
    """How many sit at a table of this preset: 2, 3 or 4."""
    return _preset(name).seats


def rules_summary(rules: RuleOptions) -> tuple[str, ...]:
    """The game, the target, then every option that differs from the standard game, in words:
    "Three-handed", "to 10", "Stick the dealer", "Deck: 28 cards (8 to ace)"."""
    words = [game_name(rules.variant), f"to {rules.target_score}"]
    for option in fields(RuleOptions):
        name, value = option.name, getattr(rules, option.name)
        if name not in ("variant", "target_score") and value != OPTION_DEFAULTS[name]:
            words.append(option_words(name, value))
    return tuple(words)


def _choice_words(name: str, value: Any) -> str:
    return dict(OPTION_TEXTS[name].choices).get(value, str(value))
