// The live table: draws this seat's view from the server's state frames and sends my moves.
// Modules by concern: socket, layout (who sits where), seats, felt, hand, controls, panel,
// summaries, scenes (what the felt holds for a moment), pacing (frames shown at a person's pace),
// earnings (what a finished game earned), preferences, chat.
// The watch page (data-watching) draws the same table from no seat: no hand, no controls, no
// chat input; its frames show the game as of the last complete trick (games/watch/consumers.py).

import { $, el } from "./dom.js";
import { createAnnouncer } from "./announce.js";
import { createChat, createReports, toast } from "./chat.js";
import { createEarnings } from "./earnings.js";
import { renderActions, renderCountdown, renderStatus } from "./controls.js";
import { renderFelt } from "./felt.js";
import { clickCard, renderHand } from "./hand.js";
import { createHints } from "./hints.js";
import { seatName } from "./layout.js";
import { createLesson } from "./lesson.js";
import { betweenHands, createPacer } from "./pacing.js";
import { renderScore, renderScoreSheet, renderTrickHistory } from "./panel.js";
import { focusKey, listenForKeys, restoreFocus } from "./keys.js";
import { createPreferences } from "./preferences.js";
import { createScenes } from "./scenes.js";
import { renderSeats } from "./seats.js";
import { createSocket } from "./socket.js";
import { gameOver, handSummary } from "./summaries.js";

const root = $("table");
const watchingOnly = root.dataset.watching === "1";
let state = JSON.parse($("table-state").textContent);
let clockSkew = 0; // server time minus local time, in ms
let mutedSeats = new Set(); // seats whose chat I muted; the server leaves their lines out
let blocked = false;
let refusal = null; // why the server refused this socket (too many open tables or tabs)
let earned = null; // what the finished game earned me (rankings:game_earned), once recorded
// what only this page knows: cards picked to go under or exchange, a card selected (card
// selection "twice"), my own order of the hand (rearranging)
const ui = { picking: null, selected: null, order: null, dragged: false };

const scenes = createScenes(() => {
  render();
  pacer.scenesChanged();
}, continueHand);
const pacer = createPacer({ scenes, current: () => state, show: showState });
const announcer = createAnnouncer();
const preferences = createPreferences((prefs, changes) => {
  if ("auto_flip" in changes) scenes.setAutoFlip(prefs.auto_flip);
  if ("card_selection" in changes) ui.selected = null;
  render();
}, toast);
const socket = createSocket({
  path: root.dataset.socketPath,
  onFrame: receive,
  shouldStop: () => blocked,
  onClosedForGood: closedForGood,
  toast,
});
const send = (message) => socket.send(message, state.version);
const chat = createChat({ mySeat: () => state.my_seat, send });
const hints = createHints({ send, rerender: () => render() });
const lesson = createLesson();
const openReport = createReports((seat) => seatName(state, seat));
const earnings = createEarnings({
  earnedUrl: (finishedState) => finishedState.result && finishedState.result.earned_url,
  walletUrl: root.dataset.walletUrl,
  onEarned: (data) => {
    earned = data;
    render();
  },
});

// the finished hands' history and the table's part (rules, seats, ...) of the last frames
// received: a frame pushed after a move leaves them out when this page has them already
// (games/live/frame_wire.py)
let lastHistory = [];
const TABLE_KEYS = ["kind", "variant", "rules", "seat_count", "seats", "computer_pause_ms", "hand_pause_ms"];
let lastTable = {};

function receive(frame) {
  if (frame.type === "state") {
    frame.receivedAt = Date.now(); // the server's clock is read against the arrival
    if ("seats" in frame) lastTable = Object.fromEntries(TABLE_KEYS.map((key) => [key, frame[key]]));
    else Object.assign(frame, lastTable);
    if (frame.view) {
      if (frame.view.history) lastHistory = frame.view.history;
      else frame.view.history = lastHistory;
    }
    pacer.push(frame);
  } else receiveOther(frame);
}

function showState(frame) {
  if (frame.version < state.version && frame.game === state.game) return; // an old frame
  const wasOpen = state.status === "open";
  if (frame.version !== state.version) busyResends = 0;
  state = frame;
  clockSkew = Date.parse(frame.server_time) - frame.receivedAt;
  if (wasOpen !== (state.status === "open")) {
    // the waiting room became the table: load it, unless this page is already on its way
    // there (the creator's start, whose answer is the table: a reload aborted it, and the table
    // was loaded twice)
    if (!leaving) location.reload();
    return;
  }
  scenes.observe(state, preferences.get());
  render();
  announcer.observe(state);
}

