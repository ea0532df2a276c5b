// The first lesson (games/tables/services/lessons.py): a panel beside the felt explains each
// step of the first hand as it comes. The texts are the server's (games/tables/lesson_texts.py,
// in #lesson-texts), keyed by situation; this module only tells which situations the table has
// reached, from what it shows, never from the lesson's particular cards: the player may bid and
// play as they like. Each situation is explained once; the ones reached since the last change
// are shown together, in the order of the game.

import { $, el } from "./dom.js";
import { SAME_COLOUR, SUIT_NAMES, cardName, effectiveSuit } from "./cards.js";
import { seatName } from "./layout.js";

const ORDER = [
  "welcome",
  "upcard",
  "ordered_up",
  "second_round",
  "named",
  "discard",
  "alone",
  "bowers",
  "lead",
  "follow",
  "trump_led",
  "right_bower",
  "left_bower",
  "trick_won",
  "hand_over",
  "done",
];

export function createLesson() {
  const root = $("table");
  const source = $("lesson-texts");
  if (root.dataset.lesson !== "1" || !source) return { render() {} };
  const texts = JSON.parse(source.textContent);
  const storageKey = "lesson-seen-" + root.dataset.game;
  const seen = new Set(readSeen());
  let shown = []; // [key, words] of the steps on the panel now

  function readSeen() {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey) || "[]");
    } catch (error) {
      return [];
    }
  }

  function render(ctx, scene) {
    const { state } = ctx;
    const view = state.view;
    if (!view) return;
    const reached = situations(state, view, scene);
    const fresh = ORDER.filter((key) => key in reached && !seen.has(key) && texts[key]);
    if (fresh.length) {
      fresh.forEach((key) => seen.add(key));
      try {
        sessionStorage.setItem(storageKey, JSON.stringify([...seen]));
      } catch (error) {
        // private browsing: a reload explains the steps again
      }
      shown = fresh.map((key) => [key, fill(texts[key], reached[key])]);
    } else if (!shown.length) {
      // a reload: the latest step reached stays on the panel
      const last = ORDER.filter((key) => key in reached && texts[key]).pop();
      if (last) shown = [[last, fill(texts[last], reached[last])]];
    }
    draw();
  }

  function draw() {
    const panel = $("lesson-panel");
    if (!panel || !shown.length) return;
    const [lastKey, last] = shown[shown.length - 1];
    panel.dataset.step = lastKey;
    $("lesson-title").textContent = last.title;
    const body = $("lesson-text");
    body.replaceChildren(
      ...shown.map(([key, words]) => {
        const step = el("span", "lesson-step", "");
        step.dataset.step = key;
        if (shown.length > 1) step.append(el("strong", "", words.title + ". "));
        step.append(words.text);
        return step;
      }),
    );
  }

  return { render };
}

// the first hand's record: as it is being played, or once it is over
function firstHand(view) {
  if (view.hand_number === 0) return view;
  return (view.history || []).find((record) => record.number === 0) || null;
}

// every situation the first hand has reached, each with the names its text needs
function situations(state, view, scene) {
  const hand = firstHand(view);
  const found = {};
  if (!hand) return found;
  const me = state.my_seat;
  const name = (seat) => seatName(state, seat);
  const side = (seat) => (seat % 2 === me % 2 ? "Your side" : "The other side");
  const current = view.hand_number === 0;
  const trump = hand.trump && hand.trump !== "N" ? hand.trump : null;
  const suits = trump
    ? { suit: SUIT_NAMES[trump].toLowerCase(), left_suit: SUIT_NAMES[SAME_COLOUR[trump]].toLowerCase() }
    : {};
  const upSuit = hand.upcard ? hand.upcard[1] : null;
  found.welcome = {};
  if (upSuit && SUIT_NAMES[upSuit]) {
    found.upcard = {
      upcard: cardName(hand.upcard).toLowerCase(),
      suit: SUIT_NAMES[upSuit].toLowerCase(),
      left_suit: SUIT_NAMES[SAME_COLOUR[upSuit]].toLowerCase(),
    };
  }
  const bids = hand.bids || [];
  const made = bids.find((bid) => bid.call === "order_up" || bid.call.startsWith("call:"));
  if (bids.some((bid) => bid.round === 2)) found.second_round = {};
  if (made && trump) {
    const words = { ...suits, maker: name(made.seat), maker_side: side(made.seat), upcard: found.upcard && found.upcard.upcard };
    found[made.call === "order_up" ? "ordered_up" : "named"] = words;
  }
  if (current && view.phase === "discard" && view.to_act === me) found.discard = {};
  if (current && view.phase === "alone" && view.to_act === me) found.alone = {};
  const tricks = [...(hand.tricks || [])];
  const playing = trump && (current ? view.phase === "play" : true);
  if (playing) found.bowers = suits;
  const inPlay = current && view.phase === "play";
  if (inPlay && view.to_act === me && !view.trick.length) found.lead = {};
  if (inPlay && view.to_act === me && view.trick.length) found.follow = { leader: name(view.trick[0].seat) };
  const plays = [...tricks.map((trick) => trick.plays), ...(inPlay && view.trick.length ? [view.trick] : [])];
  if (trump) {
    const ledTrump = plays.find((cards) => cards.length && effectiveSuit(cards[0].card, trump) === trump);
    if (ledTrump) found.trump_led = { ...suits, leader: name(ledTrump[0].seat) };
    const all = plays.flat();
    const right = all.find((play) => play.card === "J" + trump);
    const left = all.find((play) => play.card === "J" + SAME_COLOUR[trump]);
    if (right) found.right_bower = { ...suits, player: name(right.seat) };
    if (left) found.left_bower = { ...suits, player: name(left.seat) };
  }
  if (tricks.length) {
    const first = tricks[0];
    const winning = first.plays.find((play) => play.seat === first.winner);
    found.trick_won = { winner: name(first.winner), card: winning ? cardName(winning.card).toLowerCase() : "" };
  }
  if (!current) {
    found.hand_over = {};
    if (!scene || scene.kind !== "summary") found.done = {};
  }
  return found;
}

// the text with its names filled in, its first letter a capital
function fill(entry, names) {
  const text = entry.text.replace(/\{(\w+)\}/g, (whole, key) => (names && names[key] != null ? names[key] : whole));
  return { title: entry.title, text: text.charAt(0).toUpperCase() + text.slice(1) };
}
