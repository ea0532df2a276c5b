"""No message crashes a table socket. Every message type ("act", "touch", "sync", "chat",
"mute", "unmute", and unknown ones) with malformed fields (NUL, lone surrogates, huge ints,
floats, NaN, nested objects, lists, null, missing fields, long strings) and frames that are not
JSON objects at all, through the site's ASGI application with the real Redis channel layer:
each is answered with JSON errors that carry a code (or, for "sync", the unchanged state), the
socket stays open, and the game, its chat and the players' mutes are unchanged. Floods and
frames over the size limit are closed with the documented 4008 and 4009."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies
from hypothesis.strategies import SearchStrategy

from games.live.consumer_places import CLOSE_FLOODING
from games.live.consumers import CLOSE_TOO_BIG, MAX_MESSAGE_CHARS
from games.live.models import ChatMessage, ChatMute
from games.live.services.loop_redis import loop_redis
from games.live.services.message_budget import player_budget_key
from games.models import Action, Game, Seat
from games.selectors import engine_game
from tests.games.live.sockets import join, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

TYPES = ["act", "touch", "sync", "chat", "mute", "unmute", "shout"]
FIELD = {"act": "action", "chat": "text", "mute": "seat", "unmute": "seat"}
HOSTILE = {
    "nul": "\x00",
    "nul inside": "pass\x00",
    "surrogate": "\ud800",
    "surrogate inside": "hello \udfff",
    "long": "x" * 1800,
    "empty": "",
    "blank": " \t\n ",
    "negative": -1,
    "past int": 2**31,
    "huge": 10**30,
    "float": 1.5,
    "big float": 1e308,
    "true": True,
    "null": None,
    "list": [0, "pass"],
    "object": {"action": "pass", "version": 0},
}
RAW_FRAMES = [
    "not json",
    " ",
    "[]",
    "null",
    "7",
    '"act"',
    '{"type": "act", "action": "pass", "version": NaN}',
    '{"type": "act", "action": "pass", "version": Infinity}',
    '{"type": "act", "action": "pass", "version": 1e999}',
    '{"type": "act", "action": "pass", "version": ' + "9" * 1500 + "}",
    '{"type": "chat", "text": "\\u0000", "version": 0}',
    '{"type": "chat", "text": "\\ud83d", "version": 0}',
    '{"type": "act", "type": "chat", "text": "\\u0000", "version": 0}',
    "[" * 990 + "]" * 990,
    '{"type": "act"',
]
PER_SOCKET = 8  # fuzz messages per socket: with their probes, within the burst and the strikes


def hostile_messages(version: int) -> list[str]:
    """Each type with each hostile version; each type with the right version and each hostile
    value in its field; missing fields; hostile types; frames that are not objects."""
    messages: list[Any] = []
    for kind in TYPES:
        field = FIELD.get(kind, "extra")
        messages.append({"type": kind})  # no version
        messages.append({"type": kind, "version": version})  # no field of its own
        for value in HOSTILE.values():
            messages.append({"type": kind, "version": value, field: "pass"})
            messages.append({"type": kind, "version": version, field: value})
    for value in HOSTILE.values():
        messages.append({"type": value, "version": version})
    return [json.dumps(m) if not isinstance(m, str) else m for m in messages] + RAW_FRAMES


def table_snapshot(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    return {
        "version": game.version,
        "actions": Action.objects.filter(game=game).count(),
        "chat": ChatMessage.objects.filter(game=game).count(),
        "mutes": ChatMute.objects.count(),
        "seats": list(
            Seat.objects.filter(game=game)
            .order_by("position")
            .values_list("user_id", "in_play", "cancelled")
        ),
    }


async def answers_to(socket, message: str | bytes, probe: int, version: int) -> list[dict]:
    """Sends `message`, then a probe of an unknown type; returns the frames that came before
    the probe's answer (the consumer answers in order). A crash raises here; a close fails."""
    if isinstance(message, bytes):
        await socket.send_to(bytes_data=message)
    else:
        await socket.send_to(text_data=message)
    await send(socket, {"type": f"probe-{probe}", "version": version})
    frames = []
    while True:
        output = await socket.receive_output(timeout=10)
        assert output["type"] == "websocket.send", f"{message[:80]!r} closed the socket: {output}"
        message = json.loads(output["text"])
        for frame in message if isinstance(message, list) else [message]:  # a run's frames
            if frame.get("code") == "unknown_type" and f"probe-{probe}'" in frame["message"]:
                return frames
            frames.append(frame)


