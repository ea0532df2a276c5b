"""A harness for the table page in a real browser without the site's backend: the page is the
real template rendered with a state built from an engine game, its static files are served as
they are, and its WebSocket is a stand-in through which the test plays the server's part. The
test applies what the page sends to the engine (a computer choosing for the other seats) and
pushes each seat view's frame back: every variant of the engine can be played, looked at and
clicked through, whatever the site's backend creates yet.

Frames follow the contract of `games.selectors.table_state` (the engine's `SeatView.to_dict()`
for my seat only, the seats with `name`, `label`, `level`, `computer`, `covered`) plus
`variant`, `rules`, `seat_count` and, once the game is over, `result`.
"""

from __future__ import annotations

import json
import mimetypes
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from accounts.models import User
from accounts.preferences import display_preferences_of
from games.engine import PRESETS, Game, RuleOptions
from games.players import choose_action

# the page's WebSocket, replaced before any script runs: it records what the page sends and
# lets the test deliver frames as the server would
FAKE_SOCKET = """
window.__sent = [];
window.__sockets = [];
class HarnessSocket extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    window.__sockets.push(this);
    setTimeout(() => { this.readyState = 1; this.dispatchEvent(new Event("open")); }, 0);
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
}
Object.assign(HarnessSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
window.WebSocket = HarnessSocket;
window.__push = (frame) => {
  const socket = window.__sockets[window.__sockets.length - 1];
  socket.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
};
window.__takeSent = () => window.__sent.splice(0, window.__sent.length);
"""

# the pause between two hands the site sends (GAME_HAND_PAUSE_SECONDS), shorter here: the tests
# click through the summaries they read, and wait out the others
HAND_PAUSE_MS = 3000

# as `games.selectors.seat_label` names a computer: its name and its level
COMPUTER_NAMES = ("Ada · strong", "Finn · normal", "Wren · easy")


def preset_name(rules: RuleOptions) -> str | None:
    for name, options in PRESETS.items():
        if RuleOptions.from_dict(options) == rules:
            return name
    return None


class HarnessTable:
    """An engine game with me in `my_seat` and computers elsewhere; builds my seat's frames."""

    def __init__(self, rules: RuleOptions, seed: str, my_seat: int = 0, name: str = "Brenda"):
        self.rules, self.seed, self.my_seat, self.name = rules, seed, my_seat, name
        self.game = Game(rules, seed)
        self.covered = False
        self.time_limit_ms = 30_000
        self.play_again_url: str | None = "/play-again/"

    @property
    def over(self) -> bool:
        return self.game.is_over

    def apply(self, action: str) -> None:
        self.game = self.game.apply(action, self.game.to_act)

    def computer_moves(self) -> list[dict[str, Any]]:
        """Every computer move up to my turn (or the end), with my frame after each."""
        frames = []
        while not self.over and self.game.to_act != self.my_seat:
            seat = self.game.to_act
            self.apply(choose_action(self.game.view(seat), self.rules))
            frames.append(self.frame())
        return frames

    def seats(self) -> list[dict[str, Any]]:
        seats = []
        for position in range(self.rules.seats):
            mine = position == self.my_seat
            label = self.name if mine else COMPUTER_NAMES[(position - self.my_seat) % 3]
            seats.append(
                {
                    "position": position,
                    "name": label.split(" · ")[0],
                    "label": label,
                    "level": None if mine else label.rsplit(" ", 1)[-1],
                    "computer": not mine,
                    "covered": mine and self.covered,
                    "time_limit_ms": self.time_limit_ms if mine else 30_000,
                    "timeouts": 1 if mine and self.covered else 0,
                }
            )
        return seats

    def frame(self) -> dict[str, Any]:
        game, now = self.game, datetime.now(UTC)
        mine = game.to_act == self.my_seat
        frame: dict[str, Any] = {
            "type": "state",
            "game": 1,
            "version": len(game.actions),
            "status": "finished" if game.is_over else "playing",
            "kind": "private",
            "rules": self.rules.to_dict(),
            "variant": preset_name(self.rules),
            "seat_count": self.rules.seats,
            "my_seat": self.my_seat,
            "cancelled": False,
            "seats": self.seats(),
            "computer_pause_ms": 0,
            "hand_pause_ms": HAND_PAUSE_MS,
            "turn_deadline": (now + timedelta(seconds=30)).isoformat() if mine else None,
            "server_time": now.isoformat(),
            "view": game.view(self.my_seat).to_dict(),
        }
        if game.is_over:
            winners = game.winning_seats
            mine_score = game.score[self.rules.scorer_of(self.my_seat)]
            frame["result"] = {
                "winning_seats": list(winners),
                "final_score": list(game.score),
                # seed 000: "the score of your side plus 5 for the winners"
                "my_game_points": mine_score + (5 if self.my_seat in winners else 0),
                "record_url": "/games/1/",
                "play_again_url": self.play_again_url,
            }
        return frame

    def hidden_cards(self) -> set[str]:
        """Cards no page of mine may show now: other seats' hands and the kitty."""
        hand = self.game.state().hand
        hidden = {
            card for seat, cards in enumerate(hand.hands) if seat != self.my_seat for card in cards
        }
        return hidden | set(hand.kitty)


