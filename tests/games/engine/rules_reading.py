"""An independent reading of the rules, for the property tests: written from the seeds and the
house readings, not from the engine's code (it only reads the engine's state as facts: who holds
what, what was bid, what was played).

Cards are strings as the engine writes them: "9S", "TH", "8D", "7C", the Benny "XJ" or "2S".
"""

from __future__ import annotations

from itertools import combinations

from games.engine import HandState, RuleOptions, go_under_action
from games.engine.actions import exchange_action

SUITS = "SHDC"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
BENNIES = frozenset(("XJ", "2S"))
RANKS = "789TJQKA"  # plain suits, low to high (seed 003 Table 1)


# ---- the cards --------------------------------------------------------------------------------


def suit_under(card: str, trump: str | None) -> str:
    """The suit a card follows as: the Benny (seed 003) and the left bower (seed 000 line 3) are
    trumps; at no trump ("N") there are no bowers."""
    if trump in SAME_COLOUR and (card in BENNIES or card == "J" + SAME_COLOUR[trump]):
        return trump
    return card[1]


def power(card: str, trump: str, led: str) -> int:
    """Higher takes the trick: the Benny, the right and left bowers, A K Q 10 9 8 7 of trump, then
    the suit led, A high; anything else never."""
    if trump in SAME_COLOUR and suit_under(card, trump) == trump:
        if card in BENNIES:
            return 200
        order = ["J" + trump, "J" + SAME_COLOUR[trump], *(rank + trump for rank in "AKQT987")]
        return 100 - order.index(card)
    if suit_under(card, trump) == led:
        return RANKS.index(card[0])
    return -1


def expected_winner(plays: tuple[tuple[int, str], ...], trump: str) -> int:
    led = suit_under(plays[0][1], trump)
    return max(plays, key=lambda play: power(play[1], trump, led))[0]


def follows(card: str, hand: list[str] | tuple[str, ...], led_card: str, trump: str) -> bool:
    """Seed 000 line 12: follow suit if possible, otherwise any card."""
    led = suit_under(led_card, trump)
    can = any(suit_under(held, trump) == led for held in hand)
    return not can or suit_under(card, trump) == led


# ---- the bidding ------------------------------------------------------------------------------


def proposed_suit(hand: HandState) -> str | None:
    """The suit round one proposes (and round two turns down): the up card's; for an upturned
    Benny the suit the rules fix, or the one the dealer named blind; none when it is named."""
    upcard, choice = hand.upcard, hand.rules.upturned_benny
    if upcard not in BENNIES:
        return upcard[1]
    if choice in SUITS:
        return choice
    if choice == "name_blind":
        named = [bid.call for bid in hand.bids if bid.round == 0]
        return named[0][5:] if named else None
    return None


def kitty_actions(hand: HandState, seat: int) -> set[str]:
    """Going under (seed 000 line 19), seed 003's exchanges (lines 98, 102) and redeals (98-106),
    on your turn to bid; one swap of the kitty per hand."""
    rules, dealt, held = hand.rules, hand.dealt[seat], hand.hands[seat]
    swapped = hand.went_under is not None or hand.exchange is not None
    no_face = not any(card[0] in "JQK" for card in dealt)
    plain = no_face and not any(card in BENNIES for card in dealt)
    aces = sum(card[0] == "A" for card in dealt)
    actions: set[str] = set()
    if rules.going_under and not swapped and sum(card[0] in "9T" for card in dealt) >= 3:
        # seed 004's farmer's call: "replace those three cards", the nines and tens
        givable = held
        if rules.going_under_form == "farmers_call":
            givable = [card for card in held if card[0] in "9T"]
        actions |= {go_under_action(three) for three in combinations(givable, 3)}
    # seed 003 line 102: the ace no face names no Benny (the farmer's hand, line 98, does)
    may_exchange = (rules.farmers_hand and plain and aces == 0) or (
        rules.ace_no_face and no_face and aces == 1
    )
    if may_exchange and not swapped:
        actions |= {exchange_action(three) for three in combinations(held, 3)}
    proposed = proposed_suit(hand)
    no_trump_held = proposed is None or all(suit_under(c, proposed) != proposed for c in dealt)
    hopeless = (
        rules.no_ace_no_face_no_trump
        and hand.phase == "bid1"
        and plain
        and aces == 0
        and no_trump_held
    )
    mine = hand.exchange is not None and hand.exchange.seat == seat
    if (may_exchange or hopeless) and not mine:
        actions.add("redeal")
    return actions


