// The frames a table page shows, at a person's pace. A run of computer moves arrives at once (the
// server makes them in one go): each is shown `computer_pause_ms` after the one before, as a
// person would see them played. Between two hands the frames wait while the last trick and the
// summary are on the felt (scenes.js, `changingHands`); once the summary goes, the new deal is
// shown, and the computers' moves after it are paced from that moment.

export function createPacer({ scenes, current, show }) {
  const waiting = [];
  let timer = null;
  let shownAt = 0;
  let changing = false;

  function push(frame) {
    waiting.push(frame);
    showNext();
  }

  // the felt's scenes changed: a hand's change that just ended lets the new deal through
  function scenesChanged() {
    const wasChanging = changing;
    changing = scenes.changingHands();
    if (wasChanging && !changing) {
      shownAt = Date.now();
      showNext();
    }
  }

  function showNext() {
    while (timer === null && waiting.length && !scenes.changingHands()) {
      const wait = shownAt + paceOf(current(), waiting[0]) - Date.now();
      if (wait > 0) {
        timer = setTimeout(() => {
          timer = null;
          showNext();
        }, wait);
        return;
      }
      show(waiting.shift());
      shownAt = Date.now();
    }
  }

  return { push, scenesChanged };
}

// how long after the frame before it (`state`, shown now) this frame waits: the next move, made
// by a computer (games/lab/load_client.py paces its pages the same way)
export function paceOf(state, frame) {
  if (frame.game !== state.game || frame.version !== state.version + 1 || !state.view) return 0;
  const mover = state.view.to_act;
  if (mover === null || mover === undefined || mover === state.my_seat) return 0;
  const seat = state.seats.find((info) => info.position === mover);
  return seat && seat.computer ? frame.computer_pause_ms || 0 : 0;
}

// what the page shows of the table while a hand's end is on the felt: the new deal waits, so
// no cards, bids, up card, turn or buttons of the next hand yet
export function betweenHands(view) {
  return Object.assign({}, view, {
    phase: "over",
    to_act: null,
    hand: [],
    hand_hidden: false,
    hand_sizes: view.hand_sizes.map(() => 0),
    legal_actions: [],
    honest_actions: [],
    bids: [],
    upcard: null,
    trick: [],
    tricks: [],
    sitting_out: [],
  });
}
