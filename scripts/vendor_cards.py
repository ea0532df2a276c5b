"""Copies the card faces the site uses from David Bellot's SVG-cards into
games/tables/static/games/cards/, named as the engine names cards (9S.svg, TH.svg, XJ.svg ...).

    git clone https://github.com/yimyom/SVG-cards /tmp/SVG-cards
    python3 scripts/vendor_cards.py /tmp/SVG-cards

SVG-cards is LGPL-3.0 (its LICENSE is copied beside the cards). The one change made to each
file: the SVG namespace on the root element, without which a browser does not draw the file
as an image.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "games" / "tables" / "static" / "games" / "cards"
RANKS = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "1"}
SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
# the Benny cards of seed 003 and the back
EXTRA = {"2S": "2_spade", "XJ": "black_joker", "back": "back"}
NAMESPACE = 'xmlns="http://www.w3.org/2000/svg"'


def files() -> dict[str, str]:
    named = {rank + suit: f"{RANKS[rank]}_{SUITS[suit]}" for rank in RANKS for suit in SUITS}
    return {**named, **EXTRA}


def vendor(source: Path) -> None:
    deck = source / "svg" / "France"
    for name, upstream in files().items():
        text = (deck / f"{upstream}.svg").read_text(encoding="utf-8")
        if NAMESPACE not in text.split(">", 1)[0]:
            text = text.replace("<svg ", f"<svg {NAMESPACE} ", 1)
        (OUT / f"{name}.svg").write_text(text, encoding="utf-8")
    shutil.copyfile(source / "LICENSE", OUT / "LICENSE")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    vendor(Path(sys.argv[1]))
