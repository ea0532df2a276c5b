"""A table socket's text: a move's frames on their way to the players' sockets, and the
messages a page sends.

The process that made a move encodes each seat's frame as JSON once (`frame_pushed`), without
its send time and without the finished hands' history, which only grows at a hand's end but
made most of a frame's bytes late in a game (about 1.1 KB a hand). A socket then sends the text
as it is (`wire_text`), adding the history only when its page's is not the one this frame has
(`frame.view.history` absent: the page keeps the one it has). Before, the frames went through
the channel layer as nested dicts, and every socket unpacked them and encoded them again: about
a fifth of a daphne's work under the load table (issue 21). The encoder is orjson's (a seat's
view in about 2.8 µs against the standard library's 17.6 µs); keys that are not strings are
written as strings, as the standard library does.

The table's part of a frame (its rules, its seats, ...: `games.selectors.table_fields`) is the
same at every version until a seat changes, yet was about half of a pushed frame's bytes, four
times over for a person's move and the three computers' after it. It travels beside the frames
(`RunFrames.table`) and a socket sends it only when its page has another one (`wire_text`'s
`table`): a frame without `seats` keeps the page's table part (main.js, `games.lab.load_client`).
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def _encode(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


# each finished hand's JSON, made once per record dict (`games.engine.view.finished_hand_dict`
# shares one dict per record); the dict is kept with its text, so its id is not reused meanwhile
_HAND_TEXTS: dict[int, tuple[dict[str, Any], str]] = {}
_HAND_TEXTS_MAX = 10_000  # about 1,000 tables of about 10 hands


# in every frame, with or without the table's part: the page reads them before anything else
FRAME_HEAD_KEYS = ("type", "game")
# the rest of the table's part, which a page keeps from the last frame that had it (main.js)
TABLE_KEYS = (
    "kind",
    "variant",
    "rules",
    "seat_count",
    "seats",
    "computer_pause_ms",
    "hand_pause_ms",
)


def table_text(table: dict[str, Any]) -> str:
    """The table's part of every frame of a run (`games.selectors.table_fields`) but its head
    (`FRAME_HEAD_KEYS`), encoded once: an object's inside, for `wire_text`."""
    return _encode({key: value for key, value in table.items() if key not in FRAME_HEAD_KEYS})[1:-1]


def frame_pushed(game_id: int, fields: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """A seat's frame as the mover sends it: its version, how many finished hands its view's
    history holds, and its JSON text (`body`): the frame's head, the seat's version fields
    (`games.selectors.seat_version_fields`) without `server_time`, and the view without its
    history, last (`wire_text`). The table's part goes beside it (`table_text`)."""
    mine = {key: value for key, value in fields.items() if key != "server_time"}
    slim = {key: value for key, value in view.items() if key != "history"}
    head = '{"type":"state","game":' + str(int(game_id)) + ","
    body = head + _encode(mine)[1:-1] + ',"view":' + _encode(slim) + "}"
    return {"version": fields["version"], "hands": len(view["history"]), "body": body}


def history_text(history: list[dict[str, Any]]) -> str:
    """The JSON of a view's history (finished hands' public records), each hand encoded once."""
    parts = []
    for record in history:
        kept = _HAND_TEXTS.get(id(record))
        if kept is None or kept[0] is not record:
            if len(_HAND_TEXTS) >= _HAND_TEXTS_MAX:
                _HAND_TEXTS.clear()
            kept = (record, _encode(record))
            _HAND_TEXTS[id(record)] = kept
        parts.append(kept[1])
    return "[" + ",".join(parts) + "]"


def wire_text(
    body: str, server_time: str, history: str | None = None, table: str | None = None
) -> str:
    """What a socket sends of a pushed frame: the body with its send time, the table's part
    (`table_text`) when given, and the history (JSON text) in its view when given. All go in as
    text: the body is an object whose last key is its view, itself an object, so it ends with
    "}}"."""
    head = '{"server_time":' + _encode(server_time) + ","
    if table is not None:
        head += table + ","
    if history is None:
        return head + body[1:]
    return head + body[1:-2] + ',"history":' + history + "}}"


def frames_message(texts: list[str]) -> str:
    """One socket message of frames' texts (`wire_text`): a frame alone as it is, several as a
    JSON array, oldest first, which the page takes one after the other."""
    if len(texts) == 1:
        return texts[0]
    return "[" + ",".join(texts) + "]"


def frames_of(event: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames a page makes of a "game.frames" message, history and table's part included,
    without their send time (tests and benchmarks read pushed frames as the page does)."""
    histories = dict(event["histories"])
    frames = []
    for pushed in event["frames"]:
        frame = json.loads(
            wire_text(pushed["body"], "", histories[pushed["hands"]], event["table"])
        )
        del frame["server_time"]
        frames.append(frame)
    return frames


MAX_VERSION = 2**31 - 1  # Game.version is a PostgreSQL integer


def message_parsed(text_data: str | None) -> dict[str, Any] | str:
    """A page's message as a dict, or why it is refused (its size is checked before: deep
    nesting within it raises RecursionError)."""
    if text_data is None:
        return "Messages are JSON text."
    try:
        message = json.loads(text_data)
    except (ValueError, RecursionError):
        return "Messages are JSON."
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return "A message is a JSON object with a type."
    version = message.get("version")  # an int, never a bool, a float or a huge number
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        return "A message carries the game version it was sent from."
    return message
