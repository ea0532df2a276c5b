// Invitations into an open seat (issue 54), on every page of a signed-in player (base.html).
// The site socket hands each "seat_invite" event on as a "site:event" (site-presence.js):
//   offer     a friend asks me to a seat: a prompt (role=alertdialog, its buttons labelled,
//             focus moved to it and given back) with "Accept and sit down" and "Decline",
//             and the time left; Esc hides it ("Not now": the notification keeps it)
//   gone      that invitation ended (answered in another tab, expired, the table started):
//             its prompt closes
//   answered  to the host: what became of an invitation they sent, written into the waiting
//             room's list (#seat-invites, a polite live region), else into a short toast
// An offer is kept in the tab's sessionStorage until it ends, so the next page shows it too.

const KEY = "seat-invite-offers";
const script = document.querySelector("script[data-seat-invite]");
// Django's CSRF cookie (not HttpOnly here): the page carries no token for this script, so that
// a page's text does not change from one load to the next (a 404 is a 404)
const csrfPair = document.cookie.split("; ").find((pair) => pair.startsWith("csrftoken="));
const csrfField = document.querySelector("[name=csrfmiddlewaretoken][value]:not([value=''])");
const csrf = csrfPair
  ? decodeURIComponent(csrfPair.slice("csrftoken=".length))
  : (csrfField && csrfField.value) || "";
let prompt = null; // {id, box, timer, before}
let answering = null; // the id of the invitation whose answer is on its way: its "gone" waits

function stored() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) || "{}");
  } catch (error) {
    return {};
  }
}

function store(offers) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(offers));
  } catch (error) {
    // private browsing without storage: the prompt lives on this page only
  }
}

function forget(id) {
  const offers = stored();
  delete offers[id];
  store(offers);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function styles() {
  if (document.getElementById("seat-invite-css") || !script) return;
  const link = document.createElement("link");
  link.id = "seat-invite-css";
  link.rel = "stylesheet";
  link.href = new URL("seat-invite.css", script.src).href;
  document.head.append(link);
}

function left(deadline) {
  const seconds = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0") + " left";
}

function close(id, { giveFocusBack = true } = {}) {
  if (!prompt || (id !== undefined && prompt.id !== id)) return;
  clearInterval(prompt.timer);
  prompt.box.remove();
  if (giveFocusBack && prompt.before && document.contains(prompt.before)) prompt.before.focus();
  prompt = null;
  showNext();
}

function showNext() {
  const offers = stored();
  const now = Date.now();
  for (const id of Object.keys(offers)) {
    if (offers[id].deadline <= now) delete offers[id];
  }
  store(offers);
  const next = Object.values(offers).sort((a, b) => a.deadline - b.deadline)[0];
  if (next && !prompt && !next.hidden) show(next);
}

async function answer(offer, url, status) {
  status.textContent = "One moment…";
  let reply;
  answering = offer.id;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "X-CSRFToken": csrf },
      credentials: "same-origin",
    });
    reply = await response.json();
  } catch (error) {
    status.textContent = "The site did not answer: try again.";
    return;
  } finally {
    answering = null;
  }
  if (reply.table_url) {
    forget(offer.id);
    window.location.assign(reply.table_url);
    return;
  }
  forget(offer.id);
  if (!prompt || prompt.id !== offer.id) return;
  if (reply.error) {
    // the invitation no longer stands (or I cannot pay): say why, until closed
    prompt.final = true;
    clearInterval(prompt.timer);
    prompt.box.querySelector(".seat-invite-clock").remove();
    status.textContent = reply.error;
    prompt.box.querySelectorAll("button[data-answer]").forEach((button) => button.remove());
    const closing = prompt.box.querySelector("button[data-close]");
    closing.textContent = "Close";
    closing.focus();
    return;
  }
  close(offer.id);
}

function show(offer) {
  styles();
  const box = el("div", "seat-invite-prompt");
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-labelledby", "seat-invite-prompt-title");
  box.setAttribute("aria-describedby", "seat-invite-prompt-text");
  box.dataset.invitation = offer.id;
  const title = el("h2", "", offer.from + " invites you to a seat");
  title.id = "seat-invite-prompt-title";
  const text = el("p", "", "At their table, waiting to start: " + offer.rules + ".");
  text.id = "seat-invite-prompt-text";
  const clock = el("p", "muted seat-invite-clock", left(offer.deadline));
  const status = el("p", "seat-invite-status");
  status.setAttribute("role", "status");
  const accept = el("button", "button", "Accept and sit down");
  accept.type = "button";
  accept.dataset.answer = "accept";
  const decline = el("button", "button secondary", "Decline");
  decline.type = "button";
  decline.dataset.answer = "decline";
  const later = el("button", "button secondary", "Not now");
  later.type = "button";
  later.dataset.close = "1";
  const buttons = el("div", "dialog-buttons");
  buttons.append(accept, decline, later);
  box.append(title, text, clock, status, buttons);
  let busy = false; // a double click answers once
  const once = (url) => async () => {
    if (busy) return;
    busy = true;
    await answer(offer, url, status);
    busy = false;
  };
  accept.addEventListener("click", once(offer.accept_url));
  decline.addEventListener("click", once(offer.decline_url));
  const hide = () => {
    const offers = stored();
    if (offers[offer.id]) offers[offer.id].hidden = true;
    store(offers);
    close(offer.id);
  };
  later.addEventListener("click", hide);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation(); // not the table's Esc
      hide();
    }
  });
  document.body.append(box);
  const timer = setInterval(() => {
    if (offer.deadline <= Date.now()) {
      forget(offer.id);
      close(offer.id);
    } else clock.textContent = left(offer.deadline);
  }, 1000);
  prompt = { id: offer.id, box, timer, before: document.activeElement };
  accept.focus();
}

function answered(event) {
  const list = document.getElementById("seat-invites");
  if (list) {
    let row = list.querySelector('[data-invitation="' + event.id + '"]');
    if (!row) {
      row = el("li");
      row.dataset.invitation = event.id;
      list.append(row);
    }
    row.textContent = event.text;
    return;
  }
  styles();
  const toast = el("div", "seat-invite-toast", event.text);
  toast.setAttribute("role", "status");
  document.body.append(toast);
  setTimeout(() => toast.remove(), 8000);
}

document.addEventListener("site:event", (message) => {
  const event = message.detail || {};
  if (event.type !== "seat_invite") return;
  if (event.action === "offer") {
    const offer = { ...event, deadline: Date.now() + event.seconds_left * 1000 };
    const offers = stored();
    offers[offer.id] = offer;
    store(offers);
    if (!prompt) show(offer);
  } else if (event.action === "gone") {
    forget(event.id);
    // an answer on its way, or its refusal shown, closes the prompt itself
    const mine = prompt && prompt.id === event.id && (answering === event.id || prompt.final);
    if (!mine) close(event.id);
  } else if (event.action === "answered") answered(event);
});

showNext();
