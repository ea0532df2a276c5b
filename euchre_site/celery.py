"""The Celery app shared by the worker, beat and the web processes that queue tasks."""

import os
from typing import Any

from celery import Celery, bootsteps
from celery.concurrency.prefork import TaskPool as PreforkPool
from celery.signals import (
    task_postrun,
    task_prerun,
    worker_process_init,
    worker_process_shutdown,
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")

app = Celery("euchre_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The project's own tasks module is not an app's, so autodiscovery does not see it.
app.conf.imports = ("euchre_site.tasks",)

# a prefork child has another pid: the connections it inherited are its parent's
_IMPORTED_IN_PID = os.getpid()


@task_prerun.connect
@task_postrun.connect
def _drop_broken_or_old_connections(**kwargs: object) -> None:
    """What Django does around every web request: the task's connection goes back to the
    process's database pool (CONN_MAX_AGE is 0), one broken by an error is dropped, so the next
    task takes a sound one without opening a new PostgreSQL connection."""
    from django.db import close_old_connections

    close_old_connections()


@worker_process_init.connect
def _give_back_this_threads_connections(**kwargs: object) -> None:
    """Connected before Celery's Django fixup, so it runs first. The fixup closes the file
    descriptors of the open connections underneath psycopg (right for a forked child, whose
    connections are its parent's) and then hands them back to the pool, where the next task
    took one whose descriptor now belonged to another socket and hung. The solo pool sends
    this signal in a process that was not forked (and tests start workers in a thread beside
    their own connection): there the connections are this process's own, and go back whole."""
    if os.getpid() != _IMPORTED_IN_PID:
        return
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        connection.close()


@worker_process_init.connect
def _keep_the_loaded_app_out_of_collections(**kwargs: object) -> None:
    """A forked child sets the collector as a daphne does (`games.collector`): the computers'
    search makes many short-lived containers, and with Python's defaults a fifth of its CPU
    went to collections that scanned the whole loaded app each time (issue 21,
    docs/benchmarks.md). Only in a forked child: a worker started in a test's process leaves
    that process's collector alone."""
    if os.getpid() == _IMPORTED_IN_PID:
        return
    from games.collector import long_running_gc

    long_running_gc()


@worker_process_init.connect
def _run_the_computers_in_this_child(**kwargs: object) -> None:
    """Each forked child of the pool makes the computers' runs in a thread of its own
    (`games.live.computer_runner`), so that they search on as many cores as the pool has processes.
    Connected after the connections' handler above: the thread takes its own."""
    if os.getpid() == _IMPORTED_IN_PID:
        return
    from games.live.computer_runner import ComputerRunner

    _child_runners.append(ComputerRunner().start())


_child_runners: list[Any] = []


@worker_process_shutdown.connect
def _finish_the_childs_run(**kwargs: object) -> None:
    """A child leaving on a warm shutdown stores the run it is making first (a run cut short
    is the sweeper's, but would wait for its grace)."""
    while _child_runners:
        _child_runners.pop().stop(timeout=10)


class ComputerRunnerStep(bootsteps.StartStopStep):
    """A worker whose pool is not forked children (solo, threads; and the tests' workers,
    started in a thread of their own process) runs one computers' runner beside it, stopped
    with it; a prefork pool's children run theirs (above)."""

    requires = {"celery.worker.components:Pool"}

    def __init__(self, worker: Any, **kwargs: Any) -> None:
        self.runner: Any = None

    def start(self, worker: Any) -> None:
        if isinstance(worker.pool, PreforkPool):
            return
        from games.live.computer_runner import ComputerRunner

        self.runner = ComputerRunner().start()

    def stop(self, worker: Any) -> None:
        if self.runner is not None:
            self.runner.stop()
            self.runner = None

    # a cold shutdown (and the tests' workers, which end by WorkerTerminate) terminates the
    # steps rather than stopping them: the runner stops either way
    terminate = stop


app.steps["worker"].add(ComputerRunnerStep)
