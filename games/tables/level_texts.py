"""The computer levels in a player's words: one line for the level selects of the table forms,
a paragraph on how each thinks for the "Computer players" page, and the opponents its strength
is measured against.

Players read these: they name no modules. What each level really does is
`games.players.levels` (and `docs/computer-players.md` for the developer's account); keep these
words true to it when a level changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.players.levels import LEVELS
from games.players.published import BASELINE, OPENSPIEL_ISMCTS


@dataclass(frozen=True)
class LevelText:
    label: str
    summary: str  # a few words, beside the level in a select (a phone's shows about 32 letters)
    how_it_thinks: str  # a paragraph, for the page


LEVEL_TEXTS: dict[str, LevelText] = {
    "easy": LevelText(
        "Easy",
        "simple rules, some slips",
        "Easy plays the way many kitchen-table players do. It counts its hand (bowers and "
        "other trumps, off-suit aces, a king with its ace, a void it can trump into) and bids "
        "when the count is high enough, but it starts bidding a point lower than it should, so "
        "it orders up and calls trump a little rashly and gets euchred more often. It plays the "
        "usual maxims: lead trump when its side made it, cash aces, win a trick as cheaply as it "
        "can, never take a trick from its partner, throw its lowest card, except that one card "
        "in four it plays any card it is allowed to. A good partner or opponent while you learn.",
    ),
    "normal": LevelText(
        "Normal",
        "thinks its cards ahead",
        "Normal bids like a careful club player, by the same count as easy without the "
        "rashness. Its card play looks ahead: before each card it imagines eight ways the cards "
        "it cannot see may lie, each fitting what it has seen (who could not follow suit, the "
        "up card), plays each of them out to the last trick as if every card were face up, and "
        "plays the card that did best over them. Once trump is made it decides whether to go "
        "alone and what to discard the same way, over four such deals. It is quick and seldom "
        "wastes a trick, but a few guesses can mislead it.",
    ),
    "strong": LevelText(
        "Strong",
        "thinks every move ahead",
        "Strong thinks the way normal does, harder and about everything. Before each card it "
        "imagines up to two dozen deals of the unseen cards, each fitting everything it has "
        "seen: who could not follow suit, the card the dealer picked up or turned down, its own "
        "discard, what the bids suggest, and plays each out to the end. It bids the same way: "
        "it tries ordering up, calling, passing, going alone and each discard over about fifty "
        "guessed deals, and departs from the rule of thumb only when the gain is clear. A "
        "computer standing in for a person who left or ran out of time always plays strong.",
    ),
}
assert tuple(LEVEL_TEXTS) == LEVELS, "a level without words, or words for no level"

OPPONENT_LABELS: dict[str, str] = {
    BASELINE: "the rule-of-thumb player",
    OPENSPIEL_ISMCTS: "OpenSpiel's search bot",
}
OPPONENT_NOTES: dict[str, str] = {
    BASELINE: "How a fair club player bids and plays, written down as rules: easy without its "
    "slips and its rash bids.",
    OPENSPIEL_ISMCTS: "The ISMCTS bot of OpenSpiel (DeepMind's open-source library of games), "
    "10,000 simulations a move. As shipped it knows a little more than a player may: the cards "
    "it imagines for the others never include the kitty or the dealer's real discard.",
}


def level_choices() -> list[tuple[str, str]]:
    """The levels for a select: each with what it means, in one line."""
    return [(level, f"{text.label}: {text.summary}") for level, text in LEVEL_TEXTS.items()]


OPPONENT_SHORT_LABELS: dict[str, str] = {
    BASELINE: "vs the rule of thumb",
    OPENSPIEL_ISMCTS: "vs OpenSpiel's bot",
}


def opponent_label(opponent: str) -> str:
    """An opponent's name in the page's sentences (an opponent these words do not know yet:
    its name in the figures file)."""
    return OPPONENT_LABELS.get(opponent, opponent.replace("_", " "))


def opponent_short_label(opponent: str) -> str:
    return OPPONENT_SHORT_LABELS.get(opponent, f"vs {opponent_label(opponent)}")
