"""The rule-of-thumb player's play of the cards (the rest of it is in `rule_of_thumb.py`).

The usual maxims: draw trumps when we called and hold the top one, cash aces, win as cheaply
as possible, never overtake a partner whose card is safe, trump in when an opponent is winning,
and otherwise throw the lowest card. "Partner" means whoever plays on my side this hand
(`knowledge.sides`): in call-ace the maker leads the called suit to the unknown partner's ace.
With a renege rule on, it plays only cards that follow suit (`honest_actions`).
"""

from __future__ import annotations

from games.engine import RuleOptions, SeatView
from games.engine.cards import DECK_INDEX, EFFECTIVE_SUIT, TRICK_STRENGTH, TRUMP_ORDER

from .knowledge import PlayKnowledge, play_knowledge
from .strength import PLAIN_RANK


def honest_choices(view: SeatView) -> tuple[str, ...]:
    """What a computer may choose: the legal actions without a renege. (A view made by hand
    without `honest_actions` falls back to the legal actions.)"""
    return view.honest_actions or view.legal_actions


def choose_card(view: SeatView, rules: RuleOptions | None = None) -> str:
    """The card to play. Without `rules` the deck and the variant are worked out from the view
    (see `knowledge.view_deck`)."""
    knowledge = play_knowledge(view, rules)
    playable = [action[5:] for action in honest_choices(view)]
    if not view.trick:
        return lead_card(view, knowledge, playable)
    return follow_card(knowledge, playable)


def lead_card(view: SeatView, knowledge: PlayKnowledge, playable: list[str]) -> str:
    trump = knowledge.trump
    order = TRUMP_ORDER[trump]
    trumps = sorted((card for card in playable if card in order), key=order.__getitem__)
    off_suit = [card for card in playable if card not in order]
    we_called = knowledge.we_make
    i_called = view.maker == knowledge.seat

    # draw trumps: the maker with two or more, or the maker's partner, leads the top trump
    if we_called and trumps and knowledge.unseen_trumps:
        if knowledge.is_boss(trumps[-1]) and (len(trumps) >= 2 or not i_called):
            return trumps[-1]
        if i_called and len(trumps) >= 3:
            return trumps[0]  # pull trumps with a low one, keep the high ones

    # call-ace: lead low in the called suit, for the partner's ace to win (and show itself)
    called = _to_called_ace(view, knowledge, off_suit)
    if called is not None:
        return called

    # cash a sure winner, in a suit the opponents are least likely to trump
    bosses = [card for card in off_suit if knowledge.is_boss(card)]
    if bosses:
        return min(bosses, key=lambda card: (_ruff_risk(knowledge, card), DECK_INDEX[card]))

    if not off_suit:
        return trumps[-1] if knowledge.is_boss(trumps[-1]) else trumps[0]
    return _lowest_of(knowledge, off_suit)


def _to_called_ace(view: SeatView, knowledge: PlayKnowledge, off_suit: list[str]) -> str | None:
    suit = view.called_suit
    if suit is None or view.maker != knowledge.seat or view.partner is not None:
        return None
    if "A" + suit not in knowledge.unseen:
        return None  # the ace has been played (or lies in the kitty as the turned-down card)
    mine = [card for card in off_suit if knowledge.suit(card) == suit]
    return _lowest_of(knowledge, mine) if mine else None


def follow_card(knowledge: PlayKnowledge, playable: list[str]) -> str:
    led = knowledge.led_suit
    assert led is not None
    strength = TRICK_STRENGTH[knowledge.trump][led]
    winner_seat, winner_card = max(knowledge.trick, key=lambda play: strength[play[1]])
    opponents_after = [seat for seat in knowledge.seats_after_me() if seat in knowledge.opponents]
    winners = sorted(
        (card for card in playable if strength[card] > strength[winner_card]),
        key=strength.__getitem__,
    )

    if winner_seat in knowledge.partners:
        if not opponents_after or _holds(knowledge, winner_card, opponents_after):
            return _lowest_of(knowledge, playable)
        # third hand high, but only in the suit led: never trump my partner's trick
        sure = [
            card
            for card in winners
            if knowledge.suit(card) == led and _holds(knowledge, card, opponents_after)
        ]
        return sure[0] if sure else _lowest_of(knowledge, playable)

    if not winners:
        return _lowest_of(knowledge, playable)
    if opponents_after:
        sure = [card for card in winners if _holds(knowledge, card, opponents_after)]
        if sure:
            return sure[0]
    return winners[0]  # the cheapest card that beats the best so far


def _holds(knowledge: PlayKnowledge, card: str, opponents_after: list[int]) -> bool:
    """Whether `card`, now best in the trick, must stay best whatever the opponents still to
    play hold: nothing unseen beats it in its suit, and if it is not a trump, either no trumps
    are unseen or none of those opponents is known to be void in the suit led."""
    if not knowledge.is_boss(card):
        return False
    if knowledge.is_trump(card) or not knowledge.unseen_trumps:
        return True
    led = knowledge.led_suit
    return not any((seat, led) in knowledge.voids for seat in opponents_after)


def _ruff_risk(knowledge: PlayKnowledge, card: str) -> int:
    """1 when an opponent is known to be void in this card's suit and trumps are unseen."""
    if not knowledge.unseen_trumps:
        return 0
    suit = knowledge.suit(card)
    return int(any((seat, suit) in knowledge.voids for seat in knowledge.opponents))


def _lowest_of(knowledge: PlayKnowledge, cards: list[str]) -> str:
    """The card I miss least: off-suit before trump, a loser before a sure winner, low before
    high, and from a short suit (to make a void) before a long one."""
    effective = EFFECTIVE_SUIT[knowledge.trump]
    order = TRUMP_ORDER[knowledge.trump]
    lengths: dict[str, int] = {}
    for card in knowledge.hand:
        lengths[effective[card]] = lengths.get(effective[card], 0) + 1

    def miss_key(card: str) -> tuple[int, int, int, int, int]:
        if card in order:
            return (1, 0, order[card], 0, DECK_INDEX[card])
        return (
            0,
            int(knowledge.is_boss(card)),
            PLAIN_RANK[card[0]],
            lengths[effective[card]],
            DECK_INDEX[card],
        )

    return min(cards, key=miss_key)
