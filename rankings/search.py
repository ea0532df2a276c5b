"""Finding players by name in the rankings: the rows of a monthly table, or of the twelve-month
ranking, whose display name contains the search, each with its place among everyone.

The place is the table's, not the result's: the name filter applies after the window that
numbers the rows, so the monthly search wraps the ranked query (as `month_table_position` does).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from django.db import connection

from .selectors import TablePage, overall_ranking
from .services.month_close import AWARDED_PLACES
from .tables import AVERAGE, TOTAL, month_table

MAX_SEARCH_LENGTH = 50
_UNSEARCHABLE = re.compile("[\x00\ud800-\udfff]")
# Everyone in the twelve-month ranking won a top-50 place in a monthly table: at most this many
OVERALL_PLAYERS_AT_MOST = AWARDED_PLACES * len((TOTAL, AVERAGE)) * 12


def search_text(raw: str | None) -> str:
    """The search as typed, trimmed and cut to MAX_SEARCH_LENGTH characters, without the
    characters no name holds and PostgreSQL cannot take (NUL, lone surrogates)."""
    text = _UNSEARCHABLE.sub("", raw or "")
    return text.strip()[:MAX_SEARCH_LENGTH].strip()


def _like_pattern(text: str) -> str:
    """`text` anywhere in a string, with LIKE's wildcards taken literally ("100%" is no joker)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def month_table_search(
    *, table: str, month: date, search: str, page: int = 1, per_page: int = 50
) -> TablePage:
    """One page of the monthly table's rows whose player's display name contains `search`
    (ignoring case), best first; `players` counts the rows found, `position` is the table's."""
    sql, params = month_table(table=table, month=month).query.sql_with_params()
    # UPPER ... LIKE rather than ILIKE: Django's own icontains, and SQLite (a local serve) has it
    found = f"FROM ({sql}) AS ranked WHERE UPPER(ranked.name) LIKE UPPER(%s) ESCAPE '\\'"
    params = [*params, _like_pattern(search)]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) {found}", params)
        players = cursor.fetchone()[0]
        pages = max(1, -(-players // per_page))
        page = min(max(1, page), pages)
        cursor.execute(
            f"SELECT * {found} ORDER BY ranked.position LIMIT %s OFFSET %s",
            [*params, per_page, (page - 1) * per_page],
        )
        columns = [column[0] for column in cursor.description]
        rows = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    return TablePage(rows=rows, page=page, pages=pages, players=players)


def overall_ranking_search(*, search: str, now: datetime | None = None) -> list[dict]:
    """The twelve-month ranking's rows whose display name contains `search` (ignoring case),
    best first, each with its `position` in the whole ranking. The ranking is small (see
    OVERALL_PLAYERS_AT_MOST), so it is read whole and filtered here."""
    wanted = search.casefold()
    everyone = overall_ranking(now=now, limit=OVERALL_PLAYERS_AT_MOST)
    return [
        {**row, "position": position}
        for position, row in enumerate(everyone, start=1)
        if wanted in (row["name"] or "").casefold()
    ]
