// The side panel: the scoreboard (per team with partners, per player otherwise), trump, the
// score sheet and this hand's tricks.

import { $, el, plural } from "./dom.js";
import { SUITS, SUIT_NAMES, cardName, cardShort } from "./cards.js";
import { nameParts, partnered, scorers, seatName, seatNameWithin, shortName, twinPlace } from "./layout.js";

const RESULTS = {
  make: "made",
  march: "march",
  euchre: "euchred",
  all_pass: "all passed",
  redeal: "redeal",
  renege: "renege",
};

// "Us" and "Them"; a watcher, who sits on neither side: "Team 1" and "Team 2"
function sideName(state, scorer, mine) {
  if (state.my_seat === null || state.my_seat === undefined) return "Team " + (scorer.index + 1);
  return mine ? "Us" : "Them";
}

export function renderScore(ctx) {
  const { state, view } = ctx;
  const score = $("score");
  score.replaceChildren();
  const playing = view.phase !== "over";
  scorers(state).forEach((scorer) => {
    const mine = scorer.seats.includes(state.my_seat);
    const line = el("div", "score-row" + (mine ? " mine" : ""));
    const label = el("span", "label");
    if (partnered(state)) {
      // "Us" and "Them", with the names under them
      label.append(el("strong", "", sideName(state, scorer, mine)), el("small", "", scorer.label));
    } else {
      const [name, level] = nameParts(state, scorer.seats[0]);
      label.append(el("strong", "", name));
      const more = [level, twinPlace(state, scorer.seats[0])].filter(Boolean).join(" · ");
      if (more) label.append(el("small", "", more));
    }
    label.title = scorer.label;
    line.append(label, el("strong", "points", String(view.score[scorer.index])));
    const tricks = playing ? view.tricks_won[scorer.index] || 0 : 0;
    line.append(el("span", "tricks", playing && view.phase === "play" ? plural(tricks, "trick") : ""));
    score.append(line);
  });
  score.append(
    el("div", "target", "Playing to " + view.target_score + (partnered(state) ? "" : " · each player scores alone")),
  );
  const trump = $("trump-info");
  const shown = playing && view.trump;
  trump.textContent = shown
    ? "Trump: " + (view.trump === "N" ? "No trump" : SUITS[view.trump] + " " + SUIT_NAMES[view.trump])
    : "";
  trump.className = "trump-info suit-" + (shown ? view.trump : "none");
}

// a player's column: twins (computers of one level) by their place alone, so that three or four
// columns fit the panel; the full label is the heading's title
function columnName(state, seat) {
  const where = twinPlace(state, seat);
  return where ? where.charAt(0).toUpperCase() + where.slice(1) : shortName(state, seat);
}

export function renderScoreSheet(ctx) {
  const { state, view } = ctx;
  const columns = scorers(state);
  const head = $("score-sheet-head");
  // three or four players' columns: a tighter sheet, so every score shows without scrolling
  const sheet = $("score-sheet").closest("table");
  if (sheet) sheet.classList.toggle("many", columns.length > 2);
  if (head) {
    const row = el("tr");
    ["#", "Trump", "Maker", "Result"].forEach((text) => row.append(el("th", "", text)));
    columns.forEach((scorer) => {
      const mine = scorer.seats.includes(state.my_seat);
      const heading = el("th", "", partnered(state) ? sideName(state, scorer, mine) : columnName(state, scorer.seats[0]));
      heading.title = scorer.label;
      row.append(heading);
    });
    head.replaceChildren(row);
  }
  const rows = view.history.map((record) => {
    const row = el("tr");
    const maker = record.maker === null ? "—" : shortName(state, record.maker) + (record.maker_alone ? " (alone)" : "");
    let result = RESULTS[record.outcome] || record.outcome;
    if (record.lone_defender !== null && record.outcome === "euchre") result += " (lone defender)";
    if (record.called_suit) result += " · A" + SUITS[record.called_suit];
    if (record.renege) result += " · " + seatName(state, record.renege.seat) + " reneged";
    [String(record.number + 1), record.trump ? SUITS[record.trump] : "—", maker, result].forEach((text) =>
      row.append(el("td", "", text)),
    );
    if (record.trump && record.trump !== "N") {
      // the suit's symbol is seen, its name read
      const cell = row.children[1];
      cell.replaceChildren(el("span", "", SUITS[record.trump]), el("span", "visually-hidden", SUIT_NAMES[record.trump]));
      cell.firstChild.setAttribute("aria-hidden", "true");
    }
    columns.forEach((scorer) => row.append(el("td", "", String(record.score_after[scorer.index]))));
    return row;
  });
  $("score-sheet").replaceChildren(...rows);
}

export function renderTrickHistory(ctx) {
  const { state, view } = ctx;
  $("trick-history").replaceChildren(
    ...view.tricks.map((trick) => {
      const item = el("li");
      trick.plays.forEach((play) => {
        const chip = el("span", "chip" + (play.seat === trick.winner ? " won" : ""), cardShort(play.card));
        chip.title = seatName(state, play.seat) + ": " + cardName(play.card);
        chip.setAttribute("aria-hidden", "true"); // read in words beside it
        item.append(chip, el("span", "visually-hidden", chip.title + ". "));
      });
      item.append(el("span", "muted", " won by " + seatNameWithin(state, trick.winner)));
      return item;
    }),
  );
}
