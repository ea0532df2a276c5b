"""Flood protection for one table socket: a token bucket for messages and a budget of strikes.

Every message takes a token; the bucket holds `burst` tokens and refills at `rate` per second,
so a person clicking fast never meets it while a script sending as fast as it can does. A message
without a token is dropped (not answered, not handed to the services) and costs a strike; so does
a malformed one. Strikes come from a second, slower bucket: when it is empty the socket is
closed. State lives in the socket's own process only: it limits one connection, and a
reconnecting flooder starts from a full bucket but has to pass the login and the handshake again.
A message this socket's bucket lets through then meets the budget all of its player's sockets
share (services/message_budget.py, `SocketGuard.shared`): one over it is dropped and told once
too, but costs no strike: each socket within its own rate sends at most 8 a second, cheap to
drop, and closing them only makes a script open them again.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable

Clock = Callable[[], float]


class TokenBucket:
    """`burst` tokens at most, `rate` more each second. `take()` spends one if there is one."""

    __slots__ = ("rate", "burst", "tokens", "updated", "clock")

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a bucket needs a positive rate and room for one token")
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock
        self.updated = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Verdict(enum.Enum):
    PASS = "pass"  # handle the message
    WARN = "warn"  # drop it and tell the client once that it is going too fast
    DROP = "drop"  # drop it silently (already told)
    CLOSE = "close"  # out of strikes: close the socket


class SocketGuard:
    """What to do with each message of one socket.

    Defaults: 8 messages a second with bursts of 20 (a person sends one or two a second, a
    move and a touch); 20 strikes, one back every 5 seconds.
    """

    def __init__(
        self,
        *,
        rate: float = 8.0,
        burst: float = 20,
        strikes: float = 20,
        strike_refill_per_second: float = 0.2,
        clock: Clock = time.monotonic,
    ) -> None:
        self.messages = TokenBucket(rate, burst, clock)
        self.strikes = TokenBucket(strike_refill_per_second, strikes, clock)
        self.warned = False
        self.closed = False

    def admit(self) -> Verdict:
        """Called for every incoming message, before anything else is done with it. PASS: this
        socket's bucket had a token, and the player's shared budget is asked next (`shared`)."""
        if self.closed:
            return Verdict.DROP
        if self.messages.take():
            return Verdict.PASS
        return self.refuse()

    def shared(self, admitted: bool) -> Verdict:
        """What to do with a message `admit` let through, given whether the budget this socket
        shares with its player's other sockets had room for it: none, it is dropped (told
        once), without a strike."""
        if admitted:
            self.warned = False
            return Verdict.PASS
        if self.warned:
            return Verdict.DROP
        self.warned = True
        return Verdict.WARN

    def refuse(self) -> Verdict:
        """A message over a rate: warned once, then dropped, each a strike."""
        if not self.strike():
            return Verdict.CLOSE
        if self.warned:
            return Verdict.DROP
        self.warned = True
        return Verdict.WARN

    def strike(self) -> bool:
        """A refused message (too fast, malformed). False when the socket is out of strikes,
        after which every message is dropped."""
        if self.closed:
            return False
        if self.strikes.take():
            return True
        self.closed = True
        return False
