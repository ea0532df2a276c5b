from django.core.management.base import BaseCommand

from accounts.demo import demo_data_load


class Command(BaseCommand):
    help = (
        "Create (or refresh) a staff account and a few players with new passwords, and print them."
    )

    def handle(self, *args: object, **options: object) -> None:
        credentials = demo_data_load()
        self.stdout.write("Demo accounts (passwords are new on every run):")
        self.stdout.write(
            f"  staff:   {credentials.staff_email}  password {credentials.staff_password}"
        )
        players = ", ".join(credentials.player_emails)
        self.stdout.write(f"  players: {players}  password {credentials.player_password}")
