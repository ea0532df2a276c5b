"""A pushed frame's text: encoded once by the mover, sent by each socket with its send time and,
when the page needs it, the finished hands' history; what the page parses is the frame."""

from __future__ import annotations

import json
import random

from games.engine import Game, preset_rules
from games.frame_wire import (
    frame_pushed,
    frames_of,
    history_text,
    message_parsed,
    table_text,
    wire_text,
)

VERSION_KEYS = ("version", "status", "my_seat", "cancelled", "turn_deadline", "server_time")


def pushed_of(frame: dict) -> dict:
    """`frame_pushed` of a frame-shaped dict: its table's part, its version fields, its view."""
    table = {key: value for key, value in frame.items() if key not in (*VERSION_KEYS, "view")}
    fields = {key: frame[key] for key in VERSION_KEYS if key in frame}
    return frame_pushed(table_text(table), fields, frame["view"])


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
                "version": len(game.actions),
                "status": "playing",
                "server_time": "then",
                "seats": [{"position": n, "name": f"Player é{n}"} for n in range(4)],
                "view": game.view(seat).to_dict(),
            }
        )
        game = game.apply(rng.choice(game.legal_actions()), seat)
    return frames


def test_the_wire_text_parses_to_the_frame_with_or_without_its_history():
    frames = frames_along_a_game(7)
    assert any(frame["view"]["history"] for frame in frames)  # the game ran past a hand
    for frame in frames:
        pushed = pushed_of(frame)
        history = frame["view"]["history"]
        assert pushed["version"] == frame["version"] and pushed["hands"] == len(history)
        full = json.loads(wire_text(pushed["body"], "now", history_text(history)))
        assert full == {**json.loads(json.dumps(frame)), "server_time": "now"}
        slim = json.loads(wire_text(pushed["body"], "later"))
        assert slim["server_time"] == "later" and "history" not in slim["view"]
        assert {**slim["view"], "history": full["view"]["history"]} == full["view"]


def test_a_hands_text_is_made_once_and_the_history_is_the_same_json():
    history = [{"number": n, "points": [n, 0], "name": "ü"} for n in range(3)]
    text = history_text(history)
    assert json.loads(text) == history
    history[0]["points"] = [9, 9]  # a record is immutable: its text is kept as first made
    assert json.loads(history_text(history))[0]["points"] == [0, 0]
    assert history_text([]) == "[]"


def test_frames_of_reads_a_message_as_the_page_does():
    frames = frames_along_a_game(3)[:5]
    event = {
        "frames": [pushed_of(frame) for frame in frames],
        "histories": [[0, history_text([])]],
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
