"""A player's games page: each points row knows its game's variant (filled in for the rows
already there), and the history index ends with the game, the page's tie-breaker."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_queue_variant"),
        ("rankings", "0005_drop_redundant_month_player_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="gamepoints",
            name="gamepoints_player_finished",
        ),
        migrations.AddField(
            model_name="gamepoints",
            name="variant",
            field=models.CharField(default="euchre", max_length=20),
        ),
        migrations.RunSQL(
            sql="""
                UPDATE rankings_gamepoints AS points
                SET variant = COALESCE(game.rules ->> 'variant', 'euchre')
                FROM games_game AS game
                WHERE game.id = points.game_id
                  AND points.variant <> COALESCE(game.rules ->> 'variant', 'euchre')
            """,
            reverse_sql=migrations.RunSQL.noop,
        ),
        migrations.AddIndex(
            model_name="gamepoints",
            index=models.Index(
                fields=["player", "finished_at", "game"], name="gamepoints_player_history"
            ),
        ),
        migrations.AddIndex(
            model_name="gamepoints",
            index=models.Index(
                fields=["player", "variant", "finished_at", "game"],
                name="gamepoints_player_variant",
            ),
        ),
    ]
