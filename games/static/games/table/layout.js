// Who sits where, what each seat is called, who partners whom and whose score is whose.
// The state's `seat_count`, `label` and `rules` are used when the server sends them, with
// fallbacks (the seats list, `name`) for a server that does not yet.

const PLACES = {
  4: ["bottom", "left", "top", "right"], // clockwise from me: play passes to the left
  3: ["bottom", "left", "right"],
  2: ["bottom", "top"],
};

export function seatCount(state) {
  return state.seat_count || (state.view && state.view.seats) || state.seats.length;
}

export function placesOf(state) {
  return PLACES[seatCount(state)] || PLACES[4];
}

export function placeOf(state, seat) {
  const count = seatCount(state);
  return placesOf(state)[(seat - state.my_seat + count) % count];
}

export function variantOf(state) {
  return (state.rules && state.rules.variant) || "euchre";
}

// fixed partnerships: the standard game and its four-handed options
export function partnered(state) {
  return variantOf(state) === "euchre" && seatCount(state) === 4;
}

export function seatLabel(state, seat) {
  const info = state.seats[seat];
  if (!info) return "Seat " + (seat + 1);
  return info.label || info.name;
}

export function seatName(state, seat) {
  return seat === state.my_seat ? "You" : seatLabel(state, seat);
}

// the seat partnering `seat` as far as this view knows: the fixed partner, or in call-ace the
// maker and the called ace's holder once the view shows who that is
export function partnerOf(state, view, seat) {
  if (partnered(state)) return (seat + 2) % 4;
  if (variantOf(state) !== "call_ace" || view.partner === null || view.partner === undefined) return null;
  if (seat === view.maker) return view.partner;
  if (seat === view.partner) return view.maker;
  return null;
}

// the scores the game keeps: per team with partners, else per player; each with its seats
export function scorers(state) {
  if (partnered(state)) {
    return [0, 1].map((team) => ({ index: team, seats: [team, team + 2], label: teamLabel(state, team) }));
  }
  return state.seats.map((_info, seat) => ({ index: seat, seats: [seat], label: seatName(state, seat) }));
}

export function teamLabel(state, team) {
  const seats = [team, team + 2];
  const mine = seats.includes(state.my_seat);
  if (mine) return "You & " + seatLabel(state, (state.my_seat + 2) % 4);
  return seatLabel(state, seats[0]) + " & " + seatLabel(state, seats[1]);
}

export function scorerOf(state, seat) {
  return partnered(state) ? seat % 2 : seat;
}

// "You", "Anna", "You and Anna", "Bob and Carl"
export function namesOf(state, seats) {
  const names = seats.map((seat) => seatName(state, seat));
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}
