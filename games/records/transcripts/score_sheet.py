"""A game's hand history as a text score sheet: who sat where, then a line per hand (dealer, up
card, trump and who named it, alone, tricks, result, points and the score after it). Built from
the history document (game.py), so the sheet and the JSON never disagree. Plain Python.
"""

from __future__ import annotations

from typing import Any

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RESULTS = {
    "make": "made",
    "march": "march",
    "euchre": "euchred",
    "all_pass": "all passed",
    "redeal": "thrown in",
    "renege": "renege",
}
NAME_WIDTH = 14
SIDE_LETTERS = "ABCD"


def card_text(card: str) -> str:
    if card == "XJ":
        return "Joker"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def trump_text(trump: str | None) -> str:
    if trump is None:
        return "-"
    return "no trump" if trump == "N" else SUIT_SYMBOLS[trump]


def _short(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def _sides(game: dict[str, Any]) -> list[tuple[str, str]]:
    """(letter, names) of each score: the two teams, or each player."""
    seats = game["seats"]
    if game["scorers"] == "teams":
        groups = [[seat for seat in seats if seat["seat"] % 2 == team] for team in (0, 1)]
    else:
        groups = [[seat] for seat in seats]
    return [
        (SIDE_LETTERS[number], " & ".join(seat["name"] for seat in group))
        for number, group in enumerate(groups)
    ]


def _alone(hand: dict[str, Any], names: list[str]) -> str:
    words = []
    if hand.get("blind_alone"):
        words.append("blind")
    elif hand["maker_alone"]:
        words.append("maker")
    if hand["lone_defender"] is not None:
        words.append(f"def. {names[hand['lone_defender']]}")
    return ", ".join(words)


def _named_by(hand: dict[str, Any], names: list[str]) -> str:
    if hand["maker"] is None:
        return "-"
    called = hand.get("called_ace")
    if called and called["partner"] is not None:
        return f"{names[hand['maker']]} + {names[called['partner']]}"
    return names[hand["maker"]]


def _points(hand: dict[str, Any], letters: list[str]) -> str:
    gained = hand["result"]["points_by_scorer"]
    parts = [f"{letters[scorer]} {points:+d}" for scorer, points in enumerate(gained) if points]
    return ", ".join(parts) or "-"


def score_sheet_text(document: dict[str, Any]) -> str:
    game = document["game"]
    sides = _sides(game)
    letters = [letter for letter, _ in sides]
    names = [_short(seat["name"]) for seat in game["seats"]]
    lines = [f"Euchre score sheet: game {game['id']}" if "id" in game else "Euchre score sheet"]
    facts = [game[key] for key in ("kind", "finished") if game.get(key)]
    if facts:
        lines.append(" · ".join(facts))
    if game.get("rules_in_words"):
        lines.append("Rules: " + ", ".join(game["rules_in_words"]))
    lines.append("")
    for seat in game["seats"]:
        note = " (left: the computer finished for them)" if seat["cancelled"] else ""
        if seat["computer"] and not seat["cancelled"]:
            note = " (computer)"  # its name alone does not say so
        lines.append(f"Seat {seat['seat'] + 1}: {seat['name']}{note}")
    for letter, who in sides:
        lines.append(f"{letter} = {who}")
    lines.append("")
    header = ["Hand", "Dealer", "Up", "Trump", "Named by", "Alone", "Tricks", "Result", "Points"]
    rows = [header + letters]
    for hand in document["hands"]:
        result = hand["result"]
        tricks = result["maker_tricks"]
        rows.append(
            [
                str(hand["number"]),
                names[hand["dealer"]],
                card_text(hand["upcard"]),
                trump_text(hand["trump"]),
                _named_by(hand, names),
                _alone(hand, names),
                "-" if tricks is None or not hand["tricks"] else str(tricks),
                RESULTS.get(result["outcome"], result["outcome"]),
                _points(hand, letters),
                *(str(score) for score in result["score_after"]),
            ]
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header) + len(sides))]
    for number, row in enumerate(rows):
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(cells).rstrip())
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    final = ", ".join(
        f"{letter} {score}" for letter, score in zip(letters, game["final_score"], strict=True)
    )
    lines.append(f"Final score: {final}.")
    if game["winner"] is not None:
        winner_letter, winner_names = sides[game["winner"]]
        lines.append(f"Won by {winner_letter} ({winner_names}).")
    return "\n".join(lines) + "\n"
