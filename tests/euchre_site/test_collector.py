"""A long-running process's collector: what it loaded at startup is frozen out of later
collections, young collections are rare (games/collector.py) — in a daphne and in each forked
child of a Celery worker, where the computers search."""

from __future__ import annotations

import subprocess
import sys


def run_python(script: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.split()


def test_the_asgi_application_sets_the_servers_collector():
    script = (
        "import gc, euchre_site.asgi as app; "
        "print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)"
    )
    assert run_python(script) == ["50000", "True"]


def test_a_workers_forked_child_sets_the_collector_and_its_parent_does_not():
    # the worker_process_init handlers as Celery's prefork pool sends the signal: in the
    # parent (as a worker started inside a test's process would) and in a forked child
    script = """
import gc, os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
django.setup()
from celery.signals import worker_process_init
worker_process_init.send(sender=None)
print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)
sys.stdout.flush()
pid = os.fork()
if pid == 0:
    worker_process_init.send(sender=None)
    print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)
    sys.stdout.flush()
    os._exit(0)
os.waitpid(pid, 0)
"""
    default_young = run_python("import gc; print(gc.get_threshold()[0])")[0]
    assert run_python(script) == [default_young, "False", "50000", "True"]


def test_setting_it_twice_sets_the_same_thresholds():
    script = (
        "import gc; from games.collector import long_running_gc; "
        "long_running_gc(); first = gc.get_threshold(); long_running_gc(); "
        "print(first == gc.get_threshold(), gc.get_threshold()[:2])"
    )
    assert run_python(script) == ["True", "(50000,", "20)"]
