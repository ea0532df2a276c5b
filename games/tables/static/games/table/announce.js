// What a screen reader hears: every event of the game in order, in words ("Ada played the jack
// of spades"), through the page's one polite live region (#announcer). Events are found by
// comparing each frame the page shows with the one before it, so paced computer moves are told
// one by one, as they are drawn; a watcher hears the same from their checkpoints.

import { $, el, plural } from "./dom.js";
import { SUIT_NAMES, cardName } from "./cards.js";
import { namesOf, partnered, scorers, seatName } from "./layout.js";
import { myTurnText } from "./labels.js";

const KEPT = 100; // lines left in the region, a hand's and more (older ones are only on the page)
const WARN_AT_SECONDS = 10;

export const cardWords = (card) => "the " + cardName(card).replace(/^\w/, (c) => c.toLowerCase());
const suitWords = (suit) => (suit === "N" ? "no trump" : SUIT_NAMES[suit].toLowerCase());

export function createAnnouncer() {
  const region = $("announcer");
  let seen = null; // the frame told last: its game, version, hand, finished hands, events
  let warned = null; // the turn (version) whose low time was told

  function say(text) {
    if (!region || !text) return;
    region.append(el("p", "", text));
    while (region.childElementCount > KEPT) region.firstElementChild.remove();
  }

  // the frame the page shows now: tell what happened since the one before it
  function observe(state) {
    const view = state.view;
    if (!view) return;
    const events = handEvents(state, view);
    if (seen === null || state.game !== seen.game) {
      // the page opened here: the past is on the page; only my turn is told
      seen = { game: state.game, version: state.version, hand: view.hand_number, history: view.history.length, events };
      seen.status = state.status;
      turn(state);
      return;
    }
    if (state.version === seen.version) return;
    if (view.history.length > seen.history) {
      view.history.slice(seen.history).forEach((record) => {
        fresh(recordEvents(state, record), record.number === seen.hand ? seen.events : []).forEach(say);
        say(resultWords(state, record));
      });
      events.forEach(say);
    } else {
      fresh(events, seen.events).forEach(say);
    }
    if (state.status === "finished" && seen.status !== "finished") say(gameOverWords(state));
    seen = { game: state.game, version: state.version, hand: view.hand_number, history: view.history.length, events };
    seen.status = state.status;
    turn(state);
  }

  function turn(state) {
    const view = state.view;
    const mine = state.my_seat !== null && state.my_seat !== undefined && view.to_act === state.my_seat;
    if (!mine || state.status !== "playing" || state.cancelled) return;
    const seconds = secondsLeft(state);
    say(myTurnText(view, state.rules) + (seconds ? " " + plural(seconds, "second") + " to play." : ""));
  }

  // called with the clock's ticks: "10 seconds left" once per turn of mine
  function tick(state, clockSkew) {
    const view = state.view;
    if (!view || view.to_act !== state.my_seat || state.status !== "playing" || !state.turn_deadline) return;
    if (warned === state.version) return;
    const left = Math.ceil((Date.parse(state.turn_deadline) - (Date.now() + clockSkew)) / 1000);
    if (left <= WARN_AT_SECONDS && left > 0) {
      warned = state.version;
      say(plural(left, "second") + " left.");
    }
  }

  return { observe, tick, say };
}

// the events of `events` not yet in `told` (counted: "Ada passed." may come twice in a hand)
function fresh(events, told) {
  const counts = new Map();
  told.forEach((text) => counts.set(text, (counts.get(text) || 0) + 1));
  return events.filter((text) => {
    const left = counts.get(text) || 0;
    if (left) counts.set(text, left - 1);
    return !left;
  });
}

function secondsLeft(state) {
  if (!state.turn_deadline) return 0;
  const left = Date.parse(state.turn_deadline) - Date.parse(state.server_time);
  return Number.isNaN(left) ? 0 : Math.max(0, Math.round(left / 1000));
}

// ---- the events of a hand, in the order they happened ---------------------------------------

// this hand's events so far: bids, then the other decisions the view shows, then each trick's
// cards and its winner
function handEvents(state, view) {
  const events = view.bids.map((bid) => bidWords(state, bid, view));
  decisions(state, view).forEach((text) => events.push(text));
  view.tricks.forEach((trick) => events.push(...trickWords(state, trick.plays), wonWords(state, trick.winner)));
  events.push(...trickWords(state, view.trick));
  return events;
}

function recordEvents(state, record) {
  const events = record.bids.map((bid) => bidWords(state, bid, record));
  decisions(state, record).forEach((text) => events.push(text));
  record.tricks.forEach((trick) => events.push(...trickWords(state, trick.plays), wonWords(state, trick.winner)));
  return events;
}

