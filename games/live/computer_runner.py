"""The runner: a thread in each Celery worker process that makes the computers' runs queued in
`games.live.services.computer_runs`, each as the computer-turn task made it (`computer_run`: one
transaction, its frames sent on commit), without a Celery task's hand-over.

A worker's pool children each run one (`euchre_site.celery`: a forked child starts it as it
starts), so that the computers search on as many cores as the pool has processes; a worker whose
pool is its own process (solo, threads) runs one beside it, stopped with it. The thread is a
daemon: killed with its process, it leaves the run it had taken to the sweeper, as a killed
worker left its task.
"""

from __future__ import annotations

import logging
import threading

import redis
from django.db import close_old_connections

from .services.computer_runs import run_take, wake_wait
from .services.play import computer_run

logger = logging.getLogger(__name__)

# the longest a runner waits without looking again: how soon it sees it is asked to stop
WAIT_SECONDS = 1.0
# Redis ends a blocked command's wait on its clock's tick (ten a second by default, its `hz`):
# a BLPOP of 5 ms waits 100, so a run was made up to 100 ms after it was due, and each BLPOP
# cost the runner about half a millisecond of CPU. A wait shorter than this is made in the
# process; a longer one stops this much short and the rest is made in the process
BLOCKING_RESOLUTION_SECONDS = 0.11
# after Redis or PostgreSQL failed: how long before trying again
RETRY_SECONDS = 1.0


class ComputerRunner:
    def __init__(self, name: str = "computer-runner") -> None:
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run_forever, name=name, daemon=True)

    def start(self) -> ComputerRunner:
        self.thread.start()
        return self

    def stop(self, timeout: float = 30.0) -> None:
        """Asks the thread to stop once its current run is stored, and waits for it."""
        self.stopping.set()
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join(timeout)

    def run_forever(self) -> None:
        while not self.stopping.is_set():
            try:
                self.run_once()
            except (redis.RedisError, OSError):
                logger.warning("computer runner: Redis unreachable, trying again", exc_info=True)
                self.stopping.wait(RETRY_SECONDS)
            except Exception:  # whatever it was, the process's runner must not end with it
                logger.exception("computer runner: trying again")
                self.stopping.wait(RETRY_SECONDS)

    def run_once(self) -> bool:
        """Makes the earliest run that is due, or waits for one. True if it made one."""
        taken = run_take()
        if taken.game_id is None or taken.version is None:
            self.wait(WAIT_SECONDS if taken.wait_seconds is None else taken.wait_seconds)
            return False
        logger.info("Computer run %s:%s taken", taken.game_id, taken.version)
        # as around a task (euchre_site.celery): a sound connection from the pool, given back
        close_old_connections()
        try:
            applied = computer_run(game_id=taken.game_id, version=taken.version)
        except Exception:
            # the run is not stored: the sweeper queues it again after its grace
            logger.exception("Computer run %s:%s failed", taken.game_id, taken.version)
            self.stopping.wait(RETRY_SECONDS)
            return False
        finally:
            close_old_connections()
        logger.info(
            "Computer run %s:%s done: %s",
            taken.game_id,
            taken.version,
            applied.version if applied else "nothing to do",
        )
        return True

    def wait(self, seconds: float) -> None:
        """Until the next run is due `seconds` from now, or an earlier one is queued (or the
        runner is asked to stop); at most WAIT_SECONDS. A short wait is not woken: a run queued
        meanwhile and due sooner waits for it, BLOCKING_RESOLUTION_SECONDS at most."""
        if seconds < BLOCKING_RESOLUTION_SECONDS:
            self.stopping.wait(seconds)
        else:
            wake_wait(min(seconds - BLOCKING_RESOLUTION_SECONDS, WAIT_SECONDS))
