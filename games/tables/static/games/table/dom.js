// Small DOM helpers. User text (names, chat) only ever goes into the page through textContent.

export const $ = (id) => document.getElementById(id);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// a button; `action` (an engine action string) goes in data-action, as the tests look for it
export function button(label, className, onClick, action) {
  const node = el("button", className, label);
  node.type = "button";
  if (action) node.dataset.action = action;
  node.addEventListener("click", onClick);
  return node;
}

export function plural(count, word) {
  return count + " " + word + (count === 1 ? "" : "s");
}