// the choices after the bidding that the view (or the hand's record) shows: going alone,
// defending alone, the called ace, going under, an exchange
function decisions(state, view) {
  const said = [];
  const aloneSeen = view.maker_alone && !view.blind_alone && view.maker !== null && view.maker !== undefined;
  if (aloneSeen) said.push(seatName(state, view.maker) + " went alone.");
  if (view.lone_defender !== null && view.lone_defender !== undefined) {
    said.push(seatName(state, view.lone_defender) + " defended alone.");
  }
  if (view.called_suit) said.push(seatName(state, view.maker) + " called the ace of " + suitWords(view.called_suit) + ".");
  const under = view.went_under ? view.went_under.seat : view.went_under_seat;
  if (under !== null && under !== undefined) said.push(seatName(state, under) + " went under.");
  const exchange = view.exchange ? view.exchange.seat : view.exchange_seat;
  if (exchange !== null && exchange !== undefined) said.push(seatName(state, exchange) + " exchanged three cards.");
  return said;
}

function bidWords(state, bid, hand) {
  const who = seatName(state, bid.seat);
  const [kind, argument] = bid.call.split(":");
  switch (kind) {
    case "pass":
      return who + " passed.";
    case "order_up": {
      const suit = hand.upcard_suit || (hand.upcard ? hand.upcard[1] : null);
      const verb = bid.seat === hand.dealer ? " picked up " : " ordered up ";
      const card = hand.upcard ? cardWords(hand.upcard) : "the up card";
      return who + verb + card + (suit ? ": " + suitWords(suit) + (suit === "N" ? "." : " are trump.") : ".");
    }
    case "call":
      return (
        who + (bid.round === 0 ? " named " : " called ") + suitWords(argument) + (argument === "N" ? "." : " as trump.")
      );
    case "blind_alone":
      return who + " went alone blind.";
    case "see_hand":
      return who + " looked at " + (bid.seat === state.my_seat ? "your" : "their") + " hand first.";
    default:
      return who + ": " + bid.call + ".";
  }
}

function trickWords(state, plays) {
  return plays.map((play) => seatName(state, play.seat) + " played " + cardWords(play.card) + ".");
}

function wonWords(state, winner) {
  return seatName(state, winner) + " won the trick.";
}

// ---- the end of a hand and of the game --------------------------------------------------------

function sideWords(state, scorer) {
  if (scorer.side) return scorer.side === "Us" ? "us" : "them";
  return scorer.label === "You" ? "you" : scorer.label; // mid-sentence: "1 point to you"
}

function scoreWords(state, score) {
  return scorers(state)
    .map((scorer) => sideWords(state, scorer) + " " + score[scorer.index])
    .join(", ");
}

function resultWords(state, record) {
  const makers = record.maker === null ? [] : makerSeats(state, record);
  const who = makers.length ? namesOf(state, makers) : "";
  const several = makers.length > 1 || makers[0] === state.my_seat;
  let headline;
  switch (record.outcome) {
    case "make":
      headline = who + " made it";
      break;
    case "march":
      headline = who + " took every trick";
      break;
    case "euchre":
      headline = who + (several ? " were" : " was") + " euchred";
      break;
    case "all_pass":
      headline = "everyone passed";
      break;
    case "redeal":
      headline = "a redeal";
      break;
    case "renege":
      headline = seatName(state, record.renege.seat) + " reneged";
      break;
    default:
      headline = "it is over";
  }
  const changes = record.points_by_scorer || [];
  const points = scorers(state)
    .filter((scorer) => changes[scorer.index])
    .map((scorer) => {
      const change = changes[scorer.index];
      return plural(Math.abs(change), "point") + (change > 0 ? " to " : " off ") + sideWords(state, scorer);
    });
  const pointsText = points.length ? points.join(", ") : "no points";
  return (
    "Hand " + (record.number + 1) + " over: " + headline + ", " + pointsText + ". Score: " + scoreWords(state, record.score_after) + "."
  );
}

function makerSeats(state, record) {
  if (partnered(state)) return record.maker_alone ? [record.maker] : [record.maker, (record.maker + 2) % 4];
  if (record.partner !== null && record.partner !== undefined) return [record.maker, record.partner];
  return [record.maker];
}

function gameOverWords(state) {
  const result = state.result || {};
  const winners = result.winning_seats || [];
  const score = result.final_score || state.view.score;
  let who;
  if (partnered(state) && winners.length > 1) who = winners.includes(state.my_seat) ? "we win" : "they win";
  else who = winners.length ? namesOf(state, winners) + (winners.length > 1 || winners[0] === state.my_seat ? " win" : " wins") : "";
  return "Game over" + (who ? ": " + who : "") + ". Final score: " + scoreWords(state, score) + ".";
}
