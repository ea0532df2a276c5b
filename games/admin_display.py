"""Pieces of the staff pages: times, links to other admin pages, and small tables, all with
user text escaped (format_html / format_html_join)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import localtime

from .engine.actions import action_kind
from .models import Game

# a discard and the cards given by going under or an exchange (seed 003) are seen only by
# their owner while a hand is on
PRIVATE_ACTION_KINDS = frozenset({"discard", "under", "exchange"})

# the change pages are read-only: no Save buttons, no Delete link
READ_ONLY_PAGE = {
    "show_save": False,
    "show_save_and_continue": False,
    "show_save_and_add_another": False,
    "show_delete": False,
}


def when(moment: Any) -> str:
    return date_format(localtime(moment), "Y-m-d H:i:s") if moment else "—"


def admin_link(url_name: str, pk: int, text: Any) -> SafeString:
    return format_html('<a href="{}">{}</a>', reverse(url_name, args=[pk]), text)


def player_link(user: Any) -> SafeString | str:
    return admin_link("admin:games_player_change", user.pk, user) if user else "—"


def game_link(game: Game | None) -> SafeString | str:
    return admin_link("admin:games_game_change", game.pk, f"Game {game.pk}") if game else "—"


def table(headings: list[str], rows: SafeString, empty: str) -> SafeString | str:
    if not rows:
        return empty
    head = format_html_join("", "<th>{}</th>", ((heading,) for heading in headings))
    return format_html("<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>", head, rows)


def action_for_staff(action: str, game_status: str) -> str:
    """A log entry as staff see it: the private cards of a game still playing stay hidden, as
    its seed does (a staff member who plays must not read a table's hidden cards)."""
    kind = action_kind(action)
    if kind in PRIVATE_ACTION_KINDS and game_status != Game.Status.FINISHED:
        return f"{kind}: hidden until the game is over"
    return action