// I clicked a hand's summary away: the server may start the next turn's clock now (once every
// person seated has); a watcher's or a player's who left paces nobody
function continueHand(record) {
  if (watchingOnly || state.cancelled || blocked) return;
  send({ type: "continue", hand: record.number });
}

function receiveOther(frame) {
  if (frame.type === "chat") {
    if (frame.history) {
      // the whole recent chat, as I see it now (on connect, and after I mute or unmute)
      chat.reset();
      mutedSeats = new Set(frame.muted_seats || []);
      render();
    }
    frame.messages.forEach(chat.add);
  } else if (frame.type === "hint") {
    if (frame.version === state.version) hints.receive(frame);
  } else if (frame.type === "watchers") {
    renderWatchers(frame.count);
  } else if (frame.type === "error") {
    hints.refused();
    if (frame.code === "blocked") blocked = true;
    if (frame.code === "too_many_sockets") refusal = frame.message;
    if (frame.code === "busy" && frame.action) return resendMove(frame);
    toast(frame.message);
  }
}

let busyResends = 0;

function resendMove(frame) {
  // the server could not store my move (a database error on every try): send it again, a
  // little later, while the table still waits for it; a few times, then say so
  if (frame.version !== state.version) return;
  busyResends += 1;
  if (busyResends > 5) {
    busyResends = 0;
    toast("The server is busy: your move was not played. Please try again.");
    return;
  }
  setTimeout(() => {
    if (frame.version === state.version) send({ type: "act", action: frame.action });
  }, 300 + Math.random() * 600);
}

function renderWatchers(count) {
  const box = $("watchers");
  if (!box) return;
  box.hidden = !count;
  box.textContent = count === 1 ? "1 person watching" : count + " people watching";
}

function closedForGood(code) {
  if (code === 4003 || blocked) return showBlocked();
  if (code === 4029) {
    if (refusal) $("too-many-text").textContent = refusal;
    $("too-many").hidden = false;
    return;
  }
  if (watchingOnly) {
    $("watching-refused").hidden = false;
    return;
  }
  toast("You no longer have a seat at this table.");
}

function showBlocked() {
  // staff blocked this account: the server closed the socket and will refuse a new one
  blocked = true;
  $("blocked").hidden = false;
  render();
  ["chat-form", "cancel-form"].forEach((id) => $(id) && ($(id).style.display = "none"));
  document.querySelectorAll("#my-hand button").forEach((control) => (control.disabled = true));
  $("status").textContent = "Your account has been blocked: the computer plays your seat.";
}

function context() {
  // a player who left (or was blocked) watches: the computer makes their seat's choices
  const watching = state.cancelled || blocked || watchingOnly;
  let view = watching ? Object.assign({}, state.view, { legal_actions: [], honest_actions: [] }) : state.view;
  if (state.view && scenes.changingHands()) view = betweenHands(view);
  return {
    state,
    view,
    ui,
    blocked,
    mutedSeats,
    watchingOnly,
    earned,
    prefs: preferences.get(),
    cardsUrl: root.dataset.cards,
    onReport: openReport,
    onMute: (seat, muted) => send({ type: muted ? "unmute" : "mute", seat }),
    onCard: (card, action, playable) => clickCard(context(), card, action, playable),
    act: (action) => {
      ui.picking = null;
      ui.selected = null;
      if (send({ type: "act", action })) scenes.skipTricks();
    },
    send,
    toast,
    rerender: render,
  };
}

function render() {
  root.dataset.version = state.version; // the version the page shows (frames may wait, paced)
  if (state.status === "open") return renderWaitingRoom();
  const ctx = context();
  const scene = scenes.current();
  const focused = focusKey(); // the hand and the buttons are drawn anew: the keyboard keeps its place
  renderSeats(ctx);
  renderFelt(ctx, scene);
  renderOverlay(ctx, scene);
  if (!watchingOnly) {
    renderHand(ctx);
    renderActions(ctx);
    hints.render(ctx);
    lesson.render(ctx, scene);
  }
  renderStatus(ctx);
  if (watchingOnly && state.status === "playing") $("status").textContent = watchedStatus(ctx.view);
  renderScore(ctx);
  renderScoreSheet(ctx);
  renderTrickHistory(ctx);
  restoreFocus(focused);
  if (state.status === "finished") finished();
}

