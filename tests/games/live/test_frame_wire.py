"""A pushed frame's text: encoded once by the mover, sent by each socket with its send time and,
when the page needs it, the finished hands' history; what the page parses is the frame."""

from __future__ import annotations

import json
import random

from games.engine import Game, preset_rules
from games.live.frame_wire import (
    frame_pushed,
    frames_of,
    history_text,
    message_parsed,
    table_text,
    wire_text,
)

VERSION_KEYS = ("version", "status", "my_seat", "cancelled", "turn_deadline", "server_time")


def pushed_of(frame: dict) -> dict:
    """`frame_pushed` of a frame-shaped dict: its head, its version fields, its view."""
    fields = {key: frame[key] for key in VERSION_KEYS if key in frame}
    return frame_pushed(frame["game"], fields, frame["view"])


def table_of(frame: dict) -> str:
    """`table_text` of a frame-shaped dict: what is neither its version fields nor its view."""
    return table_text({key: value for key, value in frame.items() if key not in VERSION_KEYS})


def frames_along_a_game(seed: int) -> list[dict]:
    """A frame-shaped dict (the keys a frame has around the view) at every version of a
    random game, the view last as in a seat frame."""
    rng = random.Random(seed)
    game = Game(preset_rules("standard"), seed)
    frames = []
    while not game.is_over:
        seat = game.to_act
        frames.append(
            {
                "type": "state",
                "game": 12,
                "version": len(game.actions),
                "status": "playing",
                "server_time": "then",
                "seats": [{"position": n, "name": f"Player é{n}"} for n in range(4)],
                "view": game.view(seat).to_dict(),
            }
        )
        game = game.apply(rng.choice(game.legal_actions()), seat)
    return frames


def test_the_wire_text_parses_to_the_frame_with_or_without_its_history_and_table():
    frames = frames_along_a_game(7)
    assert any(frame["view"]["history"] for frame in frames)  # the game ran past a hand
    for frame in frames:
        pushed = pushed_of(frame)
        history = frame["view"]["history"]
        assert pushed["version"] == frame["version"] and pushed["hands"] == len(history)
        full = json.loads(wire_text(pushed["body"], "now", history_text(history), table_of(frame)))
        assert full == {**json.loads(json.dumps(frame)), "server_time": "now"}
        slim = json.loads(wire_text(pushed["body"], "later"))
        assert slim["server_time"] == "later" and "history" not in slim["view"]
        assert {**slim["view"], "history": full["view"]["history"]} == full["view"]
        # without the table's part: the head, the version fields and the view only
        assert "seats" not in slim and (slim["type"], slim["game"]) == ("state", 12)
        assert {**slim, **json.loads("{" + table_of(frame) + "}")}.keys() == full.keys()


def test_frames_of_reads_a_message_as_the_page_does():
    frames = frames_along_a_game(3)[:5]
    event = {
        "frames": [pushed_of(frame) for frame in frames],
        "histories": [[0, history_text([])]],
        "table": table_of(frames[0]),
    }
    expected = [{k: v for k, v in frame.items() if k != "server_time"} for frame in frames]
    assert frames_of(event) == json.loads(json.dumps(expected))


def test_a_pages_message_is_refused_with_the_reason():
    assert message_parsed(None) == "Messages are JSON text."
    assert message_parsed("{") == "Messages are JSON."
    assert message_parsed("[" * 100_000) == "Messages are JSON."
    assert message_parsed('["act"]') == "A message is a JSON object with a type."
    for version in ('"1"', "true", "1.0", "-1", str(2**31), "null"):
        refused = message_parsed('{"type": "act", "version": ' + version + "}")
        assert refused == "A message carries the game version it was sent from."
    assert message_parsed('{"type": "sync", "version": 3}') == {"type": "sync", "version": 3}
