"""Reading a player's notifications: the header's unread count and their notifications page."""

from __future__ import annotations

from django.core.paginator import Page, Paginator

from .models import Notification

NOTIFICATIONS_PER_PAGE = 20


def notifications_unread_count(*, user_id: int) -> int:
    """One query, on the unread partial index."""
    return Notification.objects.filter(recipient_id=user_id, read_at__isnull=True).count()


def notifications_page(*, user_id: int, page_number: str | int | None) -> Page:
    """The player's notifications, newest first, a page at a time. A page number that is not
    a number gives the first page; one past the end, the last."""
    notifications = Notification.objects.filter(recipient_id=user_id).order_by("-created_at", "-id")
    return Paginator(notifications, NOTIFICATIONS_PER_PAGE).get_page(page_number)
