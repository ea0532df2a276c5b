"""When two display names look alike: Unicode's confusables skeleton (UTS #39, section 4).

Two strings are confusable when their skeletons are equal: decompose (NFD), replace every
character by the prototype of its class in Unicode's `confusables.txt` (Cyrillic a, U+0430, by
Latin "a", "m" by "rn", fullwidth B, U+FF22, by "B", "1" and "I" by "l" ...), decompose again.
The data is `confusable-homoglyphs`' copy of confusables.txt, which keeps it as pairs in both
directions; the classes are the same (every source has one prototype, every prototype its
sources), so each character maps to the prototype of its class, or, for a class of two whose
direction the pairs do not tell, to the smaller of the two: equal skeletons stay exactly as
equal as Unicode's.

Before the mapping the skeleton drops what shows nothing (TR39's step 2: the
Default_Ignorable_Code_Point characters, here with the other format characters), so "Alice" and
"Alice" followed by a Hangul filler (U+3164) share one. A new name holding such a character is
refused outright (invisible_characters); older rows holding one keep the skeletons stored before
this rule, and `manage.py display_names_alike` lists them for staff.

Names are compared in their compatibility form (NFKC: fullwidth letters are letters), once as
they are written and once with case folded (display_name_skeletons); the database keeps both
skeletons unique among players (accounts.models.User).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex

# What shows nothing, from Unicode's data as the `regex` package has it (no table of ours):
# Default_Ignorable_Code_Point (zero widths, joiners, bidi controls, variation selectors, soft
# hyphen, the combining grapheme joiner, tags, the Hangul fillers U+115F U+1160 U+3164 U+FFA0)
# and the other format characters (Cf), but for the few that print a mark of their own
# (Prepended_Concatenation_Mark: U+0600 ARABIC NUMBER SIGN ...)
_INVISIBLE = regex.compile(
    r"(?V1)[[\p{Default_Ignorable_Code_Point}\p{Cf}]--\p{Prepended_Concatenation_Mark}]"
)

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


def invisible_characters(text: str) -> list[str]:
    """The characters of `text` that show nothing, each once, in their order."""
    return list(dict.fromkeys(_INVISIBLE.findall(text)))


def code_point_label(char: str) -> str:
    """How players and staff are told which character it is: "U+3164 HANGUL FILLER" (a code
    point newer than Python's Unicode data has only its number)."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} {name}".rstrip()


def escaped_visibly(text: str) -> str:
    """The text with every character that shows nothing (or does not print) written as
    <U+3164>, so that a list of names shows where the hidden ones are."""
    return "".join(
        f"<U+{ord(char):04X}>" if _INVISIBLE.match(char) or not char.isprintable() else char
        for char in text
    )


def skeleton(text: str) -> str:
    table = prototypes()
    # TR39 drops default-ignorables before mapping; we drop every invisible character (a few
    # format characters more), which can only make more names alike
    decomposed = _INVISIBLE.sub("", unicodedata.normalize("NFD", text))
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
