// What the page calls each engine action (games/engine/actions.py) and each phase.

import { SUITS, SUIT_NAMES, cardName } from "./cards.js";

const suitText = (suit) => (suit === "N" ? "No trump" : SUITS[suit] + " " + SUIT_NAMES[suit]);

// `asBid`: the short words of a bid bubble beside a seat
export function actionLabel(action, view, seat, asBid) {
  const [kind, argument] = action.split(":");
  switch (kind) {
    case "pass":
      return "Pass";
    case "order_up":
      if (asBid) return seat === view.dealer ? "Picked it up" : "Ordered it up";
      return view.dealer === view.seat ? "Pick it up" : "Order it up";
    case "call":
      if (asBid) return argument === "N" ? "No trump" : SUITS[argument] + " " + SUIT_NAMES[argument];
      if (view.phase === "name_blind" || view.phase === "dealer_names") return "Name " + suitText(argument);
      return argument === "N" ? "Call no trump" : "Call " + suitText(argument);
    case "alone":
      if (view.phase === "defend") return "Defend alone";
      return "Go alone";
    case "not_alone":
      if (view.phase === "defend") return "Defend with partner";
      return "Play with partner";
    case "ace":
      return "Call the ace of " + SUITS[argument] + " " + SUIT_NAMES[argument].toLowerCase();
    case "redeal":
      return "Ask for a redeal";
    case "blind_alone":
      return asBid ? "Alone, blind" : "Go alone blind";
    case "see_hand":
      return asBid ? "Looked" : "See my hand first";
    case "robson":
      return argument === "add" ? "Add the points to our score" : "Take them off the other side";
    default:
      return action;
  }
}

// the status line on my turn
export function myTurnText(view, rules) {
  const phase = view.phase;
  if (phase === "bid1") {
    const offer = view.dealer === view.seat ? "pick up" : "order up";
    return "Your bid: " + offer + " the " + cardName(view.upcard).toLowerCase() + ", or pass.";
  }
  if (phase === "bid2") {
    return view.legal_actions.includes("pass")
      ? "Name a suit for trump, or pass."
      : "You are stuck: name a suit for trump.";
  }
  if (phase === "discard")
    return "You picked up the " + cardName(view.upcard).toLowerCase() + ": click a card to lay it away.";
  if (phase === "alone") {
    return view.legal_actions.includes("not_alone")
      ? "Go alone, or play with your partner?"
      : "As the dealer's partner who made trump, you play alone.";
  }
  if (phase === "defend") return "Defend alone against the lone maker?";
  if (phase === "call_ace")
    return "Call an ace: whoever holds it plays as your partner (a secret until it shows). Or go alone.";
  if (phase === "blind") return "A jack was turned up: go alone without seeing your hand, or look at it first.";
  if (phase === "name_blind") return "The Benny was turned up: name trump before seeing your hand.";
  if (phase === "dealer_names") return "The Benny was turned up: name trump.";
  if (phase === "robson") return "You took every trick: add the points to your score, or take them off the other side.";
  if (phase === "play") {
    const renege = rules && rules.renege && rules.renege !== "off";
    const lead = view.trick.length ? "Your turn: follow suit if you can." : "Your lead.";
    return renege ? lead + " (A renege is punished when it is found.)" : lead;
  }
  return "Your turn.";
}

export { suitText };
