// The middle of the felt: trump and the called suit, the up card by the dealer, the trick (or a
// trick held for a moment after it ends), the arrow at the card taking it, and the dealer draw.

import { $, el } from "./dom.js";
import { SUITS, SUIT_NAMES, cardFace, cardName, trickWinner } from "./cards.js";
import { placeOf, placesOf, seatName, seatNameWithin } from "./layout.js";

const BIDDING = ["bid1", "bid2", "blind", "name_blind", "dealer_names"];
// where the trick arrow points from the middle, by the place of the seat it points at
const ARROW_ANGLE = { bottom: 90, top: -90, left: 180, right: 0 };
const ARROW_ANGLE_THREE = { bottom: 90, left: -150, right: -30 };

function trickSlots(state) {
  const trick = $("trick");
  const places = placesOf(state);
  trick.dataset.seats = String(places.length);
  if (trick.querySelectorAll(".trick-slot").length !== places.length) {
    trick.replaceChildren(
      ...places.map((place) => {
        const slot = el("div", "trick-slot");
        slot.dataset.place = place;
        return slot;
      }),
    );
    const arrow = el("div", "trick-arrow", "➜");
    arrow.setAttribute("aria-hidden", "true"); // the card's own name says it takes the trick
    trick.append(arrow);
  }
  trick.querySelectorAll(".trick-slot").forEach((slot) => slot.replaceChildren());
  return (seat) => trick.querySelector('.trick-slot[data-place="' + placeOf(state, seat) + '"]');
}

export function renderFelt(ctx, scene) {
  const { state, view } = ctx;
  const slotOf = trickSlots(state);
  renderTrump(ctx, scene);
  let arrowTo = null;
  if (scene && scene.kind === "trick") {
    scene.trick.plays.forEach((play, index) =>
      slotOf(play.seat).append(played(ctx, play, index, play.seat === scene.trick.winner)),
    );
    arrowTo = scene.trick.winner;
  } else if (scene && scene.kind === "draw") {
    drawForDealer(ctx, slotOf);
  } else if (!scene && view.phase !== "over") {
    if (BIDDING.includes(view.phase) && view.upcard) upcardByDealer(ctx, slotOf(view.dealer));
    const winning = trickWinner(view.trick, view.trump);
    view.trick.forEach((play, index) => slotOf(play.seat).append(played(ctx, play, index, play.seat === winning)));
    arrowTo = view.trick.length ? winning : null;
  }
  pointArrow(ctx, arrowTo);
  $("felt").classList.toggle("holding", Boolean(scene && scene.kind === "trick" && scene.waitsForClick));
}

function played(ctx, play, index, winning) {
  const face = cardFace(ctx.cardsUrl, play.card, "played" + (winning ? " winning" : ""));
  face.title = seatName(ctx.state, play.seat) + ": " + cardName(play.card);
  face.setAttribute("aria-label", face.title + (index === 0 ? ", led" : "") + (winning ? ", taking the trick" : ""));
  if (index === 0) face.append(el("span", "led", "led"));
  return face;
}

function upcardByDealer(ctx, slot) {
  const { view } = ctx;
  const pile = el("div", "upcard-pile");
  pile.append(el("span", "card-back kitty"));
  const turnedDown = view.phase === "bid2";
  // a dealer deciding blind has not seen it either: it is still face up to everyone
  pile.append(cardFace(ctx.cardsUrl, view.upcard, "upcard" + (turnedDown ? " turned-down" : "")));
  let caption = turnedDown ? "Turned down" : "Up card";
  if (view.upcard_suit && view.upcard_suit !== view.upcard[1] && !turnedDown) {
    caption = "Up card · " + SUITS[view.upcard_suit] + " proposed";
  }
  pile.append(el("div", "caption", caption));
  slot.append(pile);
}

function drawForDealer(ctx, slotOf) {
  // seed 004: cards dealt face up, one to each player in turn, until a black jack turns up
  const { view } = ctx;
  const bySeat = new Map();
  view.dealer_draw.forEach((draw) => bySeat.set(draw.seat, (bySeat.get(draw.seat) || []).concat(draw.card)));
  const last = view.dealer_draw[view.dealer_draw.length - 1];
  bySeat.forEach((cards, seat) => {
    const stack = el("div", "draw-stack");
    cards.forEach((card, index) => {
      const jack = last && seat === last.seat && index === cards.length - 1;
      stack.append(cardFace(ctx.cardsUrl, card, "played" + (jack ? " winning" : "")));
    });
    slotOf(seat).append(stack);
  });
}

function pointArrow(ctx, seat) {
  const arrow = $("trick").querySelector(".trick-arrow");
  const show = seat !== null && seat !== undefined && ctx.prefs.trick_arrow;
  arrow.hidden = !show;
  if (!show) return;
  const place = placeOf(ctx.state, seat);
  const angles = placesOf(ctx.state).length === 3 ? ARROW_ANGLE_THREE : ARROW_ANGLE;
  arrow.style.transform = "translate(-50%, -50%) rotate(" + angles[place] + "deg)";
  arrow.title = seatName(ctx.state, seat) + (seat === ctx.state.my_seat ? " take" : " takes") + " the trick";
}

function renderTrump(ctx, scene) {
  const { state, view } = ctx;
  const box = $("felt-trump");
  box.replaceChildren();
  // a held trick shows the trump of its own hand (the next may be dealt already)
  const info = scene && scene.info ? scene.info : view;
  const trump = info.trump;
  if ((view.phase === "over" && !(scene && scene.info)) || !trump || (scene && !scene.info)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.className = "felt-trump suit-" + trump;
  const symbol = el("span", "trump-symbol", trump === "N" ? "NT" : SUITS[trump]);
  symbol.setAttribute("aria-hidden", "true"); // the words beside it say it
  box.append(symbol);
  const words = el("span", "trump-words");
  words.append(el("strong", "", trump === "N" ? "No trump" : SUIT_NAMES[trump] + " are trump"));
  if (info.maker !== null && info.maker !== undefined) {
    const alone = info.maker_alone ? (info.blind_alone ? ", alone and blind" : ", alone") : "";
    words.append(el("span", "named-by", "Named by " + seatNameWithin(state, info.maker) + alone));
  }
  if (info.called_suit) {
    const known = info.partner !== null && info.partner !== undefined;
    const partner = known ? " · partner: " + seatNameWithin(state, info.partner) : "";
    const called = el("span", "called", "Called the ace of " + SUITS[info.called_suit]);
    called.append(el("span", "visually-hidden", " " + SUIT_NAMES[info.called_suit].toLowerCase()), partner);
    words.append(called);
  }
  box.append(words);
}
