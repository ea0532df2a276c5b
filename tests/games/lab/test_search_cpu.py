"""The load table's search CPU (games/lab/search_cpu.py): the computers' stored moves of a window
decided again give the same moves, and one stored differently is counted."""

from __future__ import annotations

import pytest
from django.db.models import Max

from games.lab.search_cpu import decisions_cpu
from games.models import Action, Game
from tests.games.live.test_computer_runs import person_with_computers, to_the_persons_turn
from tests.games.live.test_computers_with_the_person import persons_move

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def test_the_windows_computer_moves_are_decided_again_the_same(make_player, empty_queue):
    game, person = person_with_computers(make_player, level="easy")
    game = to_the_persons_turn(game)
    start = Action.objects.aggregate(last=Max("id"))["last"] or 0  # none yet in an empty log
    for _ in range(6):
        game = to_the_persons_turn(Game.objects.get(pk=game.pk))
        if game.status != Game.Status.PLAYING:
            break
        persons_move(game, person)
    end = Action.objects.aggregate(last=Max("id"))["last"]
    computers = Action.objects.filter(
        id__gt=start, id__lte=end, source=Action.Source.COMPUTER
    ).order_by("id")
    result = decisions_cpu(start, end)
    assert result["decisions"] == computers.count() >= 6
    assert result["mismatches"] == 0 and result["cpu_ms"] > 0
    # a move the computer would not have made is counted (the window's last: no decision
    # after it replays the log past it)
    changed = computers.last()
    Action.objects.filter(pk=changed.pk).update(action="play:XX")
    assert decisions_cpu(start, end)["mismatches"] == 1
