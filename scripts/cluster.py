#!/usr/bin/env python3
"""Start the site as several processes on one machine: N daphne processes on consecutive ports,
Celery workers and exactly one beat, all sharing DATABASE_URL and REDIS_URL.

    DATABASE_URL=postgres://... REDIS_URL=redis://... \\
        .venv/bin/python scripts/cluster.py --daphnes 4 --first-port 8001 --workers 1

It prints the WebSocket URLs to hand to `python -m games.lab.loadgen --urls` and stops every child
on Ctrl-C (or SIGTERM); if a child dies the others are stopped too. The same processes as the
Procfile, without a process manager. Logs go to var/cluster/NAME.log.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def commands(args: argparse.Namespace) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for index in range(args.daphnes):
        port = args.first_port + index
        found[f"web{index + 1}"] = [
            str(BIN / "daphne"),
            "-b",
            args.host,
            "-p",
            str(port),
            "--websocket-max-message-size",
            "65536",
            "euchre_site.asgi:application",
        ]
    for index in range(args.workers):
        niced = ["nice", "-n", str(args.worker_nice)] if args.worker_nice else []
        found[f"worker{index + 1}"] = [
            *niced,
            str(BIN / "celery"),
            "-A",
            "euchre_site",
            "worker",
            "-n",
            f"worker{index + 1}@%h",
            "--loglevel",
            "WARNING",
            "--concurrency",
            str(args.concurrency),
        ]
    if args.beat:
        found["beat"] = [str(BIN / "celery"), "-A", "euchre_site", "beat", "--loglevel", "WARNING"]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--daphnes", type=int, default=2)
    parser.add_argument("--first-port", type=int, default=8001)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--workers", type=int, default=1, help="Celery worker processes")
    parser.add_argument("--concurrency", type=int, default=2, help="pool size of each worker")
    parser.add_argument(
        "--worker-nice",
        type=int,
        default=0,
        help="run the workers at this niceness: on a machine they share with daphne, a busy "
        "worker (computer moves) then yields the CPU to the people's own moves",
    )
    parser.add_argument("--no-beat", dest="beat", action="store_false")
    parser.add_argument("--migrate", action="store_true", help="run migrate first")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        print("set DATABASE_URL and REDIS_URL: every process must share them", file=sys.stderr)
        return 2
    logs = ROOT / "var" / "cluster"
    logs.mkdir(parents=True, exist_ok=True)
    if args.migrate:
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input"], cwd=ROOT, check=True)
    children: dict[str, subprocess.Popen[bytes]] = {}

    def on_sigterm(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    # explicitly, SIGINT too: a shell's background job inherits SIGINT ignored
    for stop_signal in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop_signal, on_sigterm)
    started = commands(args)

    def start(name: str) -> None:
        log = (logs / f"{name}.log").open("ab")
        children[name] = subprocess.Popen(
            started[name], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        print(f"started {name} pid {children[name].pid}: {' '.join(started[name][1:])}", flush=True)

    try:
        for name in started:
            start(name)
        urls = [f"ws://{args.host}:{args.first_port + i}" for i in range(args.daphnes)]
        print(f"--urls {','.join(urls)}", flush=True)
        print(f"--pids {','.join(str(p.pid) for n, p in children.items() if n.startswith('web'))}")
        while True:
            for name, process in list(children.items()):
                if process.poll() is not None:
                    # a supervisor's job, as a Procfile platform or systemd does it: e.g. a
                    # Celery worker exits ("Unrecoverable error") when kombu cannot restore
                    # its unacknowledged messages to a broker that restarted empty
                    print(f"{name} exited with {process.returncode}: restarting it", flush=True)
                    start(name)
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0
    finally:
        for process in children.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in children.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main())
