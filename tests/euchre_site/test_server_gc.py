"""A daphne's collector: what it loaded at startup is frozen out of later collections, young
collections are rare (euchre_site/server_gc.py)."""

from __future__ import annotations

import subprocess
import sys


def test_the_asgi_application_sets_the_servers_collector():
    script = (
        "import gc, euchre_site.asgi as app; "
        "print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.split() == ["50000", "True"]
