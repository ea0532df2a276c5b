// Playing by keyboard alone: 1–9 or the arrow keys choose a card of my hand, Enter (or Space)
// plays it, a letter for each button (shown on it), Escape or Enter closes a hand's summary or a
// held trick, "?" opens the list of keys. Keys typed into the chat or a form are left alone.

import { $, el } from "./dom.js";

// an action's key: the first rule that matches the action string
const ACTION_KEYS = [
  [/^pass$/, "p"],
  [/^order_up$/, "o"],
  [/^(call|ace):([SHDCN])$/, (match) => match[2].toLowerCase()],
  [/^alone$/, "a"],
  [/^not_alone$/, "w"],
  [/^blind_alone$/, "b"],
  [/^see_hand$/, "l"],
  [/^redeal$/, "r"],
  [/^robson:add$/, "a"],
  [/^robson:/, "t"],
  [/^under$/, "u"],
  [/^exchange$/, "e"],
];

export function keyOfAction(action) {
  for (const [pattern, key] of ACTION_KEYS) {
    const match = action.match(pattern);
    if (match) return typeof key === "function" ? key(match) : key;
  }
  return null;
}

// shows a button's key on it ("Pass P") and tells assistive technology of it
export function markKey(node, action) {
  const key = action ? keyOfAction(action) : null;
  if (!key) return node;
  node.setAttribute("aria-keyshortcuts", key.toUpperCase());
  const hint = el("kbd", "key-hint", key.toUpperCase());
  hint.setAttribute("aria-hidden", "true");
  node.append(" ", hint);
  return node;
}

const typing = (target) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

// `sceneShown()`: a summary or held trick is on the felt; `closeScene()` does what a click on
// the felt does
export function listenForKeys({ sceneShown, closeScene }) {
  const help = $("keys-help");
  if (!help) return; // the waiting room: nothing to play yet
  $("keys-open").addEventListener("click", () => help.showModal());
  $("keys-close").addEventListener("click", () => help.close());

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
    if (document.querySelector("dialog[open]")) return; // a dialog keeps its own keys
    const key = event.key;
    if (key === "?") {
      help.showModal();
      event.preventDefault();
      return;
    }
    const onControl = event.target instanceof HTMLElement && event.target.closest("button, a, summary");
    if (sceneShown() && (key === "Escape" || (key === "Enter" && !onControl))) {
      closeScene();
      event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const cards = handCards();
      const card = cards[Number(key) - 1];
      if (card) {
        card.focus();
        event.preventDefault();
      }
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
      if (moveInHand(event.target, key)) event.preventDefault();
      return;
    }
    if (key.length === 1 && !event.shiftKey) {
      const wanted = key.toLowerCase();
      const target = [...document.querySelectorAll("#actions button[aria-keyshortcuts]")].find(
        (node) => !node.disabled && node.getAttribute("aria-keyshortcuts").toLowerCase() === wanted,
      );
      if (target) {
        target.click();
        event.preventDefault();
      }
    }
  });
}

function handCards() {
  return [...document.querySelectorAll("#my-hand button.card")];
}

function moveInHand(target, key) {
  const cards = handCards();
  if (!cards.length) return false;
  const at = cards.indexOf(target instanceof HTMLElement ? target.closest("button.card") : null);
  if (at < 0 && target instanceof HTMLElement && target.closest("button, a, summary, details")) return false;
  let next;
  if (key === "Home") next = 0;
  else if (key === "End") next = cards.length - 1;
  else if (at < 0) {
    // from nowhere in particular: the first card I may play, else the first card
    const legal = cards.findIndex((card) => card.classList.contains("legal"));
    next = legal >= 0 ? legal : 0;
  } else next = (at + (key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
  cards[next].focus();
  return true;
}

// the element focused before a drawing, as a selector that finds it again in the new drawing
export function focusKey() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  if (active.matches("#my-hand button.card")) {
    return { selector: '#my-hand button.card[data-card="' + active.dataset.card + '"]', index: handCards().indexOf(active) };
  }
  if (active.matches("#actions button")) {
    const action = active.dataset.action;
    return { selector: action ? '#actions button[data-action="' + action + '"]' : null, index: -1, inControls: true };
  }
  return null;
}

// after a drawing replaced the focused control: the same one again, else its neighbour, so the
// keyboard's place is not lost to the top of the page
export function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const again = key.selector ? document.querySelector(key.selector) : null;
  if (again) return again.focus();
  const buttons = [...document.querySelectorAll("#actions button:not(:disabled)")];
  if (key.inControls && buttons.length) return buttons[0].focus();
  const cards = handCards();
  if (cards.length) return cards[Math.min(Math.max(key.index, 0), cards.length - 1)].focus();
  if (buttons.length) buttons[0].focus();
}
