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

// a seat's entry in the state, found by its position
export function seatInfo(state, seat) {
  return state.seats.find((info) => info.position === seat) || state.seats[seat] || null;
}

// every seat at the table, by position
export function allSeats(state) {
  return Array.from({ length: seatCount(state) }, (_unused, seat) => seat);
}

export function seatLabel(state, seat) {
  const info = seatInfo(state, seat);
  if (!info) return "Seat " + (seat + 1);
  return info.label || info.name;
}

// what the page calls a seat in words, at the start of a sentence: "You", "Ada", "Anna"; for
// two seats of one name (a person called Ada beside the computer Ada) the name and where that
// seat sits from mine
export function seatName(state, seat) {
  if (seat === state.my_seat) return "You";
  const where = twinPlace(state, seat);
  return spokenName(state, seat) + (where ? " (" + where + ")" : "");
}

// the same within a sentence: "you" rather than "You" ("Named by you", "Ada and you")
export function seatNameWithin(state, seat) {
  return seat === state.my_seat ? "you" : seatName(state, seat);
}

// the verb "to be" for a seat: "You were", "Ada was"
export function wasOrWere(state, seat) {
  return seat === state.my_seat ? "were" : "was";
}

// a seat's name without its level: "Ada" of "Ada · strong", a person's display name
export function spokenName(state, seat) {
  const label = seatLabel(state, seat);
  const at = label.indexOf(" · ");
  return at < 0 ? label : label.slice(0, at);
}

// a computer of the table (its label carries its level: "Ada · strong"), not a person's seat
// that the computer plays for them
export function tableComputer(state, seat) {
  return seatLabel(state, seat).includes(" · ");
}

// where a seat sits from mine ("left", "across", "right") when another seat has its name
export function twinPlace(state, seat) {
  const name = spokenName(state, seat);
  const twin = allSeats(state).some(
    (other) => other !== seat && other !== state.my_seat && spokenName(state, other) === name,
  );
  return twin ? PLACE_WORDS[placeOf(state, seat)] : "";
}

const PLACE_WORDS = { left: "left", right: "right", top: "across", bottom: "you" };

// a label in two parts, "Computer" over "strong" (display names cannot hold " · ")
export function nameParts(state, seat) {
  if (seat === state.my_seat) return ["You", ""];
  const label = seatLabel(state, seat);
  const at = label.indexOf(" · ");
  const info = seatInfo(state, seat) || {};
  if (at < 0) return [label, info.level || ""];
  return [label.slice(0, at), label.slice(at + 3)];
}

// a column heading: "You", a person's name cut short, or a computer's level
export function shortName(state, seat) {
  const [name, level] = nameParts(state, seat);
  const where = twinPlace(state, seat);
  let short = name.length > 10 ? name.slice(0, 9) + "…" : name;
  if (level && /^computer$/i.test(name)) short = level.charAt(0).toUpperCase() + level.slice(1);
  return where ? short + ", " + where : short;
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
    const mine = state.my_seat % 2; // my side first
    return [mine, 1 - mine].map((team) => ({
      index: team,
      seats: [team, team + 2],
      label: teamLabel(state, team),
      side: team === mine ? "Us" : "Them", // the panel's words, short enough for a summary line
    }));
  }
  // each player alone: me first, then round the table as play goes
  const count = seatCount(state);
  return allSeats(state).map((offset) => {
    const seat = (state.my_seat + offset) % count;
    return { index: seat, seats: [seat], label: seatName(state, seat) };
  });
}

export function teamLabel(state, team) {
  const seats = [team, team + 2];
  const mine = seats.includes(state.my_seat);
  if (mine) return "You & " + seatName(state, (state.my_seat + 2) % 4);
  return seatName(state, seats[0]) + " & " + seatName(state, seats[1]);
}

export function scorerOf(state, seat) {
  return partnered(state) ? seat % 2 : seat;
}

// "You", "Anna", "You and Anna", "Bob and you", "Bob and Carl"; `within`: within a sentence
// ("you and Anna")
export function namesOf(state, seats, within) {
  const names = seats.map((seat, at) => (within || at > 0 ? seatNameWithin : seatName)(state, seat));
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}
