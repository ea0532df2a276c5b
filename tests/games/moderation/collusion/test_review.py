"""The collusion review on stored games: the selector replays only what the play signal needs
(in a fixed number of queries), the service flags the pair that sees each other's cards and
nobody else, recomputing is idempotent and keeps staff decisions, and decisions refuse bad
input without changing anything."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Action
from games.moderation.collusion.models import CollusionFlag
from games.moderation.collusion.selectors import finished_games_for_review
from games.moderation.collusion.services import (
    REVIEW_WINDOW_DAYS,
    CollusionDecisionRefused,
    collusion_flag_decide,
    collusion_review_run,
)
from games.moderation.collusion.signals import LEADS

from .conftest import make_player
from .stored_games import cheating_games_stored, game_stored, honest_games_stored

pytestmark = pytest.mark.django_db

WINDOW = timedelta(days=REVIEW_WINDOW_DAYS)


def test_the_pair_that_sees_each_others_cards_is_flagged_and_nobody_else(cheating_site):
    run = collusion_review_run()
    assert (run.games, run.flagged, run.new, run.cleared) == (46, 1, 1, 0)
    flag = CollusionFlag.objects.get()
    assert (flag.player_low, flag.player_high) == (cheating_site.ann, cheating_site.bob)
    assert flag.kinds == [LEADS]
    assert flag.status == CollusionFlag.Status.OPEN and flag.flagged_now
    leads = flag.evidence[LEADS]
    assert leads["flagged"] and leads["hits"] >= 1.5 * leads["expected"]
    assert flag.sample_game_ids and set(flag.sample_game_ids) <= set(
        Action.objects.filter(seat=0, game__seats__user=cheating_site.ann).values_list(
            "game_id", flat=True
        )
    )


def test_leads_the_computer_made_for_a_player_say_nothing_of_them():
    honest = [make_player() for _ in range(6)]
    ann, bob = make_player("Ann"), make_player("Bob")
    honest_games_stored(honest, 30)
    # the same peeking leads, but logged as the computer's (after timeouts)
    cheating_games_stored(ann, bob, honest, 16, source=Action.Source.TIMEOUT)
    assert collusion_review_run().flagged == 0
    assert not CollusionFlag.objects.exists()


def test_the_selector_reads_every_game_in_a_fixed_number_of_queries(cheating_site):
    since = timezone.now() - WINDOW
    with CaptureQueriesContext(connection) as few:
        games = finished_games_for_review(since=since)
    honest_games_stored(cheating_site.honest, 10, seed=2)
    with CaptureQueriesContext(connection) as more:
        assert len(finished_games_for_review(since=since)) == len(games) + 10
    # the games, the seats, one batch of action logs: however many games there are
    assert len(few.captured_queries) == len(more.captured_queries) == 3
    by_id = {game.game_id: game for game in games}
    cheat = max(by_id.values(), key=lambda game: sum(chance.hit for chance in game.leads))
    assert cheat.players[0] == cheating_site.ann.pk and not cheat.quick_play
    assert all(game.quick_play for game in games if cheating_site.ann.pk not in game.players)


def test_a_game_without_two_people_as_partners_is_not_replayed():
    ann, bob = make_player(), make_player()
    game_stored([ann, bob, None, None], seed="no-partners")
    with CaptureQueriesContext(connection) as queries:
        [game] = finished_games_for_review(since=timezone.now() - WINDOW)
    assert len(queries.captured_queries) == 2  # no action log read
    assert game.leads == () and game.players == (ann.pk, bob.pk, None, None)


def test_recomputing_is_idempotent_and_keeps_the_staff_decision(cheating_site):
    staff = make_player("Stella", is_staff=True)
    collusion_review_run()
    first = CollusionFlag.objects.get()
    collusion_flag_decide(
        staff_id=staff.pk, flag_id=first.pk, decision="dismiss", note="friends, checked chat"
    )
    later = timezone.now() + timedelta(minutes=5)
    run = collusion_review_run(now=later)
    assert (run.flagged, run.new, run.cleared) == (1, 0, 0)
    again = CollusionFlag.objects.get()
    assert again.pk == first.pk
    assert again.evidence == first.evidence and again.kinds == first.kinds
    assert again.computed_at == later
    assert again.status == CollusionFlag.Status.DISMISSED
    assert (again.staff_note, again.decided_by) == ("friends, checked chat", staff)


def test_a_pair_no_longer_flagged_keeps_its_row_and_decision(cheating_site):
    staff = make_player("Stella", is_staff=True)
    collusion_review_run()
    flag = CollusionFlag.objects.get()
    collusion_flag_decide(
        staff_id=staff.pk, flag_id=flag.pk, decision="actioned", note="both warned"
    )
    # long after: every game has left the window
    run = collusion_review_run(now=timezone.now() + WINDOW + timedelta(days=30))
    assert (run.games, run.flagged, run.cleared) == (0, 0, 1)
    flag.refresh_from_db()
    assert not flag.flagged_now
    assert (flag.status, flag.staff_note) == (CollusionFlag.Status.ACTIONED, "both warned")
    assert flag.evidence[LEADS]["flagged"]  # the last evidence found stays readable


@pytest.mark.parametrize(
    ("decision", "note", "code"),
    [
        ("ban", "", "no_such_decision"),
        ("actioned", "   ", "note_needed"),
        ("dismiss", "x" * 1001, "note_too_long"),
        ("reopen", "", "already"),
    ],
)
def test_a_bad_decision_is_refused_and_changes_nothing(cheating_site, decision, note, code):
    staff = make_player("Stella", is_staff=True)
    collusion_review_run()
    flag = CollusionFlag.objects.get()
    with pytest.raises(CollusionDecisionRefused) as refused:
        collusion_flag_decide(staff_id=staff.pk, flag_id=flag.pk, decision=decision, note=note)
    assert refused.value.code == code
    flag.refresh_from_db()
    assert (flag.status, flag.staff_note, flag.decided_by, flag.decided_at) == (
        CollusionFlag.Status.OPEN,
        "",
        None,
        None,
    )


def test_only_staff_decide_and_never_about_themselves(cheating_site):
    collusion_review_run()
    flag = CollusionFlag.objects.get()
    with pytest.raises(CollusionDecisionRefused, match="Only staff"):
        collusion_flag_decide(
            staff_id=cheating_site.honest[0].pk, flag_id=flag.pk, decision="dismiss"
        )
    ann = cheating_site.ann
    ann.is_staff = True
    ann.save(update_fields=["is_staff"])
    with pytest.raises(CollusionDecisionRefused, match="yourself"):
        collusion_flag_decide(staff_id=ann.pk, flag_id=flag.pk, decision="dismiss")
    with pytest.raises(CollusionDecisionRefused, match="no such flag"):
        collusion_flag_decide(staff_id=ann.pk, flag_id=flag.pk + 1000, decision="dismiss")
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN


def test_the_command_runs_the_review_now(cheating_site, capsys):
    call_command("collusion_review")
    assert "Read 46 finished games: 1 pair(s) flagged (1 new), 0 no longer flagged." in (
        capsys.readouterr().out
    )
    assert CollusionFlag.objects.count() == 1
