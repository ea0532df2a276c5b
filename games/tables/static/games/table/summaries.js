// The summary of a finished hand (who named trump, alone or not, tricks per side, points, the
// new score, a renege's penalty) and the result of a finished game.

import { $, el, plural } from "./dom.js";
import { SUITS, SUIT_NAMES, cardName, cardShort } from "./cards.js";
import { namesOf, partnered, scorers, seatCount, seatName, seatNameWithin, wasOrWere } from "./layout.js";

const PENALTY = {
  all_tricks: "every trick goes to the other side",
  two_points: "2 points to the other side, and the hand ends",
  forfeit: "the game goes to the other side",
};

export function handSummary(ctx, record) {
  const { state } = ctx;
  const box = el("div", "summary hand-summary"); // told to screen readers by announce.js
  box.append(el("h2", "", "Hand " + (record.number + 1) + ": " + headline(state, record)));
  const lines = el("ul", "summary-lines");
  const add = (text, className) => text && lines.append(el("li", className || "", text));
  add(trumpLine(state, record));
  const under = record.went_under;
  if (under && under.shown && under.given) {
    const shown = under.given.map(cardShort).join(" ");
    add(seatName(state, under.seat) + " called Farmer's: showed " + shown + " and took the three centre cards.");
  } else if (under) add(seatName(state, under.seat) + " went under (three cards for the kitty's).");
  if (record.exchange) add(seatName(state, record.exchange.seat) + " exchanged three cards with the kitty.");
  if (record.renege) {
    const renege = record.renege;
    add(
      seatName(state, renege.seat) +
        " reneged with the " +
        cardName(renege.card).toLowerCase() +
        " in trick " +
        (renege.trick + 1) +
        ": " +
        PENALTY[renege.penalty] +
        ".",
      "renege",
    );
  }
  if (record.tricks.length && record.outcome !== "redeal") add("Tricks: " + tricksLine(state, record));
  add(pointsLine(state, record), "points");
  if (record.robson_choice) {
    add(
      record.robson_choice === "add"
        ? "The sweep was added to the winners' score."
        : "The sweep was taken off the other side's score.",
    );
  }
  box.append(lines);
  box.append(scoreTable(state, record.score_after));
  // main.js: the felt's click handler moves on (and tells the server I have seen it); Escape
  // does the same (keys.js)
  const next = el("button", "button secondary summary-continue", "Continue");
  next.type = "button";
  next.setAttribute("aria-keyshortcuts", "Escape");
  next.append(el("kbd", "key-hint", "Esc"));
  box.append(next);
  return box;
}

function headline(state, record) {
  const makers = makerSide(state, record);
  // partners making trump together are "we" or "they", as the score panel's "Us" and "Them"
  const who = makers.length === 2 && partnered(state) ? (makers.includes(state.my_seat) ? "we" : "they") : null;
  // within the sentence "Hand 3: …": "you made it", "Ada and you made it"
  const names = who || namesOf(state, makers, true);
  const several = who || makers.length > 1 || makers[0] === state.my_seat;
  switch (record.outcome) {
    case "make":
      return names + " made it";
    case "march":
      return names + " took every trick";
    case "euchre":
      return names + (several ? " were" : " was") + " euchred";
    case "all_pass":
      return "everyone passed";
    case "redeal":
      return record.redeal_by !== null ? seatNameWithin(state, record.redeal_by) + " asked for a redeal" : "a new deal";
    case "renege":
      return "a renege";
    default:
      return "over";
  }
}

function makerSide(state, record) {
  if (record.maker === null) return [];
  if (partnered(state)) return record.maker_alone ? [record.maker] : [record.maker, (record.maker + 2) % 4];
  if (record.partner !== null && record.partner !== undefined) return [record.maker, record.partner];
  return [record.maker];
}

function trumpLine(state, record) {
  if (record.maker === null || !record.trump) {
    return record.outcome === "all_pass" ? "Nobody named trump: the deal passes to the left." : "";
  }
  const maker = seatName(state, record.maker);
  const bid = record.bids.filter((b) => b.seat === record.maker && b.call !== "pass").pop();
  const suit = record.trump === "N" ? "no trump" : SUITS[record.trump] + " " + SUIT_NAMES[record.trump].toLowerCase();
  let text;
  if (record.blind_alone) text = maker + " went alone blind on the turned-up jack: " + suit;
  else if (bid && bid.call === "order_up") {
    text =
      maker +
      (record.maker === record.dealer ? " picked up the " : " ordered up the ") +
      cardName(record.upcard).toLowerCase() +
      ": " +
      suit;
  } else text = maker + " named " + suit;
  if (record.maker_alone && !record.blind_alone) text += ", alone";
  if (record.lone_defender !== null && record.lone_defender !== undefined) {
    text += "; " + seatNameWithin(state, record.lone_defender) + " defended alone";
  }
  if (record.called_suit) {
    const partner = record.partner !== null && record.partner !== undefined;
    text +=
      "; called the ace of " +
      SUITS[record.called_suit] +
      (partner
        ? ": " + seatNameWithin(state, record.partner) + " " + wasOrWere(state, record.partner) + " the partner"
        : ", which nobody else could answer");
  }
  return text + ".";
}

