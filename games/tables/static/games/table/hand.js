// My hand: sorted as I prefer (seed 003's "sorting hand"), rearranged by dragging when I allow
// it, played with one click or two (seed 003's "card selection"), and three cards picked for
// going under or an exchange.

import { $, el } from "./dom.js";
import { cardFace, cardName, sortCards } from "./cards.js";

const DRAG_START_PX = 8;

// the order the cards are shown in: mine if I dragged them this hand, new cards at the end
export function arranged(ctx) {
  const { view, prefs, ui } = ctx;
  const sorted = sortCards(view.hand, view.trump, prefs.sort_hand);
  if (!prefs.rearrange_hand || !ui.order || ui.order.hand !== view.hand_number) return sorted;
  const kept = ui.order.cards.filter((card) => view.hand.includes(card));
  return kept.concat(sorted.filter((card) => !kept.includes(card)));
}

export function renderHand(ctx) {
  const { state, view, ui } = ctx;
  const hand = $("my-hand");
  if (view.hand_hidden) {
    // deciding blind: my cards stay face down until I decide
    const count = view.hand_sizes[state.my_seat];
    const backs = [];
    for (let i = 0; i < count; i++) backs.push(cardFace(ctx.cardsUrl, null, "hidden-card"));
    hand.replaceChildren(...backs, el("span", "hint hidden-note", "Face down until you decide"));
    hand.style.setProperty("--cards", String(count));
    return;
  }
  const legal = new Set(view.legal_actions);
  const honest = new Set(view.honest_actions || view.legal_actions);
  const discarding = view.legal_actions.some((action) => action.startsWith("discard:"));
  const choosing = discarding || view.legal_actions.some((action) => action.startsWith("play:"));
  const cards = arranged(ctx);
  hand.style.setProperty("--cards", String(cards.length));
  hand.classList.toggle("can-drag", Boolean(ctx.prefs.rearrange_hand));
  if (ui.selected && !cards.includes(ui.selected)) ui.selected = null;
  hand.replaceChildren(
    ...cards.map((card) => {
      const action = (discarding ? "discard:" : "play:") + card;
      const playable = legal.has(action);
      const node = el("button", "card");
      node.type = "button";
      node.dataset.card = card;
      node.append(cardFace(ctx.cardsUrl, card));
      // its name in words, with what a look at it tells: may it be played, is it picked
      let name = cardName(card);
      if (ui.picking) {
        node.classList.add("legal");
        node.classList.toggle("picked", ui.picking.cards.includes(card));
        node.setAttribute("aria-pressed", String(ui.picking.cards.includes(card)));
      } else if (playable) {
        node.classList.add("legal");
        node.classList.toggle("follows", honest.has(action));
        node.classList.toggle("selected", ui.selected === card);
        if (ui.selected === card) name += ", selected: press again to play it";
      } else if (choosing) {
        node.classList.add("dimmed");
        name += ", cannot be played now";
      }
      node.setAttribute("aria-label", name);
      node.addEventListener("click", () => {
        if (ui.dragged) {
          ui.dragged = false; // the end of a drag, not a click
          return;
        }
        ctx.onCard(card, action, playable);
      });
      if (ctx.prefs.rearrange_hand) draggable(ctx, node, card);
      return node;
    }),
  );
}

// what a click on a card in my hand does
export function clickCard(ctx, card, action, playable) {
  const { view, ui, state } = ctx;
  if (ui.picking) {
    const picks = ui.picking.cards;
    const at = picks.indexOf(card);
    if (at >= 0) picks.splice(at, 1);
    else if (picks.length < 3) picks.push(card);
    ctx.rerender();
    return;
  }
  if (playable) {
    if (ctx.prefs.card_selection === "twice" && ui.selected !== card) {
      ui.selected = card; // seed 003: "press the white frame after selecting a card"
      ctx.rerender();
      return;
    }
    ui.selected = null;
    ctx.act(action);
  } else if (view.to_act !== state.my_seat) {
    // seed 000: touching a card during another player's turn restores the full time limit
    ctx.send({ type: "touch" });
  } else {
    ctx.toast(view.phase === "play" ? "You must follow suit." : "Choose one of the buttons.");
  }
}

function draggable(ctx, node, card) {
  let start = null;
  node.addEventListener("pointerdown", (event) => {
    start = { x: event.clientX, id: event.pointerId, moving: false };
    // every move comes to this card, also once the pointer is over its neighbours
    node.setPointerCapture(event.pointerId);
  });
  node.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    if (!start.moving && Math.abs(dx) < DRAG_START_PX) return;
    if (!start.moving) {
      start.moving = true;
      node.classList.add("dragging");
    }
    node.style.transform = "translateX(" + dx + "px)";
  });
  const finish = (event) => {
    if (!start || !start.moving) {
      start = null;
      return;
    }
    start = null;
    ctx.ui.dragged = true;
    setTimeout(() => (ctx.ui.dragged = false), 0); // no click follows a touch drag
    const others = [...$("my-hand").querySelectorAll("button.card")].filter((other) => other !== node);
    const before = others.filter((other) => {
      const box = other.getBoundingClientRect();
      return box.left + box.width / 2 < event.clientX;
    }).length;
    const order = others.map((other) => other.dataset.card);
    order.splice(before, 0, card);
    ctx.ui.order = { hand: ctx.view.hand_number, cards: order };
    ctx.rerender();
  };
  node.addEventListener("pointerup", finish);
  node.addEventListener("pointercancel", finish);
}
