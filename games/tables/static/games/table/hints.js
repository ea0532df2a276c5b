// Hints (games/live/services/hints.py): at a private table with computers only (the page's
// data-hints), on my turn with a real choice, a Hint button asks the server, which values every
// choice from my seat's view as the game review does and answers my sockets only. The answer
// lists each choice with the hand points it expects for my side, the best first, in the words
// of the table's own buttons. The display preference "hints" hides the button.

import { $, button, el } from "./dom.js";
import { cardName, cardShort } from "./cards.js";
import { actionLabel } from "./labels.js";

// +1.10, −0.80, 0.00: as the record page's review writes a choice's value
export function points(value) {
  const text = Math.abs(value).toFixed(2);
  if (value > 0.004) return "+" + text;
  if (value < -0.004) return "\u2212" + text;
  return "0.00";
}

export function choiceWords(action, view) {
  const [kind, argument] = action.split(":");
  if (kind === "play") return cardName(argument);
  if (kind === "discard") return "Lay away the " + cardName(argument).toLowerCase();
  if (kind === "under") return "Go under with " + argument.split(",").map(cardShort).join(" ");
  if (kind === "exchange") return "Exchange " + argument.split(",").map(cardShort).join(" ");
  return actionLabel(action, view);
}

export function createHints({ send, rerender }) {
  const root = $("table");
  const offered = root.dataset.hints === "1";
  let askedAt = null; // the version I asked at, until the answer (or a refusal) comes
  let answer = null; // the last answer, shown while the table is at its version

  function mayAsk(ctx) {
    const { state, view, prefs } = ctx;
    return (
      offered &&
      prefs.hints !== false &&
      !ctx.watchingOnly &&
      !ctx.blocked &&
      !state.cancelled &&
      state.status === "playing" &&
      view.to_act === state.my_seat &&
      (view.legal_actions || []).length > 1
    );
  }

  function render(ctx) {
    const box = $("hint-box");
    if (!box) return;
    const version = ctx.state.version;
    if (answer && answer.version !== version) answer = null;
    if (askedAt !== null && askedAt !== version) askedAt = null;
    if (!mayAsk(ctx)) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const ask = button(askedAt !== null ? "Thinking…" : "Hint", "button secondary hint-ask", () => {
      if (askedAt !== null || answer) return;
      if (send({ type: "hint" })) {
        askedAt = version;
        rerender();
      }
    });
    ask.id = "hint-ask";
    ask.disabled = askedAt !== null || Boolean(answer);
    ask.title = "What the strong computer player would do, and the points it expects from each choice";
    box.replaceChildren(ask, ...(answer ? [answerList(answer, ctx.view)] : []));
  }

  function answerList(found, view) {
    const best = found.choices[0].value;
    const box = el("div", "hint-answer");
    box.id = "hint-answer";
    box.append(
      el("p", "hint-best", "The strong player would choose: " + choiceWords(found.choices[0].action, view) + "."),
    );
    const list = el("ol", "hint-choices");
    found.choices.forEach((choice) => {
      const item = el("li", "hint-choice" + (choice.value >= best - 1e-9 ? " best" : ""));
      item.dataset.action = choice.action;
      item.append(el("span", "words", choiceWords(choice.action, view)), el("span", "value", points(choice.value)));
      list.append(item);
    });
    box.append(
      list,
      el("p", "hint-note", "Hand points each choice expects for your side, over " + found.deals + " likely deals."),
    );
    return box;
  }

  return {
    receive(frame) {
      askedAt = null;
      answer = frame;
      rerender();
    },
    // any error frame ends my wait (a refused hint says why in the toast)
    refused() {
      if (askedAt === null) return;
      askedAt = null;
      rerender();
    },
    render,
  };
}
