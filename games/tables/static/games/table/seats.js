// The seats around the felt: each with its label, the dealer's chip, partner and maker marks,
// the trick counter, the player's own score when players score alone, and the backs of the
// cards they hold.

import { $, button, el, plural } from "./dom.js";
import {
  allSeats,
  nameParts,
  partnerOf,
  partnered,
  placeOf,
  placesOf,
  seatInfo,
  seatLabel,
  seatName,
  tableComputer,
  variantOf,
} from "./layout.js";
import { cardShort } from "./cards.js";
import { actionLabel } from "./labels.js";

const BIDDING = ["bid1", "bid2"];

// one box per seat, made again when the number of seats changes
function seatBoxes(state) {
  const felt = $("felt");
  const places = placesOf(state);
  felt.dataset.seats = String(places.length);
  let boxes = felt.querySelectorAll(".seat-box");
  if (boxes.length !== places.length) {
    boxes.forEach((box) => box.remove());
    places.forEach((place) => {
      const box = el("div", "seat-box");
      box.dataset.place = place;
      felt.append(box);
    });
  }
}

export function renderSeats(ctx) {
  const { state, view } = ctx;
  seatBoxes(state);
  const over = view.phase === "over";
  for (const seat of allSeats(state)) {
    const box = $("felt").querySelector('.seat-box[data-place="' + placeOf(state, seat) + '"]');
    const info = seatInfo(state, seat) || {};
    box.replaceChildren();
    box.dataset.seat = String(seat);
    box.classList.toggle("to-act", view.to_act === seat && state.status === "playing");
    box.classList.toggle("sitting-out", !over && view.sitting_out.includes(seat));
    box.classList.toggle("me", seat === state.my_seat);
    const [shown, level] = nameParts(state, seat);
    const about = el("div", "seat-info");
    const name = el("div", "seat-name");
    name.title = seatLabel(state, seat);
    if (!over && view.dealer === seat) {
      const chip = el("span", "dealer-chip", "D");
      chip.title = seatName(state, seat) + (seat === state.my_seat ? " deal" : " deals");
      chip.setAttribute("aria-hidden", "true"); // said in words after the name
      name.append(chip);
      name.append(el("span", "visually-hidden", "Dealer: "));
    }
    if (tableComputer(state, seat)) {
      // a computer's face: its initial, coloured by its level
      const face = el("span", "seat-avatar level-" + (info.level || "strong"), shown.charAt(0).toUpperCase());
      face.setAttribute("aria-hidden", "true");
      name.append(face);
    }
    name.append(shown);
    about.append(name);
    if (level) about.append(el("div", "seat-level", level));
    about.append(marksOf(ctx, seat, info, over));
    if (!partnered(state)) about.append(el("div", "seat-score", plural(view.score[seat] || 0, "point")));
    if (!over && view.phase === "play") {
      about.append(el("div", "trick-count", plural(view.tricks_by_seat[seat] || 0, "trick")));
    }
    box.append(about);
    if (seat !== state.my_seat) {
      const fan = el("div", "fan");
      const count = over ? 0 : view.hand_sizes[seat];
      fan.style.setProperty("--cards", String(count));
      for (let i = 0; i < count; i++) fan.append(el("span", "card-back"));
      box.append(fan);
      if (!ctx.watchingOnly) about.append(...moderation(ctx, seat, info));
    }
    const bid = BIDDING.includes(view.phase) ? lastBid(view, seat) : "";
    if (bid) box.append(el("div", "bubble", bid));
  }
}

function marksOf(ctx, seat, info, over) {
  const { state, view } = ctx;
  const marks = el("div", "marks");
  const mine = state.my_seat;
  if (partnered(state) && mine !== null && seat === (mine + 2) % 4) marks.append(el("span", "mark partner", "Partner"));
  if (!over && variantOf(state) === "call_ace") {
    // the maker's partner, once this view may know it
    if (seat === partnerOf(state, view, mine)) marks.append(el("span", "mark partner", "Your partner"));
    else if (seat === view.partner) marks.append(el("span", "mark partner", "Maker's partner"));
  }
  if (!over && view.maker === seat) {
    const alone = view.blind_alone ? "Maker · alone, blind" : view.maker_alone ? "Maker · alone" : "Maker";
    marks.append(el("span", "mark maker", alone));
  }
  if (!over && view.lone_defender === seat) marks.append(el("span", "mark alone", "Defends alone"));
  if (!over && view.went_under_seat === seat) {
    // seed 004's Farmer's call: the nines and tens given were shown to the table
    const farmers = view.under_shown ? "Farmer's: " + view.under_shown.map(cardShort).join(" ") : "Went under";
    marks.append(el("span", "mark under", farmers));
  }
  if (!over && view.exchange_seat === seat) marks.append(el("span", "mark under", "Exchanged"));
  if (!over && view.sitting_out.includes(seat)) marks.append(el("span", "mark out", "Sits out"));
  if (info.computer && !tableComputer(state, seat)) marks.append(el("span", "mark computer", "Computer plays"));
  else if (info.covered) marks.append(el("span", "mark covered", "Computer covering"));
  return marks;
}

function moderation(ctx, seat, info) {
  const controls = [];
  const muted = ctx.mutedSeats.has(seat);
  if (!info.computer) {
    const report = button("Report", "link report", () => ctx.onReport(seat));
    report.dataset.seat = seat;
    controls.push(report);
  }
  if (!info.computer || muted) {
    const mute = button(muted ? "Unmute" : "Mute", "link report mute", () => ctx.onMute(seat, muted));
    mute.dataset.seat = seat;
    mute.title = muted ? "Show this player's chat again" : "Hide this player's chat from me";
    controls.push(mute);
  }
  if (!controls.length) return [];
  const row = el("div", "seat-links");
  row.append(...controls);
  return [row];
}

function lastBid(view, seat) {
  const bids = view.bids.filter((bid) => bid.seat === seat && bid.round === (view.phase === "bid1" ? 1 : 2));
  if (!bids.length) return "";
  return actionLabel(bids[bids.length - 1].call, view, seat, true);
}
