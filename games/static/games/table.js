// The live table: renders this seat's view from the server's state frames and sends moves.
// No dependencies. User text (names, chat) only ever goes into the page through textContent.
(function () {
  "use strict";

  const root = document.getElementById("table");
  if (!root) return;
  const initial = JSON.parse(document.getElementById("table-state").textContent);
  const cardsUrl = root.dataset.cards;
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", N: "No trump" };
  const SUIT_NAMES = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs", N: "No trump" };
  const PLACES = ["bottom", "left", "top", "right"]; // clockwise from me

  let state = initial;
  let socket = null;
  let retry = 0;
  let clockSkew = 0; // server time minus local time, in ms
  let underPicks = null; // cards chosen while going under, or null
  const chatSeen = new Set();
  let mutedSeats = new Set(); // seats whose chat I muted; the server leaves their lines out
  let blocked = false;
  let refusal = null; // why the server refused this socket (too many open tables or tabs)

  const $ = (id) => document.getElementById(id);
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  function placeOf(seat) {
    return PLACES[(seat - state.my_seat + 4) % 4];
  }

  function cardImage(card, className) {
    const image = el("img", className || "card-img");
    image.src = cardsUrl + card + ".svg";
    image.alt = cardName(card);
    image.dataset.card = card;
    image.draggable = false;
    return image;
  }

  function cardName(card) {
    const ranks = { 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
    return ranks[card[0]] + " of " + SUIT_NAMES[card[1]];
  }

  function seatName(seat) {
    const info = state.seats[seat];
    if (seat === state.my_seat) return "You";
    return info ? info.name : "Seat " + (seat + 1);
  }

  function actionLabel(action) {
    if (action === "pass") return "Pass";
    if (action === "order_up") {
      const view = state.view;
      return view.dealer === state.my_seat ? "Pick it up" : "Order it up";
    }
    if (action === "alone") return "Go alone";
    if (action === "not_alone") return "Play with partner";
    if (action.startsWith("call:")) {
      const suit = action.slice(5);
      return suit === "N" ? "Call no trump" : "Call " + SUITS[suit] + " " + SUIT_NAMES[suit];
    }
    return action;
  }

  // ---- the socket -------------------------------------------------------------------------

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + root.dataset.socketPath);
    socket.addEventListener("open", () => {
      retry = 0;
      $("reconnecting").hidden = true;
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4003 || blocked) {
        showBlocked();
        return;
      }
      if (event.code === 4401 || event.code === 4403) {
        toast("You no longer have a seat at this table.");
        return;
      }
      if (event.code === 4029) {
        // too many sockets of this player (or address): retrying would be refused again
        $("reconnecting").hidden = true;
        if (refusal) $("too-many-text").textContent = refusal;
        $("too-many").hidden = false;
        return;
      }
      $("reconnecting").hidden = false;
      retry += 1;
      setTimeout(connect, Math.min(10000, 500 * 2 ** Math.min(retry, 5)));
    });
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      toast("Not connected — reconnecting…");
      return;
    }
    message.version = state.version;
    socket.send(JSON.stringify(message));
  }

  function receive(frame) {
    if (frame.type === "state") {
      if (frame.version < state.version && frame.game === state.game) return; // an old frame
      const wasOpen = state.status === "open";
      state = frame;
      clockSkew = Date.parse(frame.server_time) - Date.now();
      if (wasOpen !== (state.status === "open")) {
        location.reload();
        return;
      }
      render();
    } else if (frame.type === "chat") {
      if (frame.history) {
        // the whole recent chat, as I see it now (on connect, and after I mute or unmute)
        resetChat();
        mutedSeats = new Set(frame.muted_seats || []);
        render();
      }
      frame.messages.forEach(addChatLine);
    } else if (frame.type === "error") {
      if (frame.code === "blocked") blocked = true;
      if (frame.code === "too_many_sockets") refusal = frame.message;
      toast(frame.message);
    }
  }

  function showBlocked() {
    // staff blocked this account: the server closed the socket and will refuse a new one
    blocked = true;
    $("reconnecting").hidden = true;
    $("blocked").hidden = false;
    render();
    ["chat-form", "cancel-form"].forEach((id) => $(id) && ($(id).style.display = "none"));
    document.querySelectorAll("#my-hand button").forEach((control) => (control.disabled = true));
    if ($("status")) $("status").textContent = "Your account has been blocked: the computer plays your seat.";
  }

  // ---- rendering --------------------------------------------------------------------------

  function render() {
    if (state.status === "open") return renderWaitingRoom();
    // a player who left (or was blocked) watches: the computer makes their seat's choices
    const watching = state.cancelled || blocked;
    const view = watching ? Object.assign({}, state.view, { legal_actions: [] }) : state.view;
    renderSeats(view);
    renderCenter(view);
    renderHand(view);
    renderActions(view);
    renderStatus(view);
    renderScore(view);
    renderScoreSheet(view);
    renderTrickHistory(view);
  }

  function renderWaitingRoom() {
    const list = $("waiting-seats");
    if (!list) return;
    list.replaceChildren(
      ...state.seats.map((seat) => {
        const item = el("li", "", "Seat " + (seat.position + 1) + ": ");
        item.append(
          seat.computer ? el("em", "", "free — a computer if nobody sits here") : el("span", "", seat.name)
        );
        return item;
      })
    );
  }

  function renderSeats(view) {
    for (let seat = 0; seat < 4; seat++) {
      const box = root.querySelector('.seat-box[data-place="' + placeOf(seat) + '"]');
      const info = state.seats[seat];
      box.replaceChildren();
      box.classList.toggle("to-act", view.to_act === seat && state.status === "playing");
      box.classList.toggle("sitting-out", view.sitting_out.includes(seat));
      const name = el("div", "seat-name", seatName(seat));
      box.append(name);
      const marks = el("div", "marks");
      if (view.dealer === seat) marks.append(el("span", "mark dealer", "Dealer"));
      if (view.maker === seat) marks.append(el("span", "mark maker", view.maker_alone ? "Maker · alone" : "Maker"));
      if (view.lone_defender === seat) marks.append(el("span", "mark alone", "Defends alone"));
      if (view.went_under_seat === seat) marks.append(el("span", "mark under", "Went under"));
      if (info && info.computer) marks.append(el("span", "mark computer", "Computer"));
      else if (info && info.covered) marks.append(el("span", "mark covered", "Computer covering"));
      box.append(marks);
      if (seat !== state.my_seat) {
        const fan = el("div", "fan");
        for (let i = 0; i < view.hand_sizes[seat]; i++) fan.append(el("span", "card-back"));
        box.append(fan);
        if (info && !info.computer) {
          const report = el("button", "link report", "Report");
          report.type = "button";
          report.dataset.seat = seat;
          report.addEventListener("click", () => openReport(seat));
          box.append(report);
        }
        if ((info && !info.computer) || mutedSeats.has(seat)) {
          const muted = mutedSeats.has(seat);
          const mute = el("button", "link report mute", muted ? "Unmute" : "Mute");
          mute.type = "button";
          mute.dataset.seat = seat;
          mute.title = muted ? "Show this player's chat again" : "Hide this player's chat from me";
          mute.addEventListener("click", () => send({ type: muted ? "unmute" : "mute", seat: seat }));
          box.append(mute);
        }
      }
      const bid = lastBid(view, seat);
      if (bid) box.append(el("div", "bubble", bid));
    }
  }

  function lastBid(view, seat) {
    if (view.phase !== "bid1" && view.phase !== "bid2") return "";
    const bids = view.bids.filter((bid) => bid.seat === seat);
    if (!bids.length) return "";
    const call = bids[bids.length - 1].call;
    return call === "pass" ? "Pass" : actionLabel(call);
  }

  function renderCenter(view) {
    const upcard = $("upcard-area");
    upcard.replaceChildren();
    if ((view.phase === "bid1" || view.phase === "bid2") && view.upcard) {
      const image = cardImage(view.upcard, "card-img upcard");
      if (view.phase === "bid2") image.classList.add("turned-down");
      upcard.append(image, el("div", "caption", view.phase === "bid1" ? "Up card" : "Turned down"));
    }
    const winning = currentWinner(view);
    root.querySelectorAll(".trick-slot").forEach((slot) => slot.replaceChildren());
    view.trick.forEach((play, index) => {
      const slot = root.querySelector('.trick-slot[data-place="' + placeOf(play.seat) + '"]');
      const image = cardImage(play.card, "card-img played");
      if (index === 0) slot.append(el("span", "led", "led"));
      if (play.seat === winning) image.classList.add("winning");
      slot.append(image);
    });
    // the last trick stays in view until the next card is played
    if (!view.trick.length && view.tricks.length && view.phase === "play") {
      const last = view.tricks[view.tricks.length - 1];
      last.plays.forEach((play) => {
        const slot = root.querySelector('.trick-slot[data-place="' + placeOf(play.seat) + '"]');
        const image = cardImage(play.card, "card-img played faded");
        if (play.seat === last.winner) image.classList.add("winning");
        slot.append(image);
      });
    }
  }

  // who is winning the trick so far: the same ranking the server uses
  function currentWinner(view) {
    if (!view.trick.length) return null;
    const trump = view.trump;
    const led = effectiveSuit(view.trick[0].card, trump);
    let best = null;
    let bestScore = -1;
    view.trick.forEach((play) => {
      const score = cardStrength(play.card, trump, led);
      if (score > bestScore) {
        best = play.seat;
        bestScore = score;
      }
    });
    return best;
  }

  const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };
  function effectiveSuit(card, trump) {
    if (trump && trump !== "N" && card[0] === "J" && card[1] === SAME_COLOUR[trump]) return trump;
    return card[1];
  }
  function cardStrength(card, trump, led) {
    const order = "9TJQKA".indexOf(card[0]);
    if (trump && trump !== "N") {
      if (card[0] === "J" && card[1] === trump) return 200;
      if (card[0] === "J" && card[1] === SAME_COLOUR[trump]) return 199;
      if (card[1] === trump) return 100 + order;
    }
    return effectiveSuit(card, trump) === led ? order : -1;
  }

  function renderHand(view) {
    const hand = $("my-hand");
    const legal = new Set(view.legal_actions);
    const discarding = view.legal_actions.some((action) => action.startsWith("discard:"));
    const choosingCard = discarding || view.legal_actions.some((action) => action.startsWith("play:"));
    hand.replaceChildren(
      ...view.hand.map((card) => {
        const button = el("button", "card");
        button.type = "button";
        button.dataset.card = card;
        button.append(cardImage(card));
        const action = discarding ? "discard:" + card : "play:" + card;
        const playable = legal.has(action);
        if (underPicks) {
          button.classList.add("legal");
          button.classList.toggle("picked", underPicks.includes(card));
        } else if (playable) {
          button.classList.add("legal");
        } else if (choosingCard) {
          button.classList.add("dimmed");
        }
        button.addEventListener("click", () => clickCard(card, action, playable));
        return button;
      })
    );
  }

  function clickCard(card, action, playable) {
    if (underPicks) {
      const at = underPicks.indexOf(card);
      if (at >= 0) underPicks.splice(at, 1);
      else if (underPicks.length < 3) underPicks.push(card);
      render();
      return;
    }
    if (playable) {
      send({ type: "act", action: action });
    } else if (state.view.to_act !== state.my_seat) {
      // seed 000: touching a card during another player's turn restores the full time limit
      send({ type: "touch" });
    } else {
      toast(state.view.phase === "play" ? "You must follow suit." : "Choose one of the buttons.");
    }
  }

  function renderActions(view) {
    const box = $("actions");
    box.replaceChildren();
    const actions = view.legal_actions.filter(
      (action) => !action.startsWith("play:") && !action.startsWith("discard:") && !action.startsWith("under:")
    );
    const unders = view.legal_actions.filter((action) => action.startsWith("under:"));
    if (view.legal_actions.some((action) => action.startsWith("discard:"))) {
      box.append(el("span", "hint", "You picked up " + cardName(view.upcard) + ": click a card to discard."));
    }
    actions.forEach((action) => {
      const button = el("button", "button action " + action.replace(":", "-"), actionLabel(action));
      button.type = "button";
      button.dataset.action = action;
      button.addEventListener("click", () => send({ type: "act", action: action }));
      box.append(button);
    });
    if (unders.length) {
      if (underPicks) {
        const chosen = "under:" + sortForUnder(underPicks).join(",");
        const go = el("button", "button action under", "Swap these 3 with the kitty");
        go.type = "button";
        go.disabled = !unders.includes(chosen);
        go.dataset.action = underPicks.length === 3 ? chosen : "";
        go.addEventListener("click", () => {
          underPicks = null;
          send({ type: "act", action: chosen });
        });
        const cancel = el("button", "button secondary", "Don't go under");
        cancel.type = "button";
        cancel.addEventListener("click", () => {
          underPicks = null;
          render();
        });
        box.append(el("span", "hint", "Pick three cards to give away."), go, cancel);
      } else {
        const start = el("button", "button action secondary", "Go under…");
        start.type = "button";
        start.dataset.action = "under";
        start.addEventListener("click", () => {
          underPicks = [];
          render();
        });
        box.append(start);
      }
    } else {
      underPicks = null;
    }
  }

  function sortForUnder(cards) {
    const deck = [];
    "SHDC".split("").forEach((suit) => "9TJQKA".split("").forEach((rank) => deck.push(rank + suit)));
    return cards.slice().sort((a, b) => deck.indexOf(a) - deck.indexOf(b));
  }

  function renderStatus(view) {
    let text;
    if (state.status === "finished") {
      const mine = state.my_seat % 2;
      text = view.winner === mine ? "Game over — your team wins!" : "Game over — the other team wins.";
      text += " ";
    } else if (view.to_act === state.my_seat && (state.cancelled || blocked)) {
      text = ""; // the computer is choosing for this seat
    } else if (view.to_act === state.my_seat) {
      text = {
        bid1: "Your bid: order it up or pass.",
        bid2: "Your bid: name a suit or pass.",
        discard: "Discard one card.",
        alone: "Go alone, or play with your partner?",
        defend: "Defend alone?",
        play: view.trick.length ? "Your turn: follow suit if you can." : "Your lead.",
      }[view.phase] || "Your turn.";
    } else if (view.to_act !== null && view.to_act !== undefined) {
      text = "Waiting for " + seatName(view.to_act) + "…";
    } else {
      text = "";
    }
    if (state.cancelled) text = "You left this game: the computer plays your seat. " + text;
    $("status").textContent = text;
    if (state.status === "finished" && !$("back-to-lobby")) {
      const link = el("a", "button", "Back to the lobby");
      link.id = "back-to-lobby";
      link.href = root.dataset.lobbyUrl;
      $("status").after(link);
    }
  }

  function renderScore(view) {
    const us = state.my_seat % 2;
    const score = $("score");
    score.replaceChildren();
    const row = (label, points, tricks, team) => {
      const line = el("div", "score-row team-" + team);
      line.append(el("span", "label", label), el("strong", "points", String(points)));
      line.append(el("span", "tricks", tricks + (tricks === 1 ? " trick" : " tricks")));
      return line;
    };
    score.append(
      row("Us", view.score[us], view.tricks_won[us], "us"),
      row("Them", view.score[1 - us], view.tricks_won[1 - us], "them"),
      el("div", "target", "Playing to " + view.target_score)
    );
    const trump = $("trump-info");
    trump.textContent = view.trump ? "Trump: " + SUITS[view.trump] + " " + SUIT_NAMES[view.trump] : "";
    trump.className = "trump-info suit-" + (view.trump || "none");
  }

  function renderScoreSheet(view) {
    const us = state.my_seat % 2;
    const rows = view.history.map((record) => {
      const row = el("tr");
      const maker = record.maker === null ? "—" : seatName(record.maker) + (record.maker_alone ? " (alone)" : "");
      let result = { make: "made", march: "march", euchre: "euchred", all_pass: "all passed" }[record.outcome];
      if (record.lone_defender !== null && record.outcome === "euchre") result += " (lone defender)";
      [
        String(record.number + 1),
        record.trump ? SUITS[record.trump] : "—",
        maker,
        result,
        String(record.score_after[us]),
        String(record.score_after[1 - us]),
      ].forEach((text) => row.append(el("td", "", text)));
      return row;
    });
    $("score-sheet").replaceChildren(...rows);
  }

  function renderTrickHistory(view) {
    $("trick-history").replaceChildren(
      ...view.tricks.map((trick) => {
        const item = el("li");
        trick.plays.forEach((play) => {
          const chip = el("span", "chip" + (play.seat === trick.winner ? " won" : ""), cardShort(play.card));
          chip.title = seatName(play.seat);
          item.append(chip);
        });
        item.append(el("span", "muted", " won by " + seatName(trick.winner)));
        return item;
      })
    );
  }

  function cardShort(card) {
    return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]];
  }

  // ---- countdown ----------------------------------------------------------------------------

  function tick() {
    const box = $("countdown");
    if (!box) return;
    if (!state.turn_deadline || state.status !== "playing") {
      box.textContent = "";
      return;
    }
    const left = Math.max(0, Date.parse(state.turn_deadline) - (Date.now() + clockSkew));
    const seconds = Math.ceil(left / 1000);
    box.textContent = seconds + " s";
    box.classList.toggle("urgent", seconds <= 5);
  }

  // ---- chat, reports, toasts ----------------------------------------------------------------

  function resetChat() {
    chatSeen.clear();
    const log = $("chat-log");
    if (log) log.replaceChildren();
  }

  function addChatLine(message) {
    if (chatSeen.has(message.id)) return;
    chatSeen.add(message.id);
    const log = $("chat-log");
    if (!log) return;
    const line = el("li", message.seat === state.my_seat ? "mine" : "");
    line.append(el("strong", "", message.name + ": "), el("span", "", message.text));
    log.append(line);
    log.scrollTop = log.scrollHeight;
  }

  function openReport(seat) {
    const dialog = $("report-dialog");
    $("report-seat").value = seat;
    $("report-name").textContent = seatName(seat);
    $("report-answer").textContent = "";
    dialog.showModal();
  }

  async function sendReport(event) {
    event.preventDefault();
    const form = $("report-form");
    const answer = await fetch(root.dataset.reportUrl, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-CSRFToken": form.querySelector("[name=csrfmiddlewaretoken]").value },
      credentials: "same-origin",
    });
    const result = await answer.json().catch(() => ({ message: "The report could not be sent." }));
    $("report-answer").textContent = result.message;
  }

  let toastTimer = null;
  function toast(message) {
    const box = $("toast");
    box.textContent = message;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (box.hidden = true), 4000);
  }

  // ---- wiring -------------------------------------------------------------------------------

  const chatForm = $("chat-form");
  if (chatForm) {
    chatForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("chat-input");
      if (!input.value.trim()) return;
      send({ type: "chat", text: input.value });
      input.value = "";
    });
  }
  const reportForm = $("report-form");
  if (reportForm) {
    reportForm.addEventListener("submit", sendReport);
    $("report-close").addEventListener("click", () => $("report-dialog").close());
  }
  const cancelForm = $("cancel-form");
  if (cancelForm) {
    cancelForm.addEventListener("submit", (event) => {
      const sure = confirm(
        "Cancel this game? The computer finishes it in your seat and you forfeit the points it wins."
      );
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
        () => document.execCommand("copy")
      );
    });
  }

  $("too-many-retry").addEventListener("click", () => {
    // the player closed other tables or tabs: ask for a place again
    $("too-many").hidden = true;
    refusal = null;
    connect();
  });

  render();
  connect();
  setInterval(tick, 250);
})();
