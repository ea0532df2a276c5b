"""The command line of `python3 run.py`: standard library only, so that run.py can answer
`--help` (and a mistyped command) before it creates or updates `.venv`."""

from __future__ import annotations

import argparse


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="run.py", description="Run the Euchre site or its tests.")
    commands = main.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="create .venv; install the project and axe-core")
    serve = commands.add_parser("serve", help="set up and start the whole site")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument("--workers", type=int, default=2, help="Celery worker processes (2)")
    test = commands.add_parser("test", help="run the tests on PostgreSQL and Redis")
    test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed to pytest")
    return main


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command and its options. pytest's own options (-q, -k ...) pass through untouched:
    argparse's REMAINDER drops leading options in a subcommand, so unknown arguments of `test`
    are collected instead."""
    main = parser()
    args, unknown = main.parse_known_args(argv)
    if unknown and args.command != "test":
        main.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "test":
        args.pytest_args = [*unknown, *args.pytest_args]
    return args
