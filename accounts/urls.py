from django.urls import path

from . import views, views_invite

app_name = "accounts"

urlpatterns = [
    # invite codes are token_urlsafe: any other text (a NUL) is a 404 before the database
    path("invite/<slug:code>/", views_invite.invite, name="invite"),
    path("settings/", views.account_settings, name="settings"),
    path("settings/emails/", views.notification_emails_save, name="notification_emails"),
    path("settings/display/", views.display_preferences_save, name="display_preferences"),
    path("settings/privacy/", views.privacy_settings_save, name="privacy_settings"),
]
