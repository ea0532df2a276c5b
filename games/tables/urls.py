"""The URLs of the lobby, quick play, private tables and the table page, play again, and the
rules and computer players' pages (in the `games` namespace: `games/urls.py`)."""

from django.urls import path

from . import (
    views,
    views_computer_players,
    views_lessons,
    views_play_again,
    views_rules,
    views_seat_invitations,
)

urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("rules/", views_rules.rules, name="rules"),
    path(
        "computer-players/",
        views_computer_players.computer_players,
        name="computer_players",
    ),
    path(
        "computer-players/notes/",
        views_computer_players.computer_players_notes,
        name="computer_players_notes",
    ),
    path("play/status/", views.lobby_status, name="lobby_status"),
    path("play/lesson/", views_lessons.lesson_start_view, name="lesson_start"),
    path("play/lesson/no-thanks/", views_lessons.lesson_dismiss, name="lesson_dismiss"),
    path(
        "tables/<int:game_id>/lesson/leave/", views_lessons.lesson_leave_view, name="lesson_leave"
    ),
    path("play/quick/", views.quick_play, name="quick_play"),
    path("play/quick/now/", views.quick_play_now, name="quick_play_now"),
    path("play/quick/leave/", views.quick_play_leave, name="quick_play_leave"),
    path(
        "play/quick/partner/accept/",
        views.partner_answer,
        {"answer": "accept"},
        name="partner_accept",
    ),
    path(
        "play/quick/partner/decline/",
        views.partner_answer,
        {"answer": "decline"},
        name="partner_decline",
    ),
    path("play/quick/partner-cancel/", views.partner_cancel, name="partner_cancel"),
    path("tables/new/", views.table_new, name="table_new"),
    # invite tokens are token_urlsafe: any other text (a NUL) is a 404 before the database
    path("tables/join/<slug:token>/", views.table_join, name="join"),
    path("tables/<int:game_id>/", views.table, name="table"),
    path("tables/<int:game_id>/start/", views.table_start_view, name="start"),
    path("tables/<int:game_id>/leave/", views.table_leave, name="leave"),
    path("tables/<int:game_id>/cancel/", views.table_cancel, name="cancel"),
    path("tables/<int:game_id>/invite/", views.table_invite, name="invite"),
    path(
        "tables/<int:game_id>/invite-friend/",
        views_seat_invitations.seat_invite_view,
        name="seat_invite",
    ),
    path(
        "tables/seat-invitations/<int:invitation_id>/",
        views_seat_invitations.seat_invitation,
        name="seat_invitation",
    ),
    path(
        "tables/seat-invitations/<int:invitation_id>/accept/",
        views_seat_invitations.seat_invitation_answer,
        {"answer": "accept"},
        name="seat_invitation_accept",
    ),
    path(
        "tables/seat-invitations/<int:invitation_id>/decline/",
        views_seat_invitations.seat_invitation_answer,
        {"answer": "decline"},
        name="seat_invitation_decline",
    ),
    path("tables/<int:game_id>/play-again/", views_play_again.play_again_view, name="play_again"),
]
