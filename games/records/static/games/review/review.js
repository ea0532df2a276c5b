// The record page's computer review (games/records/templates/games/_record_review.html): the button asks for
// it, a progress bar follows the run by polling the review's JSON, and the verdicts are drawn
// from that JSON (games/records/review/selectors.py), the biggest loss first. Text goes into the page
// only through textContent.

const POLL_MS = 800;
const VERDICTS = {
  blunder: { mark: "??", word: "Blunder", plural: "blunders" },
  mistake: { mark: "?", word: "Mistake", plural: "mistakes" },
  inaccuracy: { mark: "?!", word: "Inaccuracy", plural: "inaccuracies" },
  good: { mark: "", word: "Good", plural: "good" },
  best: { mark: "", word: "Best", plural: "best" },
};
const MISTAKES = ["blunder", "mistake", "inaccuracy"];

const section = document.querySelector("[data-review]");
const cardsBase = section.dataset.cards;
const ask = section.querySelector("[data-review-ask]");
const progress = section.querySelector("[data-review-progress]");
const bar = progress.querySelector("progress");
const count = progress.querySelector("[data-review-count]");
const errorLine = section.querySelector("[data-review-error]");
const result = section.querySelector("[data-review-result]");
let timer = null;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// +1.10, −0.80, 0.00: the hand points a choice expects for my side
function points(value) {
  const text = Math.abs(value).toFixed(2);
  if (value > 0.004) return "+" + text;
  if (value < -0.004) return "\u2212" + text;
  return "0.00";
}

function cardImage(card, className) {
  const image = el("img", "card-face " + (className || ""));
  image.src = cardsBase + card.code + ".svg";
  image.alt = card.label;
  image.title = card.name;
  image.dataset.card = card.code;
  return image;
}

function show(review) {
  const running = review.status === "queued" || review.status === "running";
  ask.hidden = !(review.status === "none" || review.status === "failed");
  progress.hidden = !running;
  errorLine.hidden = review.status !== "failed";
  if (review.status === "failed") {
    // why it stopped is for staff (the admin): the player is told to ask again
    errorLine.textContent = "The review stopped before the end. Try again.";
  }
  // before a worker has counted the decisions, the bar only says that something is under way
  if (review.total) bar.value = review.percent;
  else bar.removeAttribute("value");
  bar.textContent = review.percent + "%";
  count.textContent = review.total
    ? review.done + " of " + review.total
    : review.status === "queued"
      ? "waiting for a worker"
      : "";
  section.dataset.status = review.status;
  if (review.status === "done") drawResult(review);
  if (running) poll(review.status_url);
}

function poll(url) {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(response.status);
      show(await response.json());
    } catch {
      poll(url); // a dropped request: try again at the next beat
    }
  }, POLL_MS);
}

async function request(event) {
  event.preventDefault();
  const button = ask.querySelector("button");
  button.disabled = true; // a double click sends one request (and the server makes one review)
  try {
    const response = await fetch(ask.action, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "X-CSRFToken": ask.querySelector("[name=csrfmiddlewaretoken]").value,
      },
    });
    const review = await response.json();
    if (!response.ok) {
      errorLine.hidden = false;
      errorLine.textContent = review.message || "The review could not be asked for.";
      return;
    }
    show(review);
  } catch {
    errorLine.hidden = false;
    errorLine.textContent = "The site could not be reached. Try again.";
  } finally {
    button.disabled = false;
  }
}

function summary(review) {
  const { counts, decisions, points_lost: lost, points_lost_per_hand: perHand } = review.summary;
  const line = el("ul", "review-summary");
  for (const verdict of MISTAKES) {
    const item = el("li", "review-count verdict-" + verdict);
    // "1 inaccuracy", "2 inaccuracies"
    const word = counts[verdict] === 1 ? VERDICTS[verdict].word.toLowerCase() : VERDICTS[verdict].plural;
    item.append(el("strong", null, String(counts[verdict])), " " + word);
    item.dataset.verdict = verdict;
    line.append(item);
  }
  const fine = counts.best + counts.good;
  line.append(el("li", "review-count verdict-good", fine + " of " + decisions + " best or good"));
  const lostLine = el(
    "p",
    "review-lost muted",
    "Points your decisions gave away, by the computer's reckoning: " +
      lost.toFixed(2) +
      " (" +
      perHand.toFixed(2) +
      " a hand).",
  );
  return [line, lostLine];
}

