"""autobahn's debug lines in a daphne, with plain arguments.

autobahn (daphne's WebSocket protocol) builds the arguments of its debug lines before its
logger knows whether they are wanted: every frame sent and every frame received colours a
function's name and the peer's address with click, which is installed here for Celery. Under
the load table that colouring was about 1.4% of a daphne's work (issue 21). Without click's
colours autobahn writes the same text plain; a debug line, when logged, still says the same.
"""

from __future__ import annotations


def autobahn_plain_log_arguments() -> None:
    import autobahn.util

    # autobahn.util.hl reads this flag at each call; it is set at import when click is there
    autobahn.util._HAS_CLICK = False
