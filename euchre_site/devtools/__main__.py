"""`python -m euchre_site.devtools serve|test` (normally reached through run.py)."""

from __future__ import annotations

import sys

from . import serve, test
from .cli import parse


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.command == "serve":
        return serve.serve(host=args.host, port=args.port, workers=args.workers)
    if args.command == "setup":
        test.ensure_axe()
        return 0  # the checks it serves are skipped, with the reason, when it cannot be had
    return test.run_tests(args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
