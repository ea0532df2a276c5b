"""Going-under choice with three values, invitation codes, blocks, referrals, unique names."""

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

import accounts.models


def going_under_from_flag(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    User.objects.filter(prefers_going_under=True).update(going_under="with")
    User.objects.filter(prefers_going_under=False).update(going_under="without")


def give_invite_codes(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.filter(invite_code__isnull=True).only("pk"):
        user.invite_code = accounts.models.new_invite_code()
        user.save(update_fields=["invite_code"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="going_under",
            field=models.CharField(
                choices=[
                    ("either", "Either: with or without going under"),
                    ("with", "Only tables with going under"),
                    ("without", "Only tables without going under"),
                ],
                default="either",
                help_text="Quick play seats you only at tables whose going-under rule you accept.",
                max_length=7,
                verbose_name="going under",
            ),
        ),
        migrations.RunPython(going_under_from_flag, migrations.RunPython.noop),
        migrations.RemoveField(model_name="user", name="prefers_going_under"),
        migrations.AddField(
            model_name="user",
            name="invite_code",
            field=models.CharField(max_length=16, null=True),
        ),
        migrations.RunPython(give_invite_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="invite_code",
            field=models.CharField(
                default=accounts.models.new_invite_code, max_length=16, unique=True
            ),
        ),
        migrations.AddField(
            model_name="user",
            name="blocked_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("display_name"),
                condition=models.Q(("display_name", ""), _negated=True),
                name="accounts_display_name_unique_ignoring_case",
                violation_error_message="That display name is taken.",
            ),
        ),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("blocked_at__isnull", True), ("is_active", False), _connector="OR"
                ),
                name="accounts_blocked_player_is_inactive",
            ),
        ),
        migrations.CreateModel(
            name="Referral",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("qualified_at", models.DateTimeField(blank=True, null=True)),
                (
                    "invited",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="referred_by",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "inviter",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="referrals",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("inviter", models.F("invited")), _negated=True),
                        name="accounts_referral_not_self",
                    )
                ],
            },
        ),
    ]
