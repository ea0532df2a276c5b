// The table chat, reporting a player, and the short notices (toasts) the page shows.

import { $, el } from "./dom.js";

export function createChat({ mySeat, send }) {
  const seen = new Set();
  const form = $("chat-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("chat-input");
      if (!input.value.trim()) return;
      send({ type: "chat", text: input.value });
      input.value = "";
    });
  }

  function reset() {
    seen.clear();
    const log = $("chat-log");
    if (log) log.replaceChildren();
  }

  function add(message) {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    const log = $("chat-log");
    if (!log) return;
    const line = el("li", message.seat === mySeat() ? "mine" : "");
    line.append(el("strong", "", message.name + ": "), el("span", "", message.text));
    log.append(line);
    log.scrollTop = log.scrollHeight;
  }

  return { reset, add };
}

export function createReports(nameOf) {
  const form = $("report-form");
  if (form) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await fetch($("table").dataset.reportUrl, {
        method: "POST",
        body: new FormData(form),
        headers: { "X-CSRFToken": form.querySelector("[name=csrfmiddlewaretoken]").value },
        credentials: "same-origin",
      });
      const result = await answer.json().catch(() => ({ message: "The report could not be sent." }));
      $("report-answer").textContent = result.message;
    });
    $("report-close").addEventListener("click", () => $("report-dialog").close());
  }
  return function open(seat) {
    $("report-seat").value = seat;
    $("report-name").textContent = nameOf(seat);
    $("report-answer").textContent = "";
    $("report-dialog").showModal();
  };
}

let toastTimer = null;
export function toast(message) {
  const box = $("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 4000);
}
