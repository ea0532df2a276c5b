"""Seat.covered: whether the computer made the seat's latest move when its time ran out, kept on
the seat by the move path instead of read from the log's tail for every frame."""

from django.db import migrations, models

# what the frames read before: the latest move of each seat among the last 12 of the log
RECENT_MOVES = 12


def covered_from_the_log(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Action = apps.get_model("games", "Action")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.filter(status="playing").only("pk", "version"):
        recent = Action.objects.filter(game=game, sequence__gte=game.version - RECENT_MOVES)
        latest: dict[int, str] = {}
        for seat, source in recent.order_by("-sequence").values_list("seat", "source"):
            latest.setdefault(seat, source)
        positions = [seat for seat, source in latest.items() if source == "timeout"]
        Seat.objects.filter(game=game, position__in=positions).update(covered=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_collusion_flag"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="covered",
            field=models.BooleanField(db_default=False, default=False),
        ),
        migrations.RunPython(covered_from_the_log, migrations.RunPython.noop),
    ]
