"""Bad input (issue 23): a computer level that does not exist is refused, with the valid names,
everywhere a level enters: the table forms, the table services, `choose_action_at_level`, and
the arena's and the simulator's players."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games.engine import GameState, RuleOptions
from games.engine.view import seat_view
from games.lab import arena
from games.management.commands import simulate as simulate_command
from games.models import ComputerLevel, Game
from games.players.levels import LEVELS, choose_action_at_level, player_for_level
from games.tables.forms import PlayNowForm, PrivateTableForm
from games.tables.models import QueueEntry
from games.tables.services.quick_play import queue_play_now
from games.tables.services.tables import TableError, table_create

VALID_NAMES = "choose easy, normal or strong"


def test_the_models_levels_are_the_players_levels() -> None:
    assert tuple(ComputerLevel.values) == LEVELS


def test_the_players_refuse_an_unknown_level_with_the_valid_names() -> None:
    state = GameState(RuleOptions(), "unknown-level")
    view = seat_view(state, state.to_act)
    with pytest.raises(ValueError, match=f"no computer level 'hard': {VALID_NAMES}"):
        player_for_level("hard", random.Random(1))
    with pytest.raises(ValueError, match=VALID_NAMES):
        choose_action_at_level(view, RuleOptions(), "hard", 1)
    # the names are exact: a level in capitals is no level
    with pytest.raises(ValueError, match=VALID_NAMES):
        player_for_level("Strong", random.Random(1))


@pytest.mark.parametrize("form_class", [PrivateTableForm, PlayNowForm])
def test_the_forms_refuse_an_unknown_level_with_the_valid_names(form_class) -> None:
    form = form_class(data={"computer_level": "grandmaster"})
    assert not form.is_valid()
    assert form.errors["computer_level"] == [
        f"There is no computer level 'grandmaster': {VALID_NAMES}."
    ]


def test_the_private_table_forms_levels_say_what_they_mean() -> None:
    choices = dict(PrivateTableForm().fields["computer_level"].choices)
    assert list(choices) == list(LEVELS)
    for level, words in choices.items():
        # a phone's select shows about 32 letters
        assert words.lower().startswith(f"{level}: ") and len(words) <= 32


@pytest.mark.django_db
def test_the_table_services_refuse_an_unknown_level_with_the_valid_names() -> None:
    ann = User.objects.create_user("ann@example.com", None, display_name="Ann")
    with pytest.raises(TableError) as refused:
        table_create(
            creator_id=ann.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level="god"
        )
    assert refused.value.code == "invalid_level" and VALID_NAMES in str(refused.value)
    with pytest.raises(TableError) as refused:
        queue_play_now(user_id=ann.pk, computer_level="god")
    assert refused.value.code == "invalid_level" and VALID_NAMES in str(refused.value)
    assert not Game.objects.exists() and not QueueEntry.objects.exists()


@pytest.fixture
def nothing_played(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records any hand the arena or game the simulator would play: a refusal plays none."""
    played: list[str] = []
    monkeypatch.setattr(arena, "play_hand", lambda *args, **kwargs: played.append("hand"))
    monkeypatch.setattr(simulate_command, "simulate", lambda *a, **k: played.append("game"))
    return played


@pytest.mark.parametrize(
    "arguments",
    [
        ["--a", "hard", "--deals", "3"],
        ["--b", "grandmaster", "--deals", "3"],
        ["--a", "hard", "--deals", "3", "--variant", "three_handed"],
        ["--all-variants", "--a", "hard", "--deals", "3"],
    ],
)
def test_the_arena_refuses_an_unknown_player_with_the_valid_names(
    nothing_played: list[str], arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        arena.main(arguments)
    message = str(refused.value)
    assert "unknown player" in message
    assert all(name in message for name in ("baseline", *LEVELS))
    assert nothing_played == []


@pytest.mark.parametrize("option", ["--players", "--team0", "--team1"])
def test_the_simulator_refuses_an_unknown_player_with_the_valid_names(
    nothing_played: list[str], option: str
) -> None:
    with pytest.raises(CommandError) as refused:
        call_command("simulate", option, "hard", "--games", "2", stdout=io.StringIO())
    message = str(refused.value)
    assert "invalid choice: 'hard'" in message
    assert all(name in message for name in ("rule_of_thumb", *LEVELS))
    assert nothing_played == []
