"""The month-end bench's scratch database (`rankings.bench`): made for the run, marked as the
bench's so that nothing else is ever dropped, Django set up on it, migrated, dropped at the end."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

BENCH_COMMENT = "rankings.bench scratch database"


def database_url_for(server_url: str, name: str) -> str:
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _server_connection(server_url: str):
    import psycopg

    return psycopg.connect(database_url_for(server_url, "postgres"), autocommit=True)


def bench_database_created(server_url: str, name: str) -> None:
    """Creates the dedicated database, dropping a previous one only if this bench made it."""
    from psycopg import sql

    with _server_connection(server_url) as server:
        found = server.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            [name],
        ).fetchone()
        if found is not None:
            if found[0] != BENCH_COMMENT:
                raise SystemExit(
                    f"database {name!r} exists and was not made by this bench: "
                    "choose another --bench-database"
                )
            server.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
        server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        server.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(name), sql.Literal(BENCH_COMMENT)
            )
        )


def bench_database_dropped(server_url: str, name: str) -> None:
    from django.db import connections
    from psycopg import sql

    connections.close_all()
    # FORCE: the connection pool's idle connections are not closed by close_all()
    with _server_connection(server_url) as server:
        server.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def _users_present() -> bool:
    from django.db import connection

    with connection.cursor() as cursor:
        if "accounts_user" not in connection.introspection.table_names(cursor):
            return False
        cursor.execute("SELECT EXISTS (SELECT 1 FROM accounts_user)")
        return cursor.fetchone()[0]


@contextmanager
def bench_database(args: argparse.Namespace) -> Iterator[str]:
    """Django set up on the database the bench may fill; yields its name."""
    server_url = args.database_url or os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("the bench needs PostgreSQL: set DATABASE_URL or --database-url")
    name = args.bench_database if args.fresh else urlsplit(server_url).path.lstrip("/")
    if args.fresh:
        bench_database_created(server_url, name)
    os.environ["DATABASE_URL"] = database_url_for(server_url, name)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django

    django.setup()
    try:
        if _users_present():
            raise SystemExit(
                f"database {name!r} already has users: the bench fills only an empty one "
                "(leave out --no-fresh to use a dedicated database)"
            )
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield name
    finally:
        if args.fresh and not args.keep:
            bench_database_dropped(server_url, name)


def server_version() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        return cursor.fetchone()[0]
