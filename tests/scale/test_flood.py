"""A socket flooded with junk, huge frames, moves out of turn and fast spam is refused, rate
limited and closed, on a real daphne; the game is unchanged and the other players at the table
are not disturbed."""

from __future__ import annotations

import asyncio
import json

import pytest

from games.live.consumer_places import CLOSE_FLOODING
from games.live.consumers import CLOSE_TOO_BIG, MAX_MESSAGE_CHARS
from games.models import Action
from games.selectors import engine_game

from .conftest import DAPHNE_MAX_MESSAGE_BYTES, version_of, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

JUNK = [
    "not json",
    "[1, 2]",
    json.dumps({"type": "act", "action": "pass"}),  # no version
    json.dumps({"type": "act", "action": 7, "version": 0}),
    json.dumps({"type": "mute", "seat": "everyone", "version": 0}),
    "[" * 900 + "]" * 900,  # nesting deep enough to break a naive parser
    b"\x00\xff binary",
]


def test_a_flooding_socket_is_closed_and_the_table_plays_on(cluster, browsers, table):
    url = cluster.daphne("daphne")
    game, people = table(humans=4)
    to_act = engine_game(game).to_act
    flooder_seat = (to_act + 1) % 4
    watchers = {
        seat: browsers.open(game_id=game.pk, cookie=cookie, urls=[url], autoplay=False)
        for seat, (_, cookie) in enumerate(people)
        if seat != flooder_seat
    }
    flooder = browsers.open(
        game_id=game.pk,
        cookie=people[flooder_seat][1],
        urls=[url],
        autoplay=False,
        reconnect=False,
    )
    wait_for(lambda: all(c.state for c in [*watchers.values(), flooder]), what="all connected")

    # junk: each message answered with an error, nothing else happens
    for message in JUNK:
        assert browsers.send(flooder, message)
    wait_for(lambda: flooder.errors.count("bad_message") == len(JUNK), what="junk refused")

    # a move out of turn: refused, the game unchanged, the socket shown the table as it is
    assert browsers.send(flooder, {"type": "act", "action": "pass", "version": 0})
    wait_for(lambda: "not_your_turn" in flooder.errors, what="out-of-turn move refused")
    assert version_of(game) == 0

    # fast spam: rate limited (told once), then closed
    async def spam() -> None:
        for number in range(400):
            sent = await flooder.send({"type": "act", "action": "pass", "version": 0})
            if not sent:
                return
            if number % 50 == 0:
                await asyncio.sleep(0)

    browsers.call(spam())
    wait_for(lambda: flooder.close_codes == [CLOSE_FLOODING], what="the flooder closed with 4008")
    # told when it went too fast, not once per dropped message: a busy daphne that takes over
    # 1/8 s on the messages it let through lets one more through and tells again
    assert 1 <= flooder.errors.count("rate_limited") <= 5
    assert flooder.errors[-1] == "flooding"

    # the flooder's player connecting again at once: refused before the socket's opening (no
    # frame, no chat), told to wait, closed with 4008 (the page tries again later by itself)
    again = browsers.open(
        game_id=game.pk,
        cookie=people[flooder_seat][1],
        urls=[url],
        autoplay=False,
        reconnect=False,
    )
    wait_for(lambda: again.close_codes == [CLOSE_FLOODING], what="the flooder refused again")
    assert again.errors == ["flooding"]
    assert again.state is None  # no frame of the table

    # a message over the consumer's limit: refused and closed with 4009; one over daphne's
    # own limit: daphne (autobahn) fails the connection for "1009 message too big", dropping
    # the TCP connection without a close frame (1006 at the client) before the site sees any.
    # Sent by another player's second socket (the flooder's player is cooling down)
    sender_seat = next(seat for seat in watchers if seat != to_act)
    for size, codes, errors in [
        (10_000, [CLOSE_TOO_BIG], ["too_big"]),
        (DAPHNE_MAX_MESSAGE_BYTES * 4, [1006, 1009], []),
    ]:
        huge = browsers.open(
            game_id=game.pk,
            cookie=people[sender_seat][1],
            urls=[url],
            autoplay=False,
            reconnect=False,
        )
        wait_for(lambda huge=huge: huge.state, what="another connection of the flooder")
        assert browsers.send(huge, json.dumps({"type": "chat", "text": "x" * size, "version": 0}))
        wait_for(lambda huge=huge: huge.close_codes, what=f"closed {codes}")
        assert huge.close_codes[0] in codes
        assert huge.errors == errors
    assert MAX_MESSAGE_CHARS < 10_000

    # the game is unchanged, and the others play on undisturbed
    assert version_of(game) == 0
    assert not Action.objects.filter(game=game).exists()
    mover = watchers[to_act]
    assert browsers.send(mover, {"type": "act", "action": "pass", "version": 0})
    wait_for(lambda: all(c.version == 1 for c in watchers.values()), what="the move reached all")
    assert version_of(game) == 1
    for client in watchers.values():
        assert client.errors == [] and client.close_codes == [] and client.connected
        assert client.connected_to == [url]
