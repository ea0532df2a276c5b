"""The play signal: leading a suit the partner holds none of, before the partner has shown it.

A player who can see their partner's cards (by a second screen, a call, a chat elsewhere) leads
into the partner's void so the partner can trump. Honest players do it too, by luck or by
reading the bidding; what gives a cheat away is doing it far more often than players in general
in the same situations. So every lead by a person is a "chance" when:

- the partner plays this trick and every later one of the hand (not sitting out a lone hand,
  the hand not cut short by a renege), so the cards the partner plays from this trick on are
  exactly the cards the partner holds now;
- the partner holds none of some suit the leader could lead, and has not yet shown it (failed
  to follow that suit earlier in the hand): the void is not public;
- the leader could also lead another suit (a real choice).

The chance is a "hit" when the lead is one of those suits. Chances fall in situations (how many
such suits, how many suits the leader holds, whether the leader's side named trump); the site
compares a pair's hits with what players in general do in the same situations.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from games.engine import HandRecord
from games.engine.cards import EFFECTIVE_SUIT
from games.engine.records import Trick


@dataclass(frozen=True, slots=True)
class LeadChance:
    """One lead that could have gone into the partner's unseen void."""

    leader: int  # the seat that led
    partner: int  # the partner's seat
    hand: int  # the hand's number in the game
    trick: int  # 0-based trick of the hand
    voids: int  # how many suits the leader held that the partner secretly had none of
    suits: int  # how many suits (trump counted as one suit, bowers in it) the leader held
    makers: bool  # the leader's side named trump
    hit: bool  # the lead was into one of those voids

    @property
    def situation(self) -> tuple[int, int, bool]:
        return (self.voids, self.suits, self.makers)

    @property
    def blind_share(self) -> float:
        """The chance of a hit if the leader picked a suit they held at random."""
        return self.voids / self.suits


def lead_chances(
    records: Iterable[HandRecord], person_leads: Collection[tuple[int, int]]
) -> list[LeadChance]:
    """The chances in a partnership game's full hand records (with the dealt cards), for the
    leads a person made: `person_leads` holds their (hand number, trick) pairs. Leads by a
    computer (an empty seat, a seat left, a timeout) say nothing of a person."""
    chances: list[LeadChance] = []
    for record in records:
        if record.seats != 4 or record.trump is None or record.renege is not None:
            continue
        chances += _hand_chances(record, person_leads)
    return chances


def _hand_chances(
    record: HandRecord, person_leads: Collection[tuple[int, int]]
) -> list[LeadChance]:
    suit_of = EFFECTIVE_SUIT[record.trump or "N"]
    tricks = record.tricks
    maker_team = record.maker_team
    shown_out: dict[int, set[str]] = {seat: set() for seat in range(4)}
    chances = []
    for number, trick in enumerate(tricks):
        leader, plays = trick.leader, trick.plays
        led = suit_of[plays[0][1]]
        partner = (leader + 2) % 4
        if (record.number, number) in person_leads and _plays_to_the_end(partner, tricks[number:]):
            still_held = _cards_from(leader, tricks[number:])
            partner_held = _cards_from(partner, tricks[number:])
            leader_suits = {suit_of[card] for card in still_held}
            partner_suits = {suit_of[card] for card in partner_held}
            voids = leader_suits - partner_suits - shown_out[partner]
            if voids and leader_suits - voids:
                chances.append(
                    LeadChance(
                        leader=leader,
                        partner=partner,
                        hand=record.number,
                        trick=number,
                        voids=len(voids),
                        suits=len(leader_suits),
                        makers=maker_team == leader % 2,
                        hit=led in voids,
                    )
                )
        for seat, card in plays[1:]:
            if suit_of[card] != led:
                shown_out[seat].add(led)
    return chances


def _plays_to_the_end(seat: int, tricks: Iterable[Trick]) -> bool:
    return all(any(player == seat for player, _ in trick.plays) for trick in tricks)


def _cards_from(seat: int, tricks: Iterable[Trick]) -> list[str]:
    return [card for trick in tricks for player, card in trick.plays if player == seat]