function choiceList(decision) {
  const list = el("ol", "review-choices");
  const best = decision.best.value;
  const worst = Math.min(...decision.choices.map((choice) => choice.value));
  for (const choice of decision.choices) {
    const item = el("li", "review-choice");
    if (choice.chosen) item.classList.add("chosen");
    if (choice.best) item.classList.add("best");
    const meter = el("span", "meter");
    const span = best - worst || 1;
    meter.style.setProperty("--share", String(0.08 + (0.92 * (choice.value - worst)) / span));
    item.append(el("span", "words", choice.words), meter, el("span", "value", points(choice.value)));
    if (choice.chosen) item.append(el("span", "tag", "yours"));
    else if (choice.best) item.append(el("span", "tag", "best"));
    list.append(item);
  }
  return list;
}

function seen(decision) {
  const box = el("div", "review-seen");
  const hand = el("span", "review-hand");
  hand.append(el("span", "label", "Your hand"));
  for (const card of decision.hand) {
    let mark = "";
    if (card.code === decision.played.action.slice(5)) mark = "played";
    else if (card.code === decision.best.action.slice(5)) mark = "better";
    hand.append(cardImage(card, mark));
  }
  box.append(hand);
  if (decision.trick_so_far.length) {
    const trick = el("span", "review-trick");
    trick.append(el("span", "label", "Trick"));
    for (const play of decision.trick_so_far) {
      const image = cardImage(play.card, "small");
      image.title = play.card.name + ", " + play.by;
      trick.append(image);
    }
    box.append(trick);
  }
  const facts = el("span", "review-facts muted");
  if (decision.trump) {
    facts.textContent = "Trump " + (decision.trump.symbol || decision.trump.name);
  } else {
    const bids = decision.bids.map((bid) => bid.by + ": " + bid.words.toLowerCase());
    facts.textContent = ["Up card " + decision.upcard.label, decision.dealer + " dealt", ...bids].join(" · ");
  }
  box.append(facts);
  return box;
}

// one verdict: the line says what was chosen and what was best; opened, the hand as it was and
// every choice's value. Blunders and mistakes come open, inaccuracies folded.
function mistakeItem(decision) {
  const verdict = VERDICTS[decision.verdict];
  const item = el("li", "review-item verdict-" + decision.verdict);
  item.dataset.verdict = decision.verdict;
  item.dataset.index = decision.index;
  const details = el("details");
  details.open = decision.verdict !== "inaccuracy";
  const head = el("summary", "review-item-head");
  head.append(
    el("span", "verdict-mark", verdict.mark),
    el("strong", "verdict-word", verdict.word),
    el("span", "moment", decision.moment),
    el("span", "loss", "\u2212" + decision.loss.toFixed(2)),
  );
  const sentence = el("span", "review-sentence");
  sentence.append(
    "You chose ",
    el("b", null, decision.played.words),
    ": expected " + points(decision.played.value) + ". Best was ",
    el("b", null, decision.best.words),
    ": " + points(decision.best.value) + ".",
  );
  head.append(sentence);
  details.append(head, seen(decision), choiceList(decision));
  item.append(details);
  return item;
}

function gameOrderRow(decision) {
  const row = el("li", "review-row verdict-" + decision.verdict);
  row.append(
    el("span", "moment", decision.moment),
    el("span", "words", decision.played.words + " " + points(decision.played.value)),
    el("span", "verdict-word", VERDICTS[decision.verdict].word),
  );
  if (decision.loss > 0.004) {
    row.append(el("span", "muted", "best " + decision.best.words + " " + points(decision.best.value)));
  }
  return row;
}

function drawResult(review) {
  result.replaceChildren(...summary(review));
  const mistakes = review.decisions.filter((decision) => MISTAKES.includes(decision.verdict));
  if (mistakes.length) {
    const list = el("ol", "review-mistakes");
    for (const decision of mistakes) list.append(mistakeItem(decision));
    result.append(list);
  } else {
    result.append(el("p", "review-clean", "No inaccuracy found: every decision was within 0.2 points of the best."));
  }
  const all = el("details", "review-all");
  const several = review.decisions.length !== 1;
  all.append(
    el("summary", null, several ? "All " + review.decisions.length + " decisions in the order of the game" : "The decision"),
  );
  const rows = el("ol", "review-rows");
  const inOrder = [...review.decisions].sort((a, b) => a.index - b.index);
  for (const decision of inOrder) rows.append(gameOrderRow(decision));
  all.append(rows);
  result.append(all);
}

ask.addEventListener("submit", request);
show(JSON.parse(document.getElementById("review-data").textContent));
