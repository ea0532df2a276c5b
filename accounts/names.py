"""When two display names look alike: Unicode's confusables skeleton (UTS #39, section 4).

Two strings are confusable when their skeletons are equal: decompose (NFD), replace every
character by the prototype of its class in Unicode's `confusables.txt` (Cyrillic a, U+0430, by
Latin "a", "m" by "rn", fullwidth B, U+FF22, by "B", "1" and "I" by "l" ...), decompose again.
The data is `confusable-homoglyphs`' copy of confusables.txt, which keeps it as pairs in both
directions; the classes are the same (every source has one prototype, every prototype its
sources), so each character maps to the prototype of its class, or, for a class of two whose
direction the pairs do not tell, to the smaller of the two: equal skeletons stay exactly as
equal as Unicode's.

Names are compared in their compatibility form (NFKC: fullwidth letters are letters), once as
they are written and once with case folded (display_name_skeletons); the database keeps both
skeletons unique among players (accounts.models.User).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# confusables.txt's comments, from which the package read the characters, wrap right-to-left
# ones in these marks
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character -> the prototype of its class (one or more characters)."""
    from confusable_homoglyphs.confusables import confusables_data

    neighbours: dict[str, set[str]] = {}
    for key, entries in confusables_data.items():
        key = key.translate(_DIRECTION_MARKS)
        for entry in entries:
            other = entry["c"].translate(_DIRECTION_MARKS)
            neighbours.setdefault(key, set()).add(other)
            neighbours.setdefault(other, set()).add(key)
    mapping = {}
    for char, linked in neighbours.items():
        if len(char) != 1 or len(linked) != 1:
            continue  # a prototype (it has several sources) or a sequence: maps to itself
        (other,) = linked
        if len(other) > 1 or len(neighbours[other]) > 1:
            mapping[char] = other  # a source: its one neighbour is its prototype
        elif other < char:
            mapping[char] = other  # a class of two: the smaller stands for both
    # a prototype of several characters may hold one that stands for a class of two ("(日)":
    # 日 and its Kangxi radical); in the skeleton it takes that one's place too
    return {
        char: "".join(mapping.get(part, part) for part in unicodedata.normalize("NFD", target))
        for char, target in mapping.items()
    }


def skeleton(text: str) -> str:
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in decomposed))


def _compatible(text: str) -> str:
    # confusables.txt leaves out what compatibility normalisation already folds (most
    # fullwidth letters: U+FF42 is "b" by NFKC, and in no confusable class)
    return unicodedata.normalize("NFKC", text)


def display_name_skeletons(name: str) -> tuple[str, str]:
    """Two keys, each unique among players: the skeleton as Unicode defines it, which tells
    capital I from small l ("Ian" and "lan" share it, "ALICE" and "ALLCE" do not), and the
    skeleton of the case-folded name ("ALICE", "alice" and "alice" with a Cyrillic a share it).
    One key could not do both: folding case after the skeleton would make I (now l) an L."""
    if not name:
        return "", ""
    compatible = _compatible(name)
    return skeleton(compatible), skeleton(_compatible(compatible.casefold()))


def display_names_look_alike(first: str, second: str) -> bool:
    """What the unique keys refuse (besides one name in two cases, a unique index of its own)."""
    return any(
        a == b
        for a, b in zip(display_name_skeletons(first), display_name_skeletons(second), strict=True)
    )
