"""Draws the 24 Euchre cards and a card back as SVG files into games/static/games/cards/.

Run once after changing the design: `python3 scripts/draw_cards.py`. The SVGs are committed, so
the site ships its own cards and needs no font, image or CDN beyond a system sans-serif.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "games" / "static" / "games" / "cards"
WIDTH, HEIGHT = 250, 350
RED, BLACK = "#c8102e", "#1d1d1f"
RANK_LABEL = {"9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
RANK_NAME = {"9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_NAME = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

# each suit drawn in a 100 x 100 box
SUIT_PATH = {
    "H": "M50 90C22 66 4 48 4 29 4 14 16 4 29 4c10 0 17 6 21 14 4-8 11-14 21-14 13 0 25 10 25 25"
    " 0 19-18 37-46 61z",
    "D": "M50 2 86 50 50 98 14 50z",
    "S": "M50 4C36 24 8 38 8 60c0 15 12 23 24 23 7 0 13-3 16-8-1 9-5 15-12 21h28c-7-6-11-12-12-21"
    " 3 5 9 8 16 8 12 0 24-8 24-23C92 38 64 24 50 4z",
    "C": "M50 8a19 19 0 0 1 15 31 19 19 0 1 1-11 33c1 9 5 16 12 24H34c7-8 11-15 12-24a19 19 0 1 1"
    "-11-33A19 19 0 0 1 50 8z",
}

# pip centres for the number cards, in a 250 x 350 card
PIPS = {
    "9": [
        (78, 78),
        (172, 78),
        (78, 148),
        (172, 148),
        (125, 175),
        (78, 202),
        (172, 202),
        (78, 272),
        (172, 272),
    ],
    "T": [
        (78, 78),
        (172, 78),
        (125, 112),
        (78, 148),
        (172, 148),
        (78, 202),
        (172, 202),
        (125, 238),
        (78, 272),
        (172, 272),
    ],
}


def pip(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    scale = size / 100
    rotate = f" rotate(180 {x} {y})" if flip else ""
    return (
        f'<path d="{SUIT_PATH[suit]}" transform="{rotate.strip()} translate({x - size / 2} '
        f'{y - size / 2}) scale({scale})"/>'
    )


def corner(rank: str, suit: str) -> str:
    label = RANK_LABEL[rank]
    size = 34 if label != "10" else 30
    return (
        f'<text x="24" y="48" font-size="{size}" text-anchor="middle" font-weight="700">'
        f"{label}</text>{pip(suit, 24, 70, 24)}"
    )


def centre(rank: str, suit: str, colour: str) -> str:
    if rank in PIPS:
        return "".join(pip(suit, x, y, 46, flip=y > 175) for x, y in PIPS[rank])
    if rank == "A":
        return pip(suit, 125, 175, 120)
    tint = "#fbeaea" if colour == RED else "#e9edf3"
    return (
        f'<rect x="52" y="62" width="146" height="226" rx="12" fill="{tint}" '
        f'stroke="{colour}" stroke-width="3"/>'
        f'<text x="125" y="178" font-size="110" text-anchor="middle" font-weight="700" '
        f'font-family="Georgia, serif">{RANK_LABEL[rank]}</text>'
        f"{pip(suit, 125, 236, 56)}"
    )


def card_svg(rank: str, suit: str) -> str:
    colour = RED if suit in "HD" else BLACK
    title = f"{RANK_NAME[rank]} of {SUIT_NAME[suit]}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{title}"><title>{title}</title>'
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" fill="#fff" '
        f'stroke="#b9bec7" stroke-width="3"/>'
        f'<g fill="{colour}" font-family="Helvetica, Arial, sans-serif">'
        f"{corner(rank, suit)}"
        f'<g transform="rotate(180 125 175)">{corner(rank, suit)}</g>'
        f"{centre(rank, suit, colour)}</g></svg>\n"
    )


def back_svg() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-label="Card back"><title>Card back</title>'
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="20" height="20" fill="#1f4e8c"/>'
        '<path d="M0 10h20M10 0v20" stroke="#5b86c5" stroke-width="3"/></pattern></defs>'
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" fill="#fff" '
        'stroke="#b9bec7" stroke-width="3"/>'
        '<rect x="16" y="16" width="218" height="318" rx="10" fill="url(#lattice)"/>'
        '<rect x="16" y="16" width="218" height="318" rx="10" fill="none" stroke="#143a6b" '
        'stroke-width="4"/></svg>\n'
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for suit in SUIT_NAME:
        for rank in RANK_NAME:
            (OUT / f"{rank}{suit}.svg").write_text(card_svg(rank, suit))
    (OUT / "back.svg").write_text(back_svg())
    print(f"wrote 25 cards to {OUT}")


if __name__ == "__main__":
    main()
