"""The table socket's flood guard, on a clock the test turns."""

from __future__ import annotations

from games.live.rate_limit import SocketGuard, TokenBucket, Verdict


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_burst_then_its_rate():
    clock = Clock()
    bucket = TokenBucket(rate=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5  # one token back
    assert [bucket.take(), bucket.take()] == [True, False]
    clock.now = 100  # never more than the burst
    assert sum(bucket.take() for _ in range(10)) == 3


def test_a_person_clicking_never_meets_the_limit():
    clock = Clock()
    guard = SocketGuard(clock=clock)
    for _ in range(1000):  # two messages a second for over eight minutes
        assert guard.admit() is Verdict.PASS
        clock.now += 0.5


def test_a_flood_is_warned_once_then_dropped_then_closed():
    guard = SocketGuard(rate=8, burst=20, strikes=20, clock=Clock())
    verdicts = [guard.admit() for _ in range(100)]
    assert verdicts[:20] == [Verdict.PASS] * 20
    assert verdicts[20] is Verdict.WARN
    assert verdicts[21:40] == [Verdict.DROP] * 19
    assert verdicts[40] is Verdict.CLOSE
    assert set(verdicts[41:]) == {Verdict.DROP}  # closed: nothing more is handled


def test_junk_costs_strikes_and_strikes_come_back_slowly():
    clock = Clock()
    guard = SocketGuard(strikes=3, strike_refill_per_second=0.2, clock=clock)
    assert [guard.strike() for _ in range(3)] == [True, True, True]
    clock.now = 5  # one strike back
    assert guard.strike() is True
    assert guard.strike() is False and guard.closed


def test_a_message_over_the_players_budget_is_dropped_and_told_once_without_a_strike():
    """`admit` lets a message through its socket's bucket; `shared` then says what the budget
    of all of the player's sockets made of it (games/live/services/message_budget.py)."""
    guard = SocketGuard(strikes=3, clock=Clock())
    assert guard.admit() is Verdict.PASS and guard.shared(False) is Verdict.WARN
    assert guard.admit() is Verdict.PASS and guard.shared(False) is Verdict.DROP  # told once
    assert guard.admit() is Verdict.PASS and guard.shared(True) is Verdict.PASS
    # a message through both: the next refusal is told again
    assert guard.admit() is Verdict.PASS and guard.shared(False) is Verdict.WARN
    # the socket within its own rate is never closed for its player's budget
    clock = Clock()
    guard = SocketGuard(strikes=3, clock=clock)
    for _ in range(100):
        clock.now += 0.2
        assert guard.admit() is Verdict.PASS and guard.shared(False) is not Verdict.CLOSE
    assert not guard.closed
