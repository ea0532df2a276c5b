"""The stored skeletons of names that hold invisible characters, computed again now that the
skeleton drops them (accounts/names.py), so that a new name is compared with what those names
look like. A row whose new skeleton another player already has keeps its old one (the unique
indexes would refuse it): `manage.py display_names_alike` lists those for staff to rename."""

from django.db import migrations
from django.db.models import Q


def skeletons_recompute(apps, schema_editor):
    from accounts.names import display_name_skeletons, invisible_characters

    User = apps.get_model("accounts", "User")
    for user in User.objects.exclude(display_name="").iterator():
        if not invisible_characters(user.display_name):
            continue
        skeleton, folded = display_name_skeletons(user.display_name)
        taken = (
            User.objects.exclude(pk=user.pk)
            .filter(Q(display_name_skeleton=skeleton) | Q(display_name_folded_skeleton=folded))
            .exists()
        )
        if not taken:
            User.objects.filter(pk=user.pk).update(
                display_name_skeleton=skeleton, display_name_folded_skeleton=folded
            )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_notifications")]

    operations = [migrations.RunPython(skeletons_recompute, migrations.RunPython.noop)]
