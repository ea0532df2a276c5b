"""`python -m euchre_site.devtools serve|test` (normally reached through run.py)."""

from __future__ import annotations

import argparse
import sys

from . import serve, test


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="run.py", description="Run the Euchre site or its tests.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="set up and start the whole site")
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--workers", type=int, default=2, help="Celery worker processes")
    commands.add_parser("setup", help="install what the tests need beside the .venv (axe-core)")
    test_parser = commands.add_parser("test", help="run the tests on PostgreSQL and Redis")
    test_parser.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed to pytest")
    # pytest's own options (-q, -k ...) pass through untouched: argparse's REMAINDER drops
    # leading options in a subcommand, so unknown arguments of `test` are collected instead
    args, unknown = parser.parse_known_args(argv)
    if unknown and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "test":
        args.pytest_args = [*unknown, *args.pytest_args]
    if args.command == "setup":
        test.ensure_axe()
        return 0  # the checks it serves are skipped, with the reason, when it cannot be had
    if args.command == "serve":
        return serve.serve(host=args.host, port=args.port, workers=args.workers)
    return test.run_tests(args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
