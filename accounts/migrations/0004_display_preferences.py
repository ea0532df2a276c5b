"""Seed 003's display preferences at the table, kept per player (only those they changed)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_display_names_not_confusable"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_preferences",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
