"""Games of every variant: a player's own score on their seat and the winning player's seat,
for the games without partners (two-handed, three-handed, call-ace), and the table a finished
game's players were invited to play again at. Existing games are all partnership games, whose
team scores stay on the game: nothing to copy."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_computer_level"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="again_of",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="played_again",
                to="games.game",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="winner_seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="score",
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("winner_seat__isnull", True), ("winner_seat__lte", 3), _connector="OR"
                ),
                name="games_winner_seat_0_to_3",
            ),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("winner_team__isnull", True), ("winner_seat__isnull", True), _connector="OR"
                ),
                name="games_one_kind_of_winner",
            ),
        ),
    ]
