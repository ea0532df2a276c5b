"""The site's setup steps before `serve` starts its processes: migrate, collect the static files
and load the demo data, in one process (three `manage.py` runs each loaded Django: seconds of
every start)."""

from __future__ import annotations

import os
import sys


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django
    from django.core.management import call_command

    django.setup()
    # one line rather than a line per migration: the log's first screen keeps the accounts
    call_command("migrate", interactive=False, verbosity=0)
    print("[run.py] database migrated", flush=True)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("load_demo_data")
    return 0


if __name__ == "__main__":
    sys.exit(main())