// a watcher's frame is as of the last checkpoint: say what is going on, not whose turn it was
function watchedStatus(view) {
  if (view.phase === "play") return "Trick " + (view.tricks.length + 1) + " is being played…";
  if (view.phase === "robson") return "The sweeping side chooses…";
  return "Choosing trump…";
}

function watchedToTheEnd() {
  // the watch banner's link to the record, once the game is over
  const link = $("watch-record");
  const url = state.result && state.result.record_url;
  if (link && url) {
    link.href = url;
    link.hidden = false;
  }
}

function renderOverlay(ctx, scene) {
  const overlay = $("felt-overlay");
  let content = null;
  if (scene && scene.kind === "summary") content = handSummary(ctx, scene.record);
  else if (scene && scene.kind === "draw") content = drawNote(ctx);
  else if (!scene && state.status === "finished") content = gameOver(ctx);
  overlay.hidden = !content;
  $("felt").classList.toggle("over", Boolean(content) && !scene);
  $("felt").classList.toggle("summary-up", Boolean(content) && Boolean(scene) && scene.kind === "summary");
  const kind = content ? (scene ? scene.kind : "game-over") : "";
  const appearing = kind !== overlay.dataset.kind;
  overlay.dataset.kind = kind;
  overlay.replaceChildren(...(content ? [content] : []));
  // a page scrolled down to my cards: the result opens at the top of the page, and a hand's
  // summary comes into view
  if (appearing && kind === "game-over") window.scrollTo(0, 0);
  else if (appearing && kind === "summary") {
    const box = overlay.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) $("felt").scrollIntoView({ block: "start" });
  }
}

function drawNote(ctx) {
  const dealer = ctx.view.dealer_draw[ctx.view.dealer_draw.length - 1].seat;
  return el(
    "div",
    "summary draw-note",
    "Cards dealt face up until a black jack: " +
      seatName(state, dealer) +
      (dealer === state.my_seat ? " deal" : " deals") +
      " first.",
  );
}

function finished() {
  // no cancelling a finished game; the header's coins change with the game's credits
  const cancel = $("cancel-form");
  if (cancel) cancel.remove();
  if (watchingOnly) return watchedToTheEnd();
  earnings.afterGame(state);
}

function renderWaitingRoom() {
  const list = $("waiting-seats");
  if (!list) return;
  list.replaceChildren(
    ...state.seats.map((seat) => {
      const item = el("li", "", "Seat " + (seat.position + 1) + ": ");
      item.append(
        seat.computer ? el("em", "", "free — a computer if nobody sits here") : el("span", "", seat.label || seat.name),
      );
      return item;
    }),
  );
}

// ---- wiring -----------------------------------------------------------------------------------

const felt = $("felt");
if (felt)
  felt.addEventListener("click", (event) => {
    // a click on the felt turns a held trick over, or closes a hand's summary
    if (event.target.closest(".summary-continue")) return scenes.dismiss();
    if (event.target.closest("a, button, form")) return;
    if (scenes.current()) scenes.dismiss();
  });
// a form sent from this page (the creator's start, a leave): the page is being replaced
let leaving = false;
window.addEventListener("submit", (event) => {
  if (!event.defaultPrevented) leaving = true;
});
const cancelForm = $("cancel-form");
if (cancelForm) {
  cancelForm.addEventListener("submit", (event) => {
    const sure = confirm("Cancel this game? The computer finishes it in your seat and you forfeit the points it wins.");
    if (!sure) event.preventDefault();
  });
}
const copy = $("copy-invite");
if (copy) {
  copy.addEventListener("click", () => {
    const link = $("invite-link");
    link.select();
    (navigator.clipboard ? navigator.clipboard.writeText(link.value) : Promise.reject()).then(
      () => toast("Invite link copied."),
      () => document.execCommand("copy"),
    );
  });
}
$("too-many-retry").addEventListener("click", () => {
  // the player closed other tables or tabs: ask for a place again
  $("too-many").hidden = true;
  refusal = null;
  socket.connect();
});

listenForKeys({
  sceneShown: () => Boolean(scenes.current()),
  closeScene: () => felt && felt.click(), // as a click on the felt does
});

scenes.observe(state, preferences.get());
render();
announcer.observe(state);
if (root.dataset.socketPath) socket.connect();
setInterval(() => {
  renderCountdown(state, clockSkew, scenes.changingHands());
  announcer.tick(state, clockSkew);
}, 250);