class HarnessSite:
    """Serves the table page, its static files, and the few URLs the page calls."""

    def __init__(self) -> None:
        self.page_html = ""
        self.saved_preferences: list[dict[str, Any]] = []
        self.play_again_posts = 0
        self.coins = {"silver": 60, "gold": 0}
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def answer(self, status: int, body: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                if path == "/table/":
                    self.answer(200, site.page_html.encode(), "text/html; charset=utf-8")
                elif path == "/coins/":
                    header = (
                        '<header><a class="coins"><span class="silver">{silver} silver</span> '
                        '<span class="gold">{gold} gold</span></a></header>'
                    ).format(**site.coins)
                    self.answer(200, header.encode(), "text/html; charset=utf-8")
                elif path.startswith("/static/") and (found := finders.find(path[8:])):
                    kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
                    if found.endswith(".js"):
                        kind = "text/javascript"
                    self.answer(200, Path(found).read_bytes(), kind)
                else:
                    self.answer(404, b"not here", "text/plain")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if self.path == "/accounts/settings/display/":
                    changes = json.loads(body)
                    site.saved_preferences.append(changes)
                    answer = {"preferences": display_preferences_of(changes)}
                    self.answer(200, json.dumps(answer).encode(), "application/json")
                elif self.path == "/play-again/":
                    site.play_again_posts += 1
                    self.answer(200, b"<p id='again'>A new table</p>", "text/html")
                else:
                    self.answer(404, b"not here", "text/plain")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        # polled every 50 ms for a stop (serve_forever's default half second was each close's)
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def show(self, table: HarnessTable, preferences: dict[str, Any] | None = None) -> str:
        """Renders the real table template for `table`'s current frame; returns its URL."""
        user = User(pk=1, email="brenda@example.com", display_name=table.name)
        user.display_preferences = preferences or {}
        game = SimpleNamespace(pk=1, status="playing", created_by=user)
        self.page_html = render_to_string(
            "games/table.html",
            {
                "game": game,
                "state": table.frame(),
                "is_creator": True,
                "invite_url": "",
                "invite_form": None,
                "report_reasons": [("abuse", "Abuse")],
                "user": user,
                "csrf_token": "harness-token",
                "header_coins": self.coins,
            },
        )
        return f"{self.url}/table/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def push(page, frame: dict[str, Any]) -> None:
    page.evaluate("frame => window.__push(frame)", frame)


def answer_my_moves(page, table: HarnessTable) -> list[str]:
    """Applies the moves the page sent (as the server would: only my legal ones), pushes my new
    frame, then the computers' moves up to my next turn. Returns the actions applied."""
    applied = []
    for message in page.evaluate("window.__takeSent()"):
        if message.get("type") != "act":
            continue
        action = message["action"]
        if table.game.to_act != table.my_seat or action not in table.game.legal_actions():
            push(page, {"type": "error", "code": "illegal", "message": f"not now: {action}"})
            continue
        table.apply(action)
        applied.append(action)
        push(page, table.frame())
        for frame in table.computer_moves():
            push(page, frame)
    return applied
