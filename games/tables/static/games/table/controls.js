// The buttons for every choice that is not a card (bids, going alone, calling an ace, Robson's
// choices, naming trump for an upturned Benny, a redeal), picking three cards to go under or to
// exchange, the status line, the countdown and the notice when the computer played for me.

import { $, button, el } from "./dom.js";
import { cardName, sortForAction } from "./cards.js";
import { seatInfo, seatName } from "./layout.js";
import { actionLabel, myTurnText } from "./labels.js";
import { markKey } from "./keys.js";

const PICKING = {
  under: {
    start: "Go under…",
    hint: "Pick three cards to give for the kitty's three.",
    go: "Swap these 3 with the kitty",
    stop: "Don't go under",
  },
  exchange: {
    start: "Exchange three cards…",
    hint: "Select three cards, then press Exchange.",
    go: "Exchange",
    stop: "Don't exchange",
  },
};
// seed 004's Farmer's call (going_under_form "farmers_call"): nines and tens only, shown to all
const FARMERS_CALL = {
  start: "Call Farmer's…",
  hint: "Pick three of your nines and tens: everyone will see them.",
  go: "Show these 3 and take the kitty's",
  stop: "Don't call Farmer's",
};

function pickingWords(ctx, kind) {
  const rules = ctx.state.rules;
  return kind === "under" && rules && rules.going_under_form === "farmers_call" ? FARMERS_CALL : PICKING[kind];
}

export function renderActions(ctx) {
  const { view, ui } = ctx;
  const box = $("actions");
  box.replaceChildren();
  const legal = view.legal_actions;
  const kinds = (prefix) => legal.filter((action) => action.startsWith(prefix + ":"));
  if (ui.selected && !legal.includes("play:" + ui.selected) && !legal.includes("discard:" + ui.selected)) {
    ui.selected = null; // no longer mine to play
  }
  if (ui.selected) {
    const verb = legal.includes("discard:" + ui.selected) ? "discard:" : "play:";
    const label = (verb === "play:" ? "Play the " : "Lay away the ") + cardName(ui.selected).toLowerCase();
    box.append(button(label, "button action confirm", () => ctx.act(verb + ui.selected), verb + ui.selected));
  }
  const plain = legal.filter((action) => !/^(play|discard|under|exchange):/.test(action));
  if (!ui.picking) {
    plain.forEach((action) => {
      const className = "button action " + action.replace(":", "-") + (action === "redeal" ? " secondary" : "");
      box.append(markKey(button(actionLabel(action, view), className, () => ctx.act(action), action), action));
    });
  }
  const available = { under: kinds("under"), exchange: kinds("exchange") };
  if (ui.picking && !available[ui.picking.kind].length) ui.picking = null;
  if (ui.picking) {
    box.append(...pickingControls(ctx, available[ui.picking.kind]));
    return;
  }
  Object.keys(PICKING).forEach((kind) => {
    if (!available[kind].length) return;
    const start = button(
      pickingWords(ctx, kind).start,
      "button action secondary",
      () => {
        ui.picking = { kind, cards: [] };
        ui.selected = null;
        ctx.rerender();
      },
      kind,
    );
    box.append(markKey(start, kind));
  });
}

function pickingControls(ctx, allowed) {
  const { ui } = ctx;
  const words = pickingWords(ctx, ui.picking.kind);
  const chosen = ui.picking.kind + ":" + sortForAction(ui.picking.cards).join(",");
  const ready = ui.picking.cards.length === 3 && allowed.includes(chosen);
  const go = button(
    words.go,
    "button action " + ui.picking.kind + "-go",
    () => {
      ui.picking = null;
      ctx.act(chosen);
    },
    ready ? chosen : "",
  );
  go.disabled = !ready;
  if (!ready) delete go.dataset.action;
  const stop = button(words.stop, "button secondary", () => {
    ui.picking = null;
    ctx.rerender();
  });
  return [el("span", "hint", words.hint + " (" + ui.picking.cards.length + " of 3)"), go, stop];
}

export function renderStatus(ctx) {
  const { state, view } = ctx;
  let text = "";
  if (state.status === "finished") text = "Game over.";
  else if (view.to_act === state.my_seat && (state.cancelled || ctx.blocked)) text = "";
  else if (view.to_act === state.my_seat) text = myTurnText(view, state.rules);
  else if (view.to_act !== null && view.to_act !== undefined) {
    // a computer has no clock (renderCountdown): it is thinking
    const name = seatName(state, view.to_act);
    text = (seatInfo(state, view.to_act) || {}).computer ? name + " is thinking…" : "Waiting for " + name + "…";
  }
  if (state.cancelled && state.status !== "finished")
    text = "You left this game: the computer plays your seat. " + text;
  $("status").textContent = text;
  renderCovered(ctx);
}

// seed 000: "Each time the player doesn't play the card on time, the time limit is halved. To
// reset it back to full, you should start playing yourself or click any of your cards during
// other player's turn."
function renderCovered(ctx) {
  const { state } = ctx;
  const mine = seatInfo(state, state.my_seat) || {};
  const notice = $("covered-notice");
  const show = Boolean(mine.covered) && state.status === "playing" && !state.cancelled;
  notice.hidden = !show;
  if (!show) return;
  const seconds = Math.round((mine.time_limit_ms || 0) / 1000);
  notice.replaceChildren(
    el("strong", "", "Your time ran out, so the computer played for you."),
    el(
      "span",
      "",
      " Your time per turn is now " + seconds + " s: play, or click any of your cards, to get your full time back.",
    ),
  );
}

// the time left for a person to act, mine in red when it runs short; none for a computer, who
// has no clock (the status says it is thinking), nor between two hands (`hidden`: the new deal
// waits, and its first turn's clock with it)
export function renderCountdown(state, clockSkew, hidden) {
  const box = $("countdown");
  if (!box) return;
  const toAct = state.view ? state.view.to_act : null;
  const seat = toAct === null || toAct === undefined ? null : seatInfo(state, toAct);
  if (hidden || !seat || seat.computer || !state.turn_deadline || state.status !== "playing") {
    box.textContent = "";
    return;
  }
  const left = Math.max(0, Date.parse(state.turn_deadline) - (Date.now() + clockSkew));
  const seconds = Math.ceil(left / 1000);
  const mine = toAct === state.my_seat;
  box.textContent = mine ? seconds + " s left" : seatName(state, toAct) + ": " + seconds + " s";
  box.classList.toggle("mine", mine);
  box.classList.toggle("urgent", mine && seconds <= 5);
}
