from django.urls import path

from . import views_notifications

app_name = "notifications"

urlpatterns = [
    path("", views_notifications.notification_list, name="list"),
    path("read/", views_notifications.notifications_read_all, name="read_all"),
]
