"""autobahn's debug lines in a daphne, with their arguments made only when shown.

autobahn (daphne's WebSocket protocol) builds the arguments of its debug lines before its
logger knows whether they are wanted:
- every frame sent and every frame received colours a function's name and the peer's address
  with click, which is installed here for Celery: about 1.4% of a daphne's work under the load
  table (issue 21). Without click's colours autobahn writes the same text plain;
- every socket opened pretty-prints its 29 settings (`pformat`) for a debug line: about 120 µs
  a socket, 3.6% of a daphne's samples while a thousand tables opened. The text is now made
  when a line is written, and is the same then.
"""

from __future__ import annotations

from pprint import pformat
from typing import Any


class PrettyWhenShown:
    """`pformat(value)`, made when formatted into a log line, not before."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        return pformat(self.value)

    __repr__ = __str__


def _timings_text(timings: Any) -> str:
    return pformat(timings._timings)


def autobahn_plain_log_arguments() -> None:
    import autobahn.util
    import autobahn.websocket.protocol as protocol

    # autobahn.util.hl reads this flag at each call; it is set at import when click is there
    autobahn.util._HAS_CLICK = False
    # the module's pformat feeds its debug lines; Timings.__str__ is its one use as text
    protocol.pformat = PrettyWhenShown
    protocol.Timings.__str__ = _timings_text