async def budget_fresh(user_id: int) -> None:
    """The player's message budget over all their sockets (games/live/services/message_budget.py)
    full again, as each fresh socket's own guard is: these tests send hostile fields, not floods,
    and their hundreds of messages with probes would outrun it."""
    await loop_redis().delete(player_budget_key(user_id))


def bad_frames(frames: list[dict], version: int) -> list[dict]:
    """Frames that are neither an error with a code nor the unchanged state."""
    return [
        frame
        for frame in frames
        if not (frame.get("type") == "error" and isinstance(frame.get("code"), str))
        and not (frame.get("type") == "state" and frame.get("version") == version)
    ]


def fuzz(game: Game, player, messages: list[str | bytes], version: int) -> list[str]:
    """Every message through a socket of `player`'s, a fresh socket every PER_SOCKET messages;
    the messages whose answers were not what they should be."""
    probes = itertools.count()
    failures: list[str] = []

    async def scenario() -> None:
        for start in range(0, len(messages), PER_SOCKET):
            await budget_fresh(player.pk)
            socket = await table_socket(game.pk, player)
            await join(socket)
            for message in messages[start : start + PER_SOCKET]:
                frames = await answers_to(socket, message, next(probes), version)
                if wrong := bad_frames(frames, version):
                    failures.append(f"{str(message)[:100]!r} -> {wrong}")
            await socket.disconnect()

    run(scenario)
    return failures


def test_every_message_type_with_malformed_fields_is_refused_and_changes_nothing(started_table):
    game, players = started_table
    mover = players[engine_game(game).to_act]  # an "act" would be this seat's own move
    before = table_snapshot(game)
    messages: list[str | bytes] = [*hostile_messages(before["version"]), b"\x00\xff binary"]
    assert len(messages) > 200
    failures = fuzz(game, mover, messages, before["version"])
    assert not failures, "\n".join(failures)
    assert table_snapshot(game) == before


def test_a_version_that_no_game_has_is_a_bad_message(started_table):
    """Not an int from 0 to 2**31 - 1 (Game.version's column): refused before any service,
    not told that the table moved on."""
    game, players = started_table
    mover = players[engine_game(game).to_act]
    versions = [-1, 2**31, 10**30, 0.0, True, "0", None, [0]]

    async def scenario() -> list[list[dict]]:
        socket = await table_socket(game.pk, mover)
        await join(socket)
        answers = []
        for probe, version in enumerate(versions):
            message = json.dumps({"type": "act", "action": "pass", "version": version})
            answers.append(await answers_to(socket, message, probe, 0))
        await socket.disconnect()
        return answers

    for version, frames in zip(versions, run(scenario), strict=True):
        assert [frame["code"] for frame in frames] == ["bad_message"], version
    assert table_snapshot(game)["version"] == 0


def test_a_chat_line_with_nul_or_a_surrogate_is_a_chat_error_and_the_socket_stays_open(
    started_table,
):
    game, players = started_table

    async def scenario() -> list[dict]:
        socket = await table_socket(game.pk, players[1])
        await join(socket)
        answers = []
        for probe, text in enumerate(["\x00", "good\x00bad", "\ud800", "a\udc00b"]):
            frames = await answers_to(
                socket, json.dumps({"type": "chat", "text": text, "version": 0}), probe, 0
            )
            answers.extend(frames)
        await send(socket, {"type": "chat", "text": "still here", "version": 0})
        line = json.loads(await socket.receive_from(timeout=10))
        await socket.disconnect()
        return [*answers, line]

    *errors, line = run(scenario)
    assert [error["code"] for error in errors] == ["bad_characters"] * 4
    assert "NUL" in errors[0]["message"]
    assert line["type"] == "chat" and line["messages"][0]["text"] == "still here"
    assert list(ChatMessage.objects.filter(game=game).values_list("text", flat=True)) == [
        "still here"
    ]


