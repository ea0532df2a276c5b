"""What the lobby shows: the player's unfinished game, their place in quick play, how many wait
for each quick-play game, the private tables they were invited to, and the site's life: the
tables being played now that they may watch, and how many people are online
(`games.live.services.presence`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count
from django.db.models.functions import Lower
from django.utils import timezone

from accounts.friends.models import Friendship
from accounts.models import GoingUnder
from games.engine import RuleOptions
from games.live.services.presence import online_count
from games.models import Game, Seat
from games.rule_texts import PRESET_LABELS, QUICK_PLAY_VARIANTS, preset_seats, rules_label
from games.watch.selectors import LiveTable, live_games_to_watch, live_table_rows

from .models import PartnerInvitation, QueueEntry


@dataclass(frozen=True)
class QuickPlayGame:
    name: str  # the preset: "three_handed"
    label: str  # "Three-handed"
    seats: int
    waiting: int  # players waiting for it now


@dataclass(frozen=True)
class LobbyTable:
    game: Game
    label: str  # "Call-ace", "Standard Euchre"...
    partnerships: bool  # two team scores (the lobby shows them), or one per player


@dataclass(frozen=True)
class PartnerAsk:
    """An invitation to queue as partners, as the lobby shows it (sent or received)."""

    user_id: int  # the other player
    name: str
    game: str  # "Standard Euchre"
    people_only: bool
    answer_by: datetime


@dataclass(frozen=True)
class Partners:
    """The lobby's partners' panel: whom I may ask, whom I asked, who asked me, with whom I
    wait, and the filters I wait with."""

    friends: list[tuple[int, str]]  # (id, name), by name: the form's choices
    sent: PartnerAsk | None
    received: list[PartnerAsk]
    waiting_with: str | None  # my partner's name, while we wait together
    people_only: bool
    avoid_muted: bool

    @property
    def visible(self) -> bool:
        """Whether the panel has anything to say."""
        return bool(
            self.received or self.sent or self.waiting_with or self.people_only or self.avoid_muted
        )

    @property
    def state(self) -> str:
        """A short mark of what the panel shows: the lobby's poll reloads when it changes."""
        sent = self.sent.user_id if self.sent else ""
        received = ",".join(str(ask.user_id) for ask in self.received)
        return f"sent:{sent};received:{received};with:{self.waiting_with or ''}"


@dataclass(frozen=True)
class Lobby:
    current_game: LobbyTable | None
    # how many waiting players (me included) could share a table with me
    queue_position: int | None
    queue_going_under: str | None
    queue_variant: QuickPlayGame | None  # the game I wait for
    quick_play: list[QuickPlayGame]
    invitations: list[LobbyTable]
    live_tables: list[LiveTable]  # being played now, that I may watch
    online: int  # people seen in the last few minutes (games.live.services.presence)
    partners: Partners

    @property
    def waiting_total(self) -> int:
        return sum(game.waiting for game in self.quick_play)


def waiting_counts() -> dict[str, int]:
    """How many players wait for each quick-play game, in one query."""
    counts = dict(
        QueueEntry.objects.order_by()  # no ordering column in the GROUP BY
        .values("variant")
        .annotate(n=Count("id"))
        .values_list("variant", "n")
    )
    return {name: counts.get(name, 0) for name in QUICK_PLAY_VARIANTS}


def _table(game: Game) -> LobbyTable:
    rules = RuleOptions.from_dict(game.rules)
    return LobbyTable(game=game, label=rules_label(rules), partnerships=rules.partnerships)


def _queue_position(entry: QueueEntry) -> int:
    """Players waiting for my game who accept a going-under rule I accept, me included (the
    larger count of the two rules)."""
    same_game = QueueEntry.objects.filter(variant=entry.variant)
    return max(
        same_game.filter(going_under__in=[GoingUnder.EITHER, rule]).count()
        for rule in (GoingUnder.WITH, GoingUnder.WITHOUT)
        if entry.going_under in (GoingUnder.EITHER, rule)
    )


def lobby_for(*, user_id: int, live_tables: bool = True) -> Lobby:
    """What the lobby shows one player (a few small queries); without `live_tables` (the
    lobby's status poll, which does not show them) the tables to watch are left out."""
    seat = (
        Seat.objects.filter(user_id=user_id, in_play=True)
        .select_related("game")
        .order_by("-game_id")
        .first()
    )
    counts = waiting_counts()
    quick_play = [
        QuickPlayGame(name, PRESET_LABELS[name], preset_seats(name), counts[name])
        for name in QUICK_PLAY_VARIANTS
    ]
    entry = QueueEntry.objects.filter(user_id=user_id).select_related("partner").first()
    invited = (
        Game.objects.filter(invitations__user_id=user_id, status=Game.Status.OPEN)
        .exclude(seats__user_id=user_id)
        .select_related("created_by")
        .order_by("-created_at")
    )
    return Lobby(
        current_game=_table(seat.game) if seat else None,
        queue_position=_queue_position(entry) if entry else None,
        queue_going_under=entry.going_under if entry else None,
        queue_variant=next(
            (game for game in quick_play if entry and game.name == entry.variant), None
        ),
        quick_play=quick_play,
        invitations=[_table(game) for game in invited],
        live_tables=(
            live_table_rows(live_games_to_watch(user_id=user_id), viewer_id=user_id)
            if live_tables
            else []
        ),
        online=online_count(),
        partners=partners_for(user_id=user_id, entry=entry, with_friends=not seat and not entry),
    )


def _ask(invitation: PartnerInvitation, other_id: int, name: str) -> PartnerAsk:
    return PartnerAsk(
        user_id=other_id,
        name=name,
        game=PRESET_LABELS.get(invitation.variant, invitation.variant),
        people_only=invitation.people_only,
        answer_by=invitation.created_at + timedelta(seconds=PartnerInvitation.ANSWER_SECONDS),
    )


def partners_for(*, user_id: int, entry: QueueEntry | None, with_friends: bool) -> Partners:
    """The partners' panel (three or four small queries). Invitations past their time are left
    out (the sweeper ends them)."""
    fresh = PartnerInvitation.objects.filter(
        created_at__gte=timezone.now() - timedelta(seconds=PartnerInvitation.ANSWER_SECONDS)
    ).select_related("from_user", "to_user")
    sent = fresh.filter(from_user_id=user_id).first()
    received = fresh.filter(to_user_id=user_id).order_by("created_at", "id")
    friends = (
        list(
            Friendship.objects.filter(user_id=user_id, friend__is_active=True)
            .order_by(Lower("friend__display_name"), "friend_id")
            .values_list("friend_id", "friend__display_name")
        )
        if with_friends
        else []
    )
    partner = entry.partner if entry and entry.partner_id else None
    return Partners(
        friends=friends,
        sent=_ask(sent, sent.to_user_id, sent.to_user.display_name) if sent else None,
        received=[_ask(ask, ask.from_user_id, ask.from_user.display_name) for ask in received],
        waiting_with=partner.display_name if partner else None,
        people_only=bool(entry and entry.people_only),
        avoid_muted=bool(entry and entry.avoid_muted),
    )
