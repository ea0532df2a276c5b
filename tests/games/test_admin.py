"""The staff pages of moderation: find a report, read the chat behind it (escaped), decide
(dismiss, warn, block forever) through the services; players with their games, reports and
decisions; games with their action log; users whose access only changes through a block."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from games.engine import RuleOptions
from games.live.services.chat import chat_post
from games.live.services.play import computer_act, game_act
from games.models import Action, Game
from games.moderation.models import AbuseReport, ModerationDecision
from games.moderation.services.decisions import player_block, player_warn
from games.moderation.services.reports import report_create
from games.selectors import engine_game
from games.tables.services.tables import seat_take, table_create, table_start

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)


def make_player(name: str | None = None, **fields: Any) -> User:
    number = next(_numbers)
    name = name or f"Player{number}"
    return User.objects.create_user(
        f"{name.lower()}{number}@example.com", "a long password 1", display_name=name, **fields
    )


def started_game(*players: User) -> Game:
    game = table_create(creator_id=players[0].pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    for player in players[1:]:
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=players[0].pk)
    game.refresh_from_db()
    return game


@pytest.fixture
def admin_client(client: Client) -> Client:
    client.force_login(make_player("Boss", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def rude_report() -> AbuseReport:
    """Rita says something rude (with markup) at a table; Rex reports her."""
    rex, rita = make_player("Rex"), make_player("Rita")
    game = started_game(rex, rita)
    chat_post(game_id=game.pk, user_id=rex.pk, text="good luck all")
    chat_post(game_id=game.pk, user_id=rita.pk, text="<script>alert('x')</script> you idiot")
    return report_create(
        reporter_id=rex.pk, game_id=game.pk, seat=1, reason="abuse", details="rude & loud"
    )


def change_url(report: AbuseReport) -> str:
    return reverse("admin:games_abusereport_change", args=[report.pk])


def decide(client: Client, report: AbuseReport, decision: str, note: str = ""):
    return client.post(
        reverse("admin:games_abusereport_decide", args=[report.pk]),
        {"decision": decision, "note": note},
    )


# ---- reports --------------------------------------------------------------------------------


def test_the_report_page_shows_the_chat_escaped_with_the_reported_players_lines_marked(
    admin_client, rude_report
):
    page = admin_client.get(change_url(rude_report)).content.decode()

    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; you idiot" in page
    assert "<script>alert(" not in page
    assert "rude &amp; loud" in page
    rows = re.findall(r'<tr class="(reported-line|chat-line)"[^>]*>(.*?)</tr>', page, re.S)
    assert [(kind, "idiot" in row) for kind, row in rows] == [
        ("chat-line", False),
        ("reported-line", True),
    ]
    for label in ("Dismiss", "Warn the player", "Block forever"):
        assert f">{label}</button>" in page
    assert 'name="_save"' not in page  # read-only: decisions go through the buttons
    player_url = reverse("admin:games_player_change", args=[rude_report.reported_id])
    assert f'href="{player_url}"' in page
    assert f'href="{reverse("admin:games_game_change", args=[rude_report.game_id])}"' in page


def test_the_reports_list_is_searchable_and_filterable(admin_client, rude_report):
    other = make_player("Otto")
    game = started_game(other, make_player("Pia"))
    report_create(reporter_id=other.pk, game_id=game.pk, seat=1, reason="spam")
    url = reverse("admin:games_abusereport_changelist")

    page = admin_client.get(url)
    assert page.context["cl"].result_count == 2
    body = page.content.decode()
    for shown in (
        "Rita",
        "Rex",
        "Abusive or offensive chat",
        "Open",
        f"Game {rude_report.game_id}",
    ):
        assert shown in body

    def found(**query: str) -> list[int]:
        return [report.pk for report in admin_client.get(url, query).context["cl"].result_list]

    assert found(q="rita") == [rude_report.pk]
    assert found(q=rude_report.reporter.email) == [rude_report.pk]
    assert found(q="loud") == [rude_report.pk]  # the details
    assert found(reason__exact="spam") != [rude_report.pk]
    assert found(status__exact="dismissed") == []
    decide(admin_client, rude_report, "dismiss")
    assert found(status__exact="dismissed") == [rude_report.pk]


def test_block_forever_from_the_report_page(admin_client, rude_report):
    response = decide(admin_client, rude_report, "block", note="slurs")
    assert response.status_code == 302 and response["Location"] == change_url(rude_report)

    rita = User.objects.get(pk=rude_report.reported_id)
    assert rita.blocked_at is not None and not rita.is_active
    decision = ModerationDecision.objects.get()
    assert (decision.kind, decision.staff.display_name, decision.note) == ("block", "Boss", "slurs")
    assert decision.report_id == rude_report.pk
    page = admin_client.get(change_url(rude_report)).content.decode()
    assert "Rita is blocked" in page  # the message
    assert "Action taken" in page and "Blocked the player" in page
    assert ">Block forever</button>" not in page  # done: nothing left to decide


def test_warn_and_dismiss_from_the_report_page(admin_client, rude_report):
    decide(admin_client, rude_report, "warn", note="Be polite, please.")
    rude_report.refresh_from_db()
    assert rude_report.status == AbuseReport.Status.ACTIONED
    warning = ModerationDecision.objects.get(kind="warn")
    assert warning.player_id == rude_report.reported_id and warning.note == "Be polite, please."

    again = decide(admin_client, rude_report, "dismiss")  # a second decision on a closed report
    page = admin_client.get(again["Location"]).content.decode()
    assert "This report was already closed" in page
    assert ModerationDecision.objects.count() == 1


def test_players_and_staff_without_permission_cannot_decide(client, rude_report):
    url = reverse("admin:games_abusereport_decide", args=[rude_report.pk])
    # a visitor is sent to log in
    visitor = client.post(url, {"decision": "block"})
    assert visitor.status_code == 302
    assert visitor["Location"].startswith(reverse("admin:login"))
    # a player, even the one who reported, does not find the admin at all
    client.force_login(rude_report.reporter)
    assert client.post(url, {"decision": "block"}).status_code == 404
    assert client.get(change_url(rude_report)).status_code == 404
    # staff need the permissions: reports to dismiss or warn, players to block
    helper = make_player("Helper", is_staff=True)
    client.force_login(helper)
    assert client.post(url, {"decision": "dismiss"}).status_code == 403
    helper.user_permissions.add(
        Permission.objects.get(codename="change_abusereport"),
        Permission.objects.get(codename="view_abusereport"),
    )
    assert client.post(url, {"decision": "block"}).status_code == 403
    assert not User.objects.filter(blocked_at__isnull=False).exists()
    page = client.get(change_url(rude_report)).content.decode()
    assert ">Dismiss</button>" in page and ">Block forever</button>" not in page
    assert client.post(url, {"decision": "dismiss"}).status_code == 302
    rude_report.refresh_from_db()
    assert rude_report.status == AbuseReport.Status.DISMISSED
    assert ModerationDecision.objects.get().staff == helper


def test_the_decide_view_takes_only_posts(admin_client, rude_report):
    url = reverse("admin:games_abusereport_decide", args=[rude_report.pk])
    assert admin_client.get(url).status_code == 405


# ---- players --------------------------------------------------------------------------------


def test_the_players_list_counts_games_and_open_reports_without_a_query_per_row(
    admin_client, rude_report
):
    url = reverse("admin:games_player_changelist")
    admin_client.get(url)  # the day's first page also counts the daily visit (economy)
    with CaptureQueriesContext(connection) as few:
        admin_client.get(url)
    for _ in range(5):
        started_game(make_player(), make_player())
    with CaptureQueriesContext(connection) as many:
        page = admin_client.get(url)
    assert len(many) == len(few)

    rows = {player.display_name: player for player in page.context["cl"].result_list}
    assert rows["Rita"].games_count == 1 and rows["Rita"].open_reports_count == 1
    assert rows["Rex"].open_reports_count == 0
    assert rows["Boss"].games_count == 0


def test_the_players_list_is_searchable_and_filters_blocked_players(admin_client, rude_report):
    url = reverse("admin:games_player_changelist")
    boss = User.objects.get(display_name="Boss")
    player_block(staff_id=boss.pk, player_id=rude_report.reported_id)

    def names(**query: str) -> set[str]:
        return {p.display_name for p in admin_client.get(url, query).context["cl"].result_list}

    assert names(q="rit") == {"Rita"}
    assert names(q=rude_report.reporter.email) == {"Rex"}
    assert names(blocked="yes") == {"Rita"}
    assert names(blocked="no") == {"Rex", "Boss"}
    assert "Blocked" in admin_client.get(url, {"blocked": "yes"}).content.decode()


def test_the_player_page_shows_games_reports_decisions_and_blocks_and_unblocks(
    admin_client, rude_report
):
    rita = rude_report.reported
    boss = User.objects.get(display_name="Boss")
    player_warn(staff_id=boss.pk, player_id=rita.pk, note="first <warning>")
    url = reverse("admin:games_player_change", args=[rita.pk])

    page = admin_client.get(url).content.decode()
    assert f'href="{reverse("admin:games_game_change", args=[rude_report.game_id])}"' in page
    assert f'href="{change_url(rude_report)}"' in page
    assert "Warned the player" in page and "first &lt;warning&gt;" in page
    assert ">Block forever</button>" in page and 'name="_save"' not in page

    decide_url = reverse("admin:games_player_decide", args=[rita.pk])
    admin_client.post(decide_url, {"decision": "block", "note": "repeat offender"})
    rita.refresh_from_db()
    assert rita.blocked_at is not None
    rude_report.refresh_from_db()
    assert rude_report.status == AbuseReport.Status.ACTIONED  # open reports are answered
    page = admin_client.get(url).content.decode()
    assert ">Lift the block</button>" in page and "repeat offender" in page

    admin_client.post(decide_url, {"decision": "unblock"})
    rita.refresh_from_db()
    assert rita.is_active and rita.blocked_at is None
    kinds = list(ModerationDecision.objects.order_by("id").values_list("kind", flat=True))
    assert kinds == ["warn", "block", "unblock"]


def test_players_cannot_be_added_or_deleted_in_the_player_admin(admin_client, rude_report):
    assert admin_client.get(reverse("admin:games_player_add")).status_code == 403
    delete = reverse("admin:games_player_delete", args=[rude_report.reported_id])
    assert admin_client.get(delete).status_code == 403


# ---- games ----------------------------------------------------------------------------------


def test_the_game_page_shows_seats_the_action_log_chat_and_the_public_record(admin_client):
    ann, bob = make_player("Ann"), make_player("Bob")
    game = started_game(ann, bob)
    to_act = engine_game(game).to_act
    if to_act in (0, 1):
        game_act(
            game_id=game.pk, user_id=[ann, bob][to_act].pk, action="pass", version=game.version
        )
    else:
        computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
    chat_post(game_id=game.pk, user_id=bob.pk, text="<i>hello</i>")

    page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "Action log" in page and "Table chat" in page
    log = re.findall(r'<td class="field-move">\s*<p>(.*?)</p>', page)
    assert log and log == list(Action.objects.filter(game=game).values_list("action", flat=True))
    assert "&lt;i&gt;hello&lt;/i&gt;" in page
    assert f'href="{reverse("admin:games_player_change", args=[ann.pk])}"' in page
    assert f'href="{reverse("games:record", args=[game.pk])}"' in page
    assert 'name="_save"' not in page


def test_the_games_list_finds_games_by_number_and_player(admin_client):
    ann, bob, cy = make_player("Ann"), make_player("Bob"), make_player("Cy")
    first, second = started_game(ann, bob), started_game(cy)
    url = reverse("admin:games_game_changelist")

    def found(**query: str) -> set[int]:
        return {game.pk for game in admin_client.get(url, query).context["cl"].result_list}

    assert found(q="bob") == {first.pk}
    assert found(q=str(second.pk)) >= {second.pk}
    assert found(status__exact="playing") == {first.pk, second.pk}
    assert "Ann, Bob, Computer, Computer" in admin_client.get(url).content.decode()
    assert admin_client.get(reverse("admin:games_game_add")).status_code == 403


def test_a_live_games_seed_stays_hidden_until_it_is_over(admin_client):
    """Every hand can be dealt from the seed: staff pages show it only for a finished game."""
    game = started_game(make_player("Ann"), make_player("Bob"))
    change = reverse("admin:games_game_change", args=[game.pk])
    changelist = reverse("admin:games_game_changelist")

    page = admin_client.get(change).content.decode()
    assert "hidden until the game is over" in page
    for view in (change, changelist, reverse("admin:games_action_changelist")):
        assert game.seed not in admin_client.get(view).content.decode(), view
    assert game.pk not in {
        g.pk for g in admin_client.get(changelist, {"q": game.seed}).context["cl"].result_list
    }
    # the changelist would otherwise filter by its own fields from the URL, a character at a time
    for lookup in ("seed", "seed__startswith", "seed__regex", "seed__gt"):
        answer = admin_client.get(changelist, {lookup: game.seed[:1]})
        assert answer.status_code == 400, lookup
        assert game.seed not in answer.content.decode()

    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert game.seed in admin_client.get(change).content.decode()


def test_a_live_games_private_cards_stay_hidden_in_the_action_log(admin_client):
    """The dealer's discard (and cards given by going under) are the owner's alone while the
    game is on, as its seed is: the log shows them to staff once the game is over."""
    ann, bob = make_player("Ann"), make_player("Bob")
    game = started_game(ann, bob)
    people = {0: ann, 1: bob}
    while not Action.objects.filter(game=game, action__startswith="discard:").exists():
        game.refresh_from_db()
        engine = engine_game(game)
        if engine.to_act in people:  # the people order up as soon as they can, else pass
            legal = engine.legal_actions()
            choice = next((a for a in legal if a.startswith(("order_up", "discard:"))), legal[0])
            game_act(
                game_id=game.pk,
                user_id=people[engine.to_act].pk,
                action=choice,
                version=game.version,
            )
        else:
            computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
    discard = Action.objects.get(game=game, action__startswith="discard:").action
    change = reverse("admin:games_game_change", args=[game.pk])
    actions = reverse("admin:games_action_changelist")
    for view in (change, actions):
        page = admin_client.get(view).content.decode()
        assert "discard: hidden until the game is over" in page, view
        assert discard not in page, view
    # the list would otherwise filter by the action from the URL and count the rows
    answer = admin_client.get(actions, {"game": game.pk, "action__startswith": discard[:9]})
    assert answer.status_code == 400

    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert discard in admin_client.get(change).content.decode()


# ---- users ----------------------------------------------------------------------------------


def test_access_is_read_only_in_users_with_a_link_to_the_player_page(admin_client):
    player = make_player("Uma")
    url = reverse("admin:accounts_user_change", args=[player.pk])
    page = admin_client.get(url).content.decode()
    assert 'name="is_active"' not in page
    assert f'href="{reverse("admin:games_player_change", args=[player.pk])}"' in page

    admin_client.post(
        url, {"email": player.email, "display_name": "Uma", "is_active": "", "is_staff": ""}
    )
    player.refresh_from_db()
    assert player.is_active and player.blocked_at is None


def test_open_reports_can_be_dismissed_in_bulk_and_each_is_recorded(admin_client, rude_report):
    other = make_player("Otto")
    game = started_game(other, make_player("Pia"))
    second = report_create(reporter_id=other.pk, game_id=game.pk, seat=1, reason="spam")
    response = admin_client.post(
        reverse("admin:games_abusereport_changelist"),
        {"action": "dismiss_selected", "_selected_action": [rude_report.pk, second.pk]},
    )
    assert response.status_code == 302
    statuses = set(AbuseReport.objects.values_list("status", flat=True))
    assert statuses == {AbuseReport.Status.DISMISSED}
    decisions = ModerationDecision.objects.filter(kind="dismiss")
    assert sorted(decisions.values_list("report_id", flat=True)) == sorted(
        [rude_report.pk, second.pk]
    )
    assert {decision.staff.display_name for decision in decisions} == {"Boss"}
