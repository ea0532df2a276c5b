"""`run.py serve` with nothing set keeps the site in a SQLite file: a game's moves take the same
path there as on PostgreSQL, whose statements are written out (games/live/services/move_rows.py:
no row lock where SQLite has none, its dates and booleans converted as the ORM does). A real
process on a fresh SQLite file migrates, then plays a person's moves and the computers' to the
end of a game; the site's Redis carries what the moves send."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[3]

PLAY = """
from accounts.models import User
from games.engine import RuleOptions
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game, table_state
from games.live.services.move_rows import game_with_seats_locked
from games.live.services.play import computer_act, game_act
from games.tables.services.tables import table_create, table_start

person = User.objects.create_user("lite@example.com", None, display_name="Lite")
game = table_create(
    creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(target_score=3),
    computer_level="easy",
)
table_start(game_id=game.pk, user_id=person.pk)
game.refresh_from_db()
while game.status == Game.Status.PLAYING:
    engine = engine_game(game)
    if engine.to_act == 0:
        action = choose_action(engine.view(0), engine.rules)
        game_act(game_id=game.pk, user_id=person.pk, action=action, version=game.version)
    else:
        computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
    game.refresh_from_db()
_game, seats = game_with_seats_locked(game.pk)
assert seats[0].user.get_short_name() == "Lite" and seats[1].user is None
assert all(type(seat.covered) is bool for seat in seats.values())
assert game.moved_at is not None and game.moved_at.tzinfo is not None
assert Action.objects.filter(game=game).count() == game.version
state = table_state(game_id=game.pk, user_id=person.pk)
print("finished", game.version, state["status"], game.winner_team is not None)
"""


@pytest.mark.services
def test_a_whole_game_is_played_on_serves_sqlite_file(tmp_path, redis_client):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        EUCHRE_VAR_DIR=str(tmp_path),
        REDIS_URL=settings.REDIS_URL,
        DJANGO_SETTINGS_MODULE="euchre_site.settings",
    )

    def manage(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,  # a guard against a hang, not a measure of speed
        )

    migrated = manage("migrate", "--no-input", "-v", "0")
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    assert (tmp_path / "euchre.sqlite3").exists()
    played = manage("shell", "-c", PLAY)
    assert played.returncode == 0, played.stderr[-3000:]
    last = played.stdout.strip().splitlines()[-1].split()
    # a game to 3 is at least one whole hand: its bid and 15 cards (a lone hand) or 20
    assert last[0] == "finished" and int(last[1]) >= 16
    assert last[2:] == ["finished", "True"]
