"""What one finished game earned one of its players, for the table's game-over summary: its
game points (seed 000), the achievements it won them, the ranks it made them reach, their rank's
progress this month and their coins now.

The rankings record a game in a task queued when the game ends (`rankings.game_finished`), so
just after the last card `recorded` is false for a moment: the page asks again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from economy.selectors import wallet_summary
from games.models import Game

from .achievements.catalogue import BY_SLUG
from .models import AchievementAward, GamePoints, PlayerRank
from .ranks import RANKS
from .selectors import player_rank, player_rank_progress


@dataclass(frozen=True)
class GameEarned:
    recorded: bool  # the rankings have recorded the game (points, ranks, achievements)
    points: int | None
    won: bool | None
    achievements: tuple[tuple[str, int], ...]  # (name, silver paid)
    ranks_reached: tuple[str, ...]  # ranks this game made the player reach, lowest first
    rank: str
    rank_progress: int  # points this month, the carry included
    next_rank: str | None
    next_rank_missing: int  # points still to win this month for the next rank
    silver: int
    gold: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "recorded": self.recorded,
            "points": self.points,
            "won": self.won,
            "achievements": [
                {"name": name, "silver": silver} for name, silver in self.achievements
            ],
            "ranks_reached": list(self.ranks_reached),
            "rank": self.rank,
            "rank_progress": self.rank_progress,
            "next_rank": self.next_rank,
            "next_rank_missing": self.next_rank_missing,
            "coins": {"silver": self.silver, "gold": self.gold},
        }


def game_earned(*, game_id: int, user_id: int) -> GameEarned | None:
    """None unless the player sat at the finished game `game_id`."""
    game = Game.objects.filter(
        pk=game_id, status=Game.Status.FINISHED, seats__user_id=user_id
    ).first()
    if game is None:
        return None
    row = GamePoints.objects.filter(game=game, player_id=user_id).first()
    awards = AchievementAward.objects.filter(game=game, player_id=user_id).order_by("id")
    names = {rank.slug: rank.name for rank in RANKS}
    reached = []
    if row is not None and game.finished_at is not None:
        reached = [
            names.get(slug, slug)
            for slug in PlayerRank.objects.filter(
                player_id=user_id, reached_at__gte=game.finished_at
            )
            .order_by("threshold")
            .values_list("rank", flat=True)
        ]
    rank = player_rank(user_id=user_id)
    progress = player_rank_progress(user_id=user_id, rank=rank)
    wallet = wallet_summary(user_id=user_id)
    return GameEarned(
        recorded=row is not None,
        points=row.points if row else None,
        won=row.won if row else None,
        achievements=tuple(
            (BY_SLUG[award.achievement].name, award.silver)
            for award in awards
            if award.achievement in BY_SLUG
        ),
        ranks_reached=tuple(reached),
        rank=rank.name,
        rank_progress=progress.progress,
        next_rank=progress.next_rank.name if progress.next_rank else None,
        next_rank_missing=progress.missing,
        silver=wallet.silver,
        gold=wallet.gold,
    )
