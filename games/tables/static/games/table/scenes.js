// What the felt holds for a moment before it shows the table as it is now: each finished trick
// (seed 003's automatic card flipping: cleared after a moment, or when clicked if it is off),
// then at the end of a hand its summary, and at a game's start the draw for the first dealer.
// Within a hand the server has moved on meanwhile, and the rest of the page follows it at once.
// A hand's change is calm: its last trick, then its summary, and only then the new deal (pacing.js
// holds the frames meanwhile, `changingHands`). The change lasts the server's `hand_pause_ms`
// from the moment the hand's last move is shown, as the server's clock for the next turn waits
// (games/live/services/hand_pause.py); the summary clicked away ends it early (`onContinue`).

const TRICK_MS = 1400;
const DRAW_MS = 4000;
// a summary shown after a trick held for a click (automatic flipping off) still shows this long
const SUMMARY_LEAST_MS = 1500;

export function createScenes(onChange, onContinue = () => {}) {
  const queue = [];
  let seen = null; // how far this page has shown the game: hand number, tricks, finished hands
  let timer = null;
  let autoFlip = true;

  function observe(state, prefs) {
    const view = state.view;
    autoFlip = prefs.auto_flip;
    const changeEnds = Date.now() + (state.hand_pause_ms || 0);
    const now = { hand: view.hand_number, tricks: view.tricks.length, history: view.history.length };
    if (seen === null) {
      // the page just opened: nothing to replay, except the first dealer's draw (seed 004)
      seen = now;
      if (view.dealer_draw && view.dealer_draw.length && view.hand_number === 0 && !view.bids.length) {
        queue.push({ kind: "draw" });
      }
      return start();
    }
    if (now.history > seen.history) {
      view.history.slice(seen.history).forEach((record) => {
        if (record.number === seen.hand) {
          record.tricks.slice(seen.tricks).forEach((trick, index, rest) => {
            queue.push({ ...trickScene(trick, record, index === rest.length - 1), change: true });
          });
        }
        queue.push({ kind: "summary", record, change: true, endsAt: changeEnds });
      });
      view.tricks.forEach((trick) => queue.push(trickScene(trick, view, false)));
    } else if (now.hand === seen.hand && now.tricks > seen.tricks) {
      view.tricks.slice(seen.tricks).forEach((trick) => queue.push(trickScene(trick, view, false)));
    }
    seen = now;
    start();
  }

  function trickScene(trick, source, last) {
    const info = {
      trump: source.trump,
      maker: source.maker,
      maker_alone: source.maker_alone,
      blind_alone: source.blind_alone,
      called_suit: source.called_suit,
      partner: source.partner,
    };
    return { kind: "trick", trick, info, last };
  }

  function start() {
    if (timer !== null || !queue.length) return;
    const scene = queue[0];
    scene.waitsForClick = scene.kind === "trick" && !autoFlip;
    if (!scene.waitsForClick) {
      let wait = scene.kind === "draw" ? DRAW_MS : TRICK_MS;
      if (scene.kind === "summary") wait = Math.max(scene.endsAt - Date.now(), SUMMARY_LEAST_MS);
      timer = setTimeout(next, wait);
    } else {
      timer = 0; // waiting for a click
    }
    onChange();
  }

  function next() {
    clearTimeout(timer);
    timer = null;
    queue.shift();
    if (queue.length) start();
    else onChange();
  }

  return {
    observe,
    current: () => (timer !== null ? queue[0] || null : null),
    // a click on the felt: the scene shown goes (a summary or a held trick); a summary clicked
    // away tells the server I have seen the hand's end
    dismiss() {
      if (!queue.length) return;
      if (queue[0].kind === "summary") onContinue(queue[0].record);
      next();
    },
    // I acted: the tricks held are history now; a hand's summary still shows for its moment
    skipTricks() {
      const kept = queue.filter((scene) => scene.kind === "summary");
      if (kept.length === queue.length) return;
      const showing = queue[0];
      queue.splice(0, queue.length, ...kept);
      if (queue[0] !== showing) {
        clearTimeout(timer);
        timer = null;
        start();
      }
      onChange();
    },
    busy: () => queue.length > 0,
    // between two hands: the last hand's end is on the felt, the new deal waits
    changingHands: () => queue.some((scene) => scene.change),
    setAutoFlip(value) {
      autoFlip = value;
      const scene = queue[0];
      if (value && scene && scene.waitsForClick) next();
    },
  };
}
