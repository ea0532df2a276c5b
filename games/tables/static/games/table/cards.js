// Cards as the engine writes them ("9S", "TH", "JD", "7C", the Benny "XJ" joker or "2S"):
// names, faces, the order of cards under a trump (as games/engine/cards.py ranks them) and the
// orders a hand can be sorted in.

import { el } from "./dom.js";

export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
export const SUIT_NAMES = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs", N: "No trump" };
export const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };
export const JOKER = "XJ";
export const TWO_OF_SPADES = "2S";
const RANK_NAMES = {
  7: "Seven",
  8: "Eight",
  9: "Nine",
  T: "Ten",
  J: "Jack",
  Q: "Queen",
  K: "King",
  A: "Ace",
  2: "Two",
};
const PLAIN_ORDER = "789TJQKA";
// the engine's deck order (cards.ALL_CARDS): canonical spellings of going under and exchanges
const DECK_ORDER = [
  ..."SHDC".split("").flatMap((suit) => "9TJQKA".split("").map((rank) => rank + suit)),
  ..."SHDC".split("").map((suit) => "8" + suit),
  ..."SHDC".split("").map((suit) => "7" + suit),
  TWO_OF_SPADES,
  JOKER,
];

export const isBenny = (card) => card === JOKER || card === TWO_OF_SPADES;
export const isRed = (card) => card !== JOKER && (card[1] === "H" || card[1] === "D");

export function cardName(card) {
  if (card === JOKER) return "Joker (Benny)";
  if (card === TWO_OF_SPADES) return "Two of spades (Benny)";
  return RANK_NAMES[card[0]] + " of " + SUIT_NAMES[card[1]].toLowerCase();
}

export function cardShort(card) {
  if (card === JOKER) return "Jkr";
  return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]];
}

// an <img> of the card's face (or its back); data-card names the card for tests and clicks
export function cardImage(cardsUrl, card, className) {
  const image = el("img", className || "card-img");
  image.src = cardsUrl + (card || "back") + ".svg";
  image.alt = card ? cardName(card) : "A card, face down";
  if (card) image.dataset.card = card;
  image.draggable = false;
  return image;
}

// the face in a frame that can carry a large corner index, readable on a phone; one image to
// assistive technology, named in words (the index, "J♠", is drawn by CSS and not read)
export function cardFace(cardsUrl, card, className) {
  const face = el("span", "face" + (className ? " " + className : ""));
  face.append(cardImage(cardsUrl, card));
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", card ? cardName(card) : "A card, face down");
  if (card) {
    face.dataset.index = cardShort(card);
    face.dataset.suit = card === JOKER ? "X" : card[1];
    face.classList.toggle("red", isRed(card));
  }
  return face;
}

export function sortForAction(cards) {
  return cards.slice().sort((a, b) => DECK_ORDER.indexOf(a) - DECK_ORDER.indexOf(b));
}

// ---- strength under a trump -------------------------------------------------------------------

export function effectiveSuit(card, trump) {
  if (trump && trump !== "N") {
    if (isBenny(card)) return trump;
    if (card[0] === "J" && card[1] === SAME_COLOUR[trump]) return trump;
  }
  return card[1];
}

// Benny 8, right bower 7, left bower 6, A 5, K 4, Q 3, 10 2, 9 1, 8 0, 7 -1; null: not a trump
export function trumpStrength(card, trump) {
  if (!trump || trump === "N") return null;
  if (isBenny(card)) return 8;
  if (card === "J" + trump) return 7;
  if (card === "J" + SAME_COLOUR[trump]) return 6;
  if (card[1] !== trump) return null;
  return "789TQKA".indexOf(card[0]) - 1;
}

function plainStrength(card) {
  return PLAIN_ORDER.indexOf(card[0]) + 1;
}

export function trickStrength(card, trump, led) {
  const strength = trumpStrength(card, trump);
  if (strength !== null) return 100 + strength;
  return effectiveSuit(card, trump) === led ? plainStrength(card) : 0;
}

// the seat whose card takes the trick so far
export function trickWinner(plays, trump) {
  if (!plays.length) return null;
  const led = effectiveSuit(plays[0].card, trump);
  let best = null;
  let bestStrength = -1;
  plays.forEach((play) => {
    const strength = trickStrength(play.card, trump, led);
    if (strength > bestStrength) {
      best = play.seat;
      bestStrength = strength;
    }
  });
  return best;
}

// ---- sorting a hand (the "sorting hand" preference) -------------------------------------------

// suits alternate colours, starting from trump: with hearts trump, hearts clubs diamonds spades
function suitOrder(trump) {
  const cycle = ["S", "H", "C", "D"];
  const start = trump && trump !== "N" ? cycle.indexOf(trump) : 0;
  return cycle.slice(start).concat(cycle.slice(0, start));
}

export function sortCards(cards, trump, mode) {
  const order = suitOrder(mode === "suits" ? null : trump);
  const key = (card) => {
    const strength = mode === "suits" ? null : trumpStrength(card, trump);
    if (isBenny(card)) return [0, 0, -20];
    if (strength !== null) return [0, 0, -strength];
    if (mode === "rank") return [1, -plainStrength(card), order.indexOf(card[1])];
    return [1, order.indexOf(card[1]), -plainStrength(card)];
  };
  return cards.slice().sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}
