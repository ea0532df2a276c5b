from django.urls import path

from . import views, views_organiser

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    # join tokens are token_urlsafe: any other text (a NUL) is a 404 before the database
    path("join/<slug:token>/", views.join, name="join"),
    path(
        "invitations/<int:invitation_id>/accept/",
        views.invitation_accept_view,
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        views.invitation_decline_view,
        name="invitation_decline",
    ),
    path("<int:league_id>/", views.detail, name="detail"),
    path("<int:league_id>/seasons/<int:number>/", views.season, name="season"),
    path("<int:league_id>/invite/", views.invite, name="invite"),
    path(
        "<int:league_id>/invitations/<int:invitation_id>/withdraw/",
        views.invitation_withdraw_view,
        name="invitation_withdraw",
    ),
    path(
        "<int:league_id>/members/<int:player_id>/remove/",
        views.member_remove_view,
        name="member_remove",
    ),
    path("<int:league_id>/hand-over/", views_organiser.hand_over, name="hand_over"),
    path("<int:league_id>/edit/", views_organiser.edit, name="edit"),
    path("<int:league_id>/close/", views_organiser.close, name="close"),
    path("<int:league_id>/leave/", views.leave, name="leave"),
    path("<int:league_id>/tables/open/", views.table_open, name="table_open"),
    path("<int:league_id>/tables/<int:game_id>/sit/", views.table_sit, name="table_sit"),
]
