"""For the type check only (mypy; no module of this name exists at run time): the fields of
`HandState` (hand.py) and the methods that its parts call on one another.

`HandState` is written in parts, mixins that hold no state of their own: `Bidding` (bidding.py),
`Scoring` (scoring.py), `Recording` (hand_record.py) and `RandomPlayout` (playout.py). Each part
derives from `HandFields` when type-checked and from `object` when run, so that the hand's
class, its slots and its method lookups are what they were; `HandState.__init__` sets every
field below (the comments there say what each holds).

Some fields are None outside the phases that use them: `to_act` once the hand is over; `trump`,
`maker`, `leader`, `play_orders` and the trick's tables (`_strength`, `_following`) before the
play. Code that reads them in those phases says so to the type check: with `typing.cast` where
it runs once a hand or less, and with `# type: ignore[code]` and its reason where it runs for
every action, trick or card and in the random playout (playout.py), the hot paths of every
simulation, where a `cast()` would be one more function call each time.
"""

from .records import Bid, Exchange, Renege, Trick, WentUnder
from .rules import RuleOptions

class HandFields:
    rules: RuleOptions
    number: int
    dealer: int
    seats: int
    dealt: tuple[tuple[str, ...], ...]
    hands: list[list[str]]
    upcard: str
    upcard_suit: str | None
    original_kitty: tuple[str, ...]
    kitty: list[str]
    phase: str
    to_act: int | None
    bids: list[Bid]
    went_under: WentUnder | None
    exchange: Exchange | None
    redeal_by: int | None
    blind_alone: bool
    naming_takes_upcard: bool
    trump: str | None
    maker: int | None
    taker: int | None
    discarded: str | None
    maker_alone: bool
    alone_decisions: list[tuple[int, str, bool]]
    lone_defender: int | None
    called_suit: str | None
    partner: int | None
    partner_card: str | None
    partner_shown: bool
    makers: tuple[int, ...]
    active: list[bool]
    players: int
    next_seat: tuple[int, ...]
    leader: int | None
    trick_cards: list[str]
    play_orders: tuple[tuple[int, ...], ...] | None
    _trick_log: list[tuple[int, list[str], int]]
    _tricks: list[Trick]
    tricks_by_seat: list[int]
    watch_plays: bool
    reneging: bool
    partnered: bool
    kitty_options: bool
    renege: Renege | None
    renege_found: tuple[int, str] | None
    outcome: str | None
    scoring_team: int | None
    points: int
    points_by_scorer: list[int]
    forfeit_to: int | None
    robson_choice: str | None
    _legal: list[str] | None
    _following: dict[str, str] | None
    _strength: dict[str, int] | None
    _best: int
    _winner: int

    # HandState's own
    def legal_actions(self) -> list[str]: ...
    def apply(self, action: str) -> None: ...
    def _start_play(self) -> None: ...
    def _maker_side(self) -> tuple[int, ...]: ...
    def _finish_trick(self) -> None: ...
    @property
    def tricks(self) -> list[Trick]: ...

    # Bidding's, called by RandomPlayout
    def _bidding_actions(self) -> list[str]: ...
    def _bid_round_one(self, seat: int, action: str) -> None: ...
    def _apply_bidding(self, phase: str, seat: int, action: str) -> None: ...

    # Scoring's, called by Bidding
    def _robson_actions(self) -> list[str]: ...
    def _robson_choose(self, action: str) -> None: ...
