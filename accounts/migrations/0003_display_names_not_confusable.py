"""Display names that look like another player's are refused: each name's two confusables
skeletons (accounts.names), each unique. Existing players get theirs; where two names already
look alike, the older account keeps its name and the newer gets the first free " 2", " 3" ...
after it."""

import itertools

from django.db import migrations, models

from accounts.names import display_name_skeletons

NAME_MAX = 30


def _renamed(name: str, taken: set[str], taken_lower: set[str]) -> tuple[str, tuple[str, str]]:
    for number in itertools.count(2):
        suffix = f" {number}"
        candidate = name[: NAME_MAX - len(suffix)].rstrip() + suffix
        keys = display_name_skeletons(candidate)
        if not taken.intersection(keys) and candidate.lower() not in taken_lower:
            return candidate, keys
    raise AssertionError("not reached")


def display_name_skeletons_fill(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    players = list(
        User.objects.exclude(display_name="")
        .order_by("date_joined", "id")
        .only("id", "display_name", "display_name_skeleton", "display_name_folded_skeleton")
    )
    keys = [display_name_skeletons(player.display_name) for player in players]
    # a new name must not take a skeleton or a name another player has, before or after; a
    # skeleton and a folded one never meet (both sets in one is safe: it only refuses more)
    taken = {key for pair in keys for key in pair}
    taken_lower = {player.display_name.lower() for player in players}
    given: set[tuple[int, str]] = set()
    for player, pair in zip(players, keys, strict=True):
        if any((kind, key) in given for kind, key in enumerate(pair)):
            player.display_name, pair = _renamed(player.display_name, taken, taken_lower)
            taken.update(pair)
            taken_lower.add(player.display_name.lower())
        given.update(enumerate(pair))
        player.display_name_skeleton, player.display_name_folded_skeleton = pair
    User.objects.bulk_update(
        players,
        ["display_name", "display_name_skeleton", "display_name_folded_skeleton"],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_players_going_under_invites_blocks"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_name_skeleton",
            field=models.TextField(blank=True, db_default="", default="", editable=False),
        ),
        migrations.AddField(
            model_name="user",
            name="display_name_folded_skeleton",
            field=models.TextField(blank=True, db_default="", default="", editable=False),
        ),
        migrations.RunPython(display_name_skeletons_fill, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                condition=models.Q(("display_name_skeleton", ""), _negated=True),
                fields=("display_name_skeleton",),
                name="accounts_display_name_skeleton_unique",
                violation_error_message="This name is too close to another player's name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                condition=models.Q(("display_name_folded_skeleton", ""), _negated=True),
                fields=("display_name_folded_skeleton",),
                name="accounts_display_name_folded_skeleton_unique",
                violation_error_message="This name is too close to another player's name.",
            ),
        ),
    ]
