// Seed 003's display preferences: read from the page, applied at once when changed in the
// table's display menu (and saved for the player), or in the settings page of another tab.

import { $ } from "./dom.js";

const DEFAULTS = {
  auto_flip: true,
  trick_arrow: true,
  card_selection: "once",
  sort_hand: "trump_first",
  rearrange_hand: false,
  hints: true,
  show_scoreboard: true,
  trick_counter: true,
  four_colour: false,
  large_cards: false,
};

export function createPreferences(onChange, toast) {
  const root = $("table");
  const source = $("display-preferences");
  let prefs = Object.assign({}, DEFAULTS, source ? JSON.parse(source.textContent) : {});
  const menu = $("display-menu");

  function apply() {
    // what CSS alone shows or hides; the rest the drawing reads from `prefs`
    root.classList.toggle("no-scoreboard", !prefs.show_scoreboard);
    root.classList.toggle("no-trick-counter", !prefs.trick_counter);
    root.classList.toggle("no-trick-arrow", !prefs.trick_arrow);
    root.classList.toggle("four-colour", Boolean(prefs.four_colour));
    root.classList.toggle("large-cards", Boolean(prefs.large_cards));
    if (!menu) return;
    Object.entries(prefs).forEach(([name, value]) => {
      menu.querySelectorAll('[name="' + name + '"]').forEach((input) => {
        if (input.type === "checkbox") input.checked = Boolean(value);
        else if (input.type === "radio") input.checked = input.value === value;
      });
    });
  }

  function change(changes, save) {
    prefs = Object.assign({}, prefs, changes);
    apply();
    onChange(prefs, changes);
    if (save) store(changes);
  }

  async function store(changes) {
    const token = menu && menu.querySelector("[name=csrfmiddlewaretoken]");
    try {
      const answer = await fetch(root.dataset.displayUrl, {
        method: "POST",
        body: JSON.stringify(changes),
        headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
        credentials: "same-origin",
      });
      if (!answer.ok) throw new Error(String(answer.status));
    } catch (error) {
      toast("Your display preference could not be saved: it applies on this page only.");
    }
  }

  if (menu) {
    menu.addEventListener("submit", (event) => event.preventDefault());
    menu.addEventListener("change", (event) => {
      const input = event.target;
      if (!input.name || !(input.name in DEFAULTS)) return;
      change({ [input.name]: input.type === "checkbox" ? input.checked : input.value }, true);
    });
  }
  if ("BroadcastChannel" in window) {
    // the settings page, saved in another tab, says what the preferences are now
    new BroadcastChannel("euchre-display").addEventListener("message", (event) => {
      if (event.data && typeof event.data === "object") change(event.data, false);
    });
  }
  apply();
  return { get: () => prefs };
}
