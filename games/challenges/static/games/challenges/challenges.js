// The challenges of the site socket (issue 54): each "challenge" message that
// site-presence.js hands on as a "site:event" event on the document. A new challenge to me
// shows as a prompt (a non-modal dialog: Accept, Decline, Later; Esc or × hides it), told to
// screen readers by the polite live region; an answered, withdrawn or expired one leaves the
// page; my own challenge accepted takes me to the table, declined or expired says so.

const prompts = document.getElementById("challenge-prompts");
// one polite live region a page, so that what it says comes in order: the table page's own
// announcer where there is one, else a region of this script's
const announcer = document.getElementById("announcer") || politeRegion();

// Django's CSRF cookie (not HttpOnly here): the template carries no token of its own
function csrfToken() {
  const found = document.cookie.split("; ").find((pair) => pair.startsWith("csrftoken="));
  if (found) return decodeURIComponent(found.slice("csrftoken=".length));
  const field = document.querySelector("[name=csrfmiddlewaretoken][value]:not([value=''])");
  return field ? field.value : "";
}

function politeRegion() {
  const region = document.createElement("p");
  region.id = "challenge-announcer";
  region.className = "visually-hidden";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  document.body.append(region);
  return region;
}
const template = document.getElementById("challenge-prompt-template");

function announce(text) {
  if (!announcer) return;
  announcer.textContent = "";
  // a fresh text node after a beat, so that the same words twice are read twice
  window.setTimeout(() => { announcer.textContent = text; }, 50);
}

function promptOf(id) {
  return prompts?.querySelector(`[data-challenge-id="${CSS.escape(String(id))}"]`) ?? null;
}

function hide(prompt) {
  prompt.remove();
}

function expireLater(prompt) {
  const at = Date.parse(prompt.dataset.expiresAt ?? "");
  if (Number.isNaN(at)) return;
  window.setTimeout(() => hide(prompt), Math.max(0, at - Date.now()));
}

function wire(prompt) {
  prompt.querySelector("[data-dismiss]")?.addEventListener("click", () => hide(prompt));
  prompt.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide(prompt);
  });
  // one answer only: a double click sends one form
  for (const form of prompt.querySelectorAll("form")) {
    form.addEventListener("submit", () => {
      for (const button of prompt.querySelectorAll("button[type=submit]")) button.disabled = true;
    });
  }
  expireLater(prompt);
}

function show(event) {
  if (!prompts || !template || promptOf(event.id)) return;
  const prompt = template.content.firstElementChild.cloneNode(true);
  for (const token of prompt.querySelectorAll("[name=csrfmiddlewaretoken]")) token.value = csrfToken();
  prompt.dataset.challengeId = String(event.id);
  prompt.dataset.expiresAt = event.expires_at;
  const title = prompt.querySelector(".challenge-title");
  title.id = `challenge-title-${event.id}`;
  prompt.setAttribute("aria-labelledby", title.id);
  prompt.querySelector("[data-from]").textContent = event.from;
  prompt.querySelector("[data-game]").textContent = event.game;
  prompt.querySelector("[data-accept]").action = event.accept_url;
  prompt.querySelector("[data-decline]").action = event.decline_url;
  prompts.append(prompt);
  wire(prompt);
  announce(`${event.from} challenges you: ${event.game}. Accept or decline below.`);
}

function notice(text) {
  if (!prompts || !text) return;
  const box = document.createElement("div");
  box.className = "challenge-prompt challenge-notice";
  box.setAttribute("role", "status");
  const words = document.createElement("p");
  words.className = "challenge-game";
  words.textContent = text;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "challenge-dismiss";
  dismiss.setAttribute("aria-label", "Hide this message");
  dismiss.textContent = "×";
  dismiss.addEventListener("click", () => hide(box));
  box.append(words, dismiss);
  prompts.append(box);
  announce(text);
}

document.addEventListener("site:event", (message) => {
  const event = message.detail;
  if (!event || event.type !== "challenge") return;
  if (event.state === "pending") {
    show(event);
    return;
  }
  const prompt = promptOf(event.id);
  if (prompt) hide(prompt);
  if (event.go) {
    window.location.assign(event.go); // my challenge accepted: to the table
    return;
  }
  notice(event.text);
});

for (const prompt of prompts?.querySelectorAll(".challenge-prompt") ?? []) wire(prompt);
