"""The score of a hand: tricks made, marches, euchres, Robson's choices and renege penalties.

Points go to scores: a team's score in the partnership game, each player's own score in the
two-handed, three-handed and call-ace games (where the maker's side, and the defenders, each
get the points: the defenders "score together for that hand", as issue 19 reads seed 003).
A mixin of `HandState` (hand.py); it holds no state itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ROBSON_ADD, ROBSON_REDUCE
from .phases import DONE, ROBSON_PHASE
from .records import EUCHRE, MAKE, MARCH, RENEGE, Renege

BLIND_MARCH_POINTS = 5  # seed 003, Robson: "five points are awarded"
BLIND_EUCHRE_POINTS = 1  # "... the defenders get one point"
RENEGE_POINTS = 2  # seed 004: "Reneging: 2 points to the opposing team"

if TYPE_CHECKING:
    from .hand_fields import HandFields
else:
    HandFields = object  # at run time a plain mixin (hand_fields.pyi)


class Scoring(HandFields):
    __slots__ = ()

    def _score(self) -> None:
        won, makers = self.tricks_by_seat, self.makers
        if self.partnered:
            made = won[makers[0]] + won[makers[1]]
        else:
            made = sum(won[seat] for seat in makers)
        all_tricks = self._score_tricks(made)
        if (made == all_tricks or made == 0) and self.rules.robson:
            # seed 003: "A team that takes all five tricks has the option of reducing or
            # adding points": the maker chooses for the makers, the last trick's winner for
            # the defenders
            chooser = self.maker if made == all_tricks else self._trick_log[-1][2]
            self.phase, self.to_act, self.leader = ROBSON_PHASE, chooser, None
            return
        self.phase, self.to_act, self.leader = DONE, None, None

    def _score_tricks(self, made: int) -> int:
        """Score a hand in which the makers took `made` tricks; returns the hand's tricks."""
        all_tricks = self.rules.hand_size
        if self.blind_alone:
            if made == all_tricks:
                self.outcome = MARCH
                self._award(self.makers, BLIND_MARCH_POINTS)
            else:
                self.outcome = EUCHRE
                self._award(self._defenders(), BLIND_EUCHRE_POINTS)
        elif made == all_tricks:
            self.outcome = MARCH
            self._award(self.makers, 4 if self.maker_alone else 2)
        elif made > all_tricks // 2:
            self.outcome = MAKE
            self._award(self.makers, 1)
        else:
            self.outcome = EUCHRE
            self._award(self._defenders(), 4 if self.lone_defender is not None else 2)
        return all_tricks

    def _defenders(self) -> tuple[int, ...]:
        if self.partnered:
            return (self.makers[1] + 1) % 4, (self.makers[0] + 1) % 4
        return tuple(seat for seat in range(self.seats) if seat not in self.makers)

    def _award(self, seats: tuple[int, ...], points: int) -> None:
        if self.partnered:
            scorer = seats[0] % 2
            self.points_by_scorer[scorer] += points
            self.scoring_team = scorer
        else:
            for seat in seats:
                self.points_by_scorer[seat] += points
            self.scoring_team = None
        self.points = points

    def _hand_done(self) -> None:
        self.phase, self.to_act, self.leader = DONE, None, None

    # ---- Robson: add or reduce ------------------------------------------------------------

    def _robson_actions(self) -> list[str]:
        return [ROBSON_ADD, ROBSON_REDUCE]

    def _robson_choose(self, action: str) -> None:
        self.robson_choice = action[7:]
        if action == ROBSON_REDUCE:
            gained = [scorer for scorer, points in enumerate(self.points_by_scorer) if points]
            self.points_by_scorer = [
                0 if scorer in gained else -self.points for scorer in range(self.rules.scorers)
            ]
        self._hand_done()

    # ---- a renege found -------------------------------------------------------------------

    def _penalise_renege(self, seat: int, card: str) -> None:
        """Seed 003: the opponents take every trick; seed 004: two points to the opponents and
        the hand ends, or the game is forfeit. The opponents are the other side of this hand:
        the other team, or in three-handed and call-ace the makers or the defenders."""
        penalty = self.rules.renege
        self.renege = Renege(seat, len(self._trick_log) - 1, card, penalty)
        self.renege_found = None
        offender_makes = seat in self.makers
        opponents = self._defenders() if offender_makes else self.makers
        if penalty == "all_tricks":
            self._score_tricks(0 if offender_makes else self.rules.hand_size)
        elif penalty == "two_points":
            self._award(opponents, RENEGE_POINTS)
        else:  # forfeit: the opposing side wins the game (partners or two-handed only)
            self.forfeit_to = self.rules.scorer_of(opponents[0])
        self.outcome = RENEGE
        self._hand_done()