def expected_legal(hand: HandState) -> set[str]:
    rules, seat, phase = hand.rules, hand.to_act, hand.phase
    held = hand.hands[seat]
    if phase == "play":
        # with a renege rule any card may be played (and is punished when it does not follow)
        cards = held
        if hand.trick_cards and rules.renege == "off":
            cards = [card for card in held if follows(card, held, hand.trick_cards[0], hand.trump)]
        return {"play:" + card for card in cards}
    if phase == "alone":
        # seed 001 line 64: the dealer's partner who makes trump must play alone
        forced = rules.dealers_partner_alone and seat == (hand.dealer + 2) % 4
        return {"alone"} if forced else {"alone", "not_alone"}
    if phase == "defend":
        return {"alone", "not_alone"}
    if phase == "discard":
        keep = not rules.dealer_may_discard_upcard
        return {"discard:" + card for card in held if not (keep and card == hand.upcard)}
    if phase == "call_ace":
        # seed 003 line 48: not the suit of an ace the maker holds, nor of an ace turned up
        callable_suits = [s for s in SUITS if "A" + s not in held and hand.upcard != "A" + s]
        return {"alone"} | {"ace:" + suit for suit in callable_suits}
    if phase == "blind":
        return {"blind_alone", "see_hand"}
    if phase in ("name_blind", "dealer_names"):
        return {"call:" + suit for suit in SUITS}
    if phase == "robson":
        return {"robson:add", "robson:reduce"}
    kitty = kitty_actions(hand, seat)
    if phase == "bid1":
        return {"pass", "order_up"} | kitty
    assert phase == "bid2", phase
    calls = {"call:" + suit for suit in SUITS if suit != proposed_suit(hand)}
    if rules.no_trump:
        calls.add("call:N")
    if not (rules.stick_the_dealer and seat == hand.dealer):
        calls.add("pass")
    return calls | kitty


# ---- whose turn -------------------------------------------------------------------------------


def expected_taker(hand: HandState) -> int:
    """Who picks up the up card: the dealer, or with partner takes upcard (seed 003 line 114) the
    partner of a maker other than the dealer who ordered it up."""
    last = hand.bids[-1]
    if last.call == "order_up" and hand.rules.partner_takes_upcard and last.seat != hand.dealer:
        return (last.seat + 2) % 4
    return hand.dealer


def maker_side(maker: int, partner: int | None, rules: RuleOptions) -> set[int]:
    """The maker, with the partner across the table (partnerships) or the called partner."""
    if rules.partnerships:
        return {maker, (maker + 2) % 4}
    return {maker} if partner is None else {maker, partner}


def expected_to_act(hand: HandState) -> int:
    """Bids from the dealer's left; the blind choices are the dealer's; whoever took the up card
    discards; the maker calls an ace or decides alone, then each defender from the dealer's left;
    a sweep's Robson choice is the maker's, or the last trick's winner for the defenders; play
    goes clockwise, skipping a seat that sits out; the winner of a trick leads the next."""
    seats, dealer, phase = hand.rules.seats, hand.dealer, hand.phase
    clockwise = [(dealer + offset) % seats for offset in range(1, seats + 1)]
    if phase in ("bid1", "bid2"):
        return (dealer + 1 + sum(bid.round in (1, 2) for bid in hand.bids)) % seats
    if phase in ("blind", "name_blind", "dealer_names"):
        return dealer
    if phase == "discard":
        return expected_taker(hand)
    if phase in ("alone", "call_ace"):
        return hand.maker
    if phase == "defend":
        asked = {seat for seat, role, _ in hand.alone_decisions if role == "defender"}
        defenders = [seat for seat in clockwise if seat % 2 != hand.maker % 2]
        return next(seat for seat in defenders if seat not in asked)
    if phase == "robson":
        makers = maker_side(hand.maker, hand.partner, hand.rules)
        if all(trick.winner in makers for trick in hand.tricks):
            return hand.maker
        return hand.tricks[-1].winner
    assert phase == "play", phase
    # a loner's partner sits out (seed 000 line 23); call-ace's loner plays against three
    sitting_out = set()
    if hand.rules.partnerships:
        if hand.maker_alone:
            sitting_out.add((hand.maker + 2) % 4)
        if hand.lone_defender is not None:
            sitting_out.add((hand.lone_defender + 2) % 4)
    assert sitting_out == {seat for seat in range(seats) if not hand.active[seat]}

    def next_in(seat: int) -> int:
        after = [(seat + offset) % seats for offset in range(1, seats + 1)]
        return next(other for other in after if other not in sitting_out)

    if hand.trick_seats:
        return next_in(hand.trick_seats[-1])
    if hand.tricks:
        return hand.tricks[-1].winner
    if hand.rules.opening_lead == "loner_left":
        if hand.maker_alone and hand.lone_defender is not None:
            return hand.lone_defender  # seed 002 line 64: with both alone, the defender leads
        loner = hand.lone_defender if hand.lone_defender is not None else hand.maker
        if hand.maker_alone or hand.lone_defender is not None:
            return next_in(loner)  # seed 002 line 63 (seed 003 line 15): the loner's left leads
    return next_in(dealer)  # seed 000 line 12