def test_invisible_control_characters_are_taken_out_of_a_chat_line(started_table):
    from games.live.services.chat import chat_post

    game, players = started_table
    message = chat_post(game_id=game.pk, user_id=players[0].pk, text="\x07hi\x1b[1m\tthere\x7f\x9b")
    assert message.text == "hi[1m there"


def test_a_message_over_the_size_limit_is_told_too_big_and_closed_with_4009(started_table):
    game, players = started_table

    async def scenario() -> tuple[dict, dict]:
        socket = await table_socket(game.pk, players[0])
        await join(socket)
        text = "\x00" * (MAX_MESSAGE_CHARS + 1)
        await send(socket, json.dumps({"type": "chat", "text": text, "version": 0}))
        error = json.loads((await socket.receive_output(timeout=10))["text"])
        closed = await socket.receive_output(timeout=10)
        return error, closed

    error, closed = run(scenario)
    assert error["code"] == "too_big"
    assert closed == {"type": "websocket.close", "code": CLOSE_TOO_BIG}
    assert not ChatMessage.objects.filter(game=game).exists()


def test_a_flood_of_malformed_messages_is_closed_with_4008(started_table):
    game, players = started_table

    async def scenario() -> tuple[list[str], dict]:
        socket = await table_socket(game.pk, players[0])
        await join(socket)
        for _ in range(40):  # more than the strikes a socket has
            await send(socket, json.dumps({"type": "chat", "text": "\ud800", "version": 2**40}))
        codes = []
        while (output := await socket.receive_output(timeout=10))["type"] == "websocket.send":
            codes.append(json.loads(output["text"])["code"])
        return codes, output

    codes, closed = run(scenario)
    assert closed == {"type": "websocket.close", "code": CLOSE_FLOODING}
    assert codes[-1] == "flooding"
    assert set(codes[:-1]) <= {"bad_message", "rate_limited"}


def _json_values() -> SearchStrategy[Any]:
    scalars = strategies.one_of(
        strategies.none(),
        strategies.booleans(),
        strategies.integers(min_value=-(2**70), max_value=2**70),
        strategies.floats(allow_nan=False, allow_infinity=False),
        strategies.text(max_size=40),  # any code point: NUL and lone surrogates included
    )
    return strategies.recursive(
        scalars,
        lambda inner: (
            strategies.lists(inner, max_size=3)
            | strategies.dictionaries(strategies.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=6,
    )


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    messages=strategies.lists(
        strategies.fixed_dictionaries(
            {"type": strategies.sampled_from(TYPES) | strategies.text(max_size=10)},
            optional={
                "version": _json_values(),
                "action": _json_values(),
                "text": _json_values(),
                "seat": _json_values(),
            },
        ).map(json.dumps),
        min_size=1,
        max_size=PER_SOCKET,
    )
)
def test_any_message_leaves_the_socket_open_and_answers_in_the_protocol(started_table, messages):
    """Random messages may be valid (a chat line, a mute): the socket must stay open, every
    frame must be a message of the protocol, and the game stay consistent."""
    game, players = started_table
    probes = itertools.count(10_000)
    frames: list[dict] = []

    async def scenario() -> None:
        await budget_fresh(players[0].pk)
        socket = await table_socket(game.pk, players[0])
        await join(socket)
        for message in messages:
            frames.extend(await answers_to(socket, message, next(probes), game.version))
        await socket.disconnect()

    run(scenario)
    for frame in frames:
        assert frame["type"] in ("error", "state", "chat"), frame
        if frame["type"] == "error":
            assert isinstance(frame["code"], str) and frame["code"], frame
    game.refresh_from_db()
    assert game.version == Action.objects.filter(game=game).count()