function tricksLine(state, record) {
  const bySeat = new Array(seatCount(state)).fill(0);
  record.tricks.forEach((trick) => (bySeat[trick.winner] += 1));
  return scorers(state)
    .map((scorer) => (scorer.side || scorer.label) + " " + scorer.seats.reduce((sum, seat) => sum + bySeat[seat], 0))
    .join(" · ");
}

function pointsLine(state, record) {
  const changes = record.points_by_scorer && record.points_by_scorer.length ? record.points_by_scorer : null;
  if (!changes) return record.points ? plural(record.points, "point") + "." : "No points.";
  const parts = scorers(state)
    .filter((scorer) => changes[scorer.index])
    .map(
      (scorer) =>
        (changes[scorer.index] > 0 ? "+" : "−") +
        plural(Math.abs(changes[scorer.index]), "point") +
        " " +
        (scorer.side ? "for " + scorer.side.toLowerCase() : "for " + seatNameWithin(state, scorer.index)),
    );
  return parts.length ? parts.join(" · ") : "No points.";
}

export function scoreTable(state, score) {
  const table = el("table", "summary-score");
  const body = el("tbody");
  scorers(state).forEach((scorer) => {
    const row = el("tr", scorer.seats.includes(state.my_seat) ? "mine" : "");
    const name = el("th", "", scorer.side || scorer.label);
    if (scorer.side) name.append(el("small", "", scorer.label));
    row.append(name, el("td", "", String(score[scorer.index])));
    body.append(row);
  });
  table.append(body);
  return table;
}

// ---- the end of the game ----------------------------------------------------------------------

export function gameOver(ctx) {
  const { state, view } = ctx;
  const result = state.result || {};
  const winners = result.winning_seats || fallbackWinners(state, view);
  const box = el("div", "summary game-over");
  box.id = "game-over";
  const won = winners.includes(state.my_seat);
  let title;
  if (partnered(state) && winners.length > 1) title = won ? "we win!" : "they win"; // as "Us" and "Them"
  else if (won) {
    const others = winners.filter((seat) => seat !== state.my_seat);
    title = others.length ? "You and " + namesOf(state, others) + " win!" : "You win!";
  }
  else title = namesOf(state, winners) + (winners.length > 1 ? " win" : " wins");
  box.append(el("h2", won ? "won" : "lost", "Game over — " + title));
  box.append(scoreTable(state, result.final_score || view.score));
  if (result.my_game_points !== null && result.my_game_points !== undefined) {
    const points = el("p", "game-points");
    points.append(el("strong", "", plural(result.my_game_points, "game point")));
    points.append(
      " for the monthly rankings: " +
        (partnered(state) ? "your side's" : "your") +
        " score" +
        (won ? ", plus 5 for winning." : "."),
    );
    box.append(points);
  }
  const earned = ctx.earned;
  if (earned) {
    earned.achievements.forEach((award) =>
      box.append(el("p", "award", "Achievement: " + award.name + (award.silver ? " (+" + award.silver + " silver)" : ""))),
    );
    earned.ranks_reached.forEach((rank) => box.append(el("p", "rank", "New rank: " + rank)));
    if (earned.next_rank && earned.next_rank_missing !== null && earned.next_rank_missing !== undefined) {
      box.append(
        el("p", "rank", plural(earned.next_rank_missing, "point") + " this month to " + earned.next_rank + "."),
      );
    }
  }
  if (state.cancelled) box.append(el("p", "hint", "You left this game: its points are forfeit."));
  const links = el("div", "game-over-links");
  const root = $("table");
  if (result.play_again_url) links.append(playAgainForm(result.play_again_url));
  const record = el("a", "button secondary", "The game's record");
  record.href = result.record_url || root.dataset.recordUrl;
  record.id = "game-record";
  const lobby = el("a", "button secondary", "Back to the lobby");
  lobby.href = root.dataset.lobbyUrl;
  lobby.id = "back-to-lobby";
  links.append(record, lobby);
  box.append(links);
  return box;
}

function fallbackWinners(state, view) {
  if (view.winner === null || view.winner === undefined) return [];
  return partnered(state) ? [view.winner, view.winner + 2] : [view.winner];
}

function playAgainForm(url) {
  const form = el("form");
  form.method = "post";
  form.action = url;
  form.id = "play-again-form";
  const token = document.querySelector("[name=csrfmiddlewaretoken]");
  const hidden = el("input");
  hidden.type = "hidden";
  hidden.name = "csrfmiddlewaretoken";
  hidden.value = token ? token.value : "";
  const submit = el("button", "button", "Play again");
  submit.type = "submit";
  submit.id = "play-again";
  form.append(hidden, submit);
  return form;
}