# ---- call-ace ---------------------------------------------------------------------------------


def called_partner(
    hands: list[list[str]], maker: int, suit: str, trump: str, printed: bool
) -> tuple[int | None, str | None]:
    """Seed 003 line 48: the holder of the called ace; if nobody has it, the holder of the highest
    card of that suit (as it ranks in play, or by its printed rank); nobody: no partner."""
    others = [seat for seat in range(len(hands)) if seat != maker]
    for seat in others:
        if "A" + suit in hands[seat]:
            return seat, "A" + suit

    def rank(card: str) -> int | None:
        if printed:
            return RANKS.index(card[0]) if card[1] == suit and card[0] in RANKS else None
        return power(card, trump, suit) if suit_under(card, trump) == suit else None

    held = [(rank(card), seat, card) for seat in others for card in hands[seat]]
    held = [entry for entry in held if entry[0] is not None]
    if not held:
        return None, None
    _, seat, card = max(held)
    return seat, card


# ---- the score --------------------------------------------------------------------------------


def expected_points(record, rules: RuleOptions) -> tuple[int, ...]:
    """What each score gains (or loses) in a finished hand, from its tricks: seed 000 lines 21-23
    (1, 2, 4; euchre 2), seed 001 line 95 (a lone defender's euchre 4), seed 004 line 41 (seven
    cards: 4 tricks to make), seed 003 line 94 (Robson: the blind loner's 5 or 1, reduce), the
    renege readings (seeds 003 line 117, 004 lines 17 and 39), per team or per player."""
    scorers = rules.scorers
    points = [0] * scorers
    if record.outcome in ("all_pass", "redeal"):
        return tuple(points)
    makers = maker_side(record.maker, record.partner, rules)
    defenders = set(range(rules.seats)) - makers

    def award(seats: set[int], gained: int) -> None:
        for seat in seats:
            points[seat % 2 if rules.partnerships else seat] = gained

    tricks = rules.hand_size
    made = sum(trick.winner in makers for trick in record.tricks)
    renege = record.renege
    if renege is not None:
        opponents = defenders if renege.seat in makers else makers
        if renege.penalty == "two_points":
            award(opponents, 2)
            return tuple(points)
        if renege.penalty == "forfeit":
            return tuple(points)
        made = 0 if renege.seat in makers else tricks  # all_tricks
    if record.blind_alone:
        if made == tricks:
            award(makers, 5)
        else:
            award(defenders, 1)
    elif made == tricks:
        award(makers, 4 if record.maker_alone else 2)
    elif made >= tricks // 2 + 1:
        award(makers, 1)
    else:
        award(defenders, 4 if record.lone_defender is not None else 2)
    if record.robson_choice == "reduce":
        return tuple(0 if gained else -max(points) for gained in points)
    return tuple(points)


def reneges_played(record) -> list[tuple[int, int, str]]:
    """(trick, seat, card) of every card played that did not follow suit although its player
    held a card of the suit led, from the dealt hands, the swaps, the up card and the discard."""
    held = [list(cards) for cards in record.dealt]
    for swap in (record.went_under, record.exchange):
        if swap is not None:
            held[swap.seat] = [c for c in held[swap.seat] if c not in swap.given]
            held[swap.seat] += swap.received
    if record.taker is not None:
        held[record.taker].append(record.upcard)
        held[record.taker].remove(record.discard)
    found = []
    for number, trick in enumerate(record.tricks):
        led = trick.plays[0][1]
        for seat, card in trick.plays:
            if not follows(card, held[seat], led, record.trump):
                found.append((number, seat, card))
            held[seat].remove(card)
    return found
