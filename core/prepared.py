"""The SQL helpers of hot paths: ``@prepared`` lookups, hand-written statements, writes that
commit together.

``@prepared`` builders keep a queryset's SQL once built (``core.fastpath.prepared``; with fast paths
off they simply run the queryset)::

    @prepared
    def session_by_token(digest: str) -> QuerySet[Session]:
        return Session.filter(token_hash=digest).select_related("user").limit(1)

    sessions = await session_by_token(digest)

Where even a prepared queryset costs too much (rows turned into model instances, hundreds of
ids in a list), :func:`fetch_rows` runs a hand-written statement and returns the driver's rows.

Writes that must commit together cost BEGIN, each write and COMMIT, a round trip each (and
Tortoise's transaction bookkeeping on top). :func:`write_together` sends them as one statement on
PostgreSQL (data-modifying CTEs), and :func:`insert_statement` gives the INSERT that saving a new
model instance would run (only while :func:`joins_inserts`), so a message and what goes with it
are stored in one round trip.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from tortoise import connections
from tortoise.queryset import QuerySet

from core import fastpath
from core.fastpath import prepared as fast

insert_statement = fast.insert_statement


def prepared(build: Callable[..., QuerySet]) -> Callable[..., Any]:
    """Run ``build(*args)``'s query, with SQL built once per dialect while fast paths are on.
    Returns what awaiting the queryset returns: a list, or one instance / None after ``.first()``
    or ``.get_or_none()``."""
    planned = fast.prepared(build)

    @wraps(build)
    async def run(*args: Any) -> Any:
        if fastpath.enabled():
            return await planned(*args)
        return await build(*args)

    run.plans = planned.plans  # type: ignore[attr-defined]  # what was prepared, for tests
    return run


def joins_inserts() -> bool:
    """Whether :func:`insert_statement` may be used (it reads Tortoise's executor: a fast path);
    otherwise save the instance in a :func:`core.db.transaction` as usual."""
    return fastpath.enabled()


async def fetch_rows(sql: str, values: Sequence[Any] = ()) -> list[Any]:
    """Run a statement written by hand, whose text is therefore built once, on the current
    connection (a transaction's, inside one). Placeholders are PostgreSQL's ``$1, $2…`` (a number
    may repeat); SQLite reads them as ``?1, ?2…``, so the text must hold no other ``$``. Rows are
    the driver's, read by position; values come as the driver gives them (SQLite: 0/1 for
    booleans, ISO text for timestamps, text for JSON)."""
    connection = connections.get("default")
    if connection.capabilities.dialect != "postgres":
        sql = sql.replace("$", "?")
    _, rows = await connection.execute_query(sql, list(values))
    return list(rows)


Statement = tuple[str, Sequence[Any]]
_PLACEHOLDER = re.compile(r"\$(\d+)")
_joined: dict[tuple[str, ...], str] = {}


async def write_together(statements: Sequence[Statement]) -> None:
    """Writes that stand or fall together, none reading what another writes: on PostgreSQL one
    statement of data-modifying CTEs (one round trip, atomic by itself, instead of BEGIN, each
    write and COMMIT), elsewhere a transaction. Placeholders are ``$n`` per statement, as
    :func:`fetch_rows` takes them; inside a transaction the writes join it."""
    from core.db import transaction

    connection = connections.get("default")
    if len(statements) == 1:
        await fetch_rows(*statements[0])
        return
    if connection.capabilities.dialect != "postgres":
        async with transaction():
            for sql, values in statements:
                await fetch_rows(sql, values)
        return
    texts = tuple(sql for sql, _ in statements)
    joined = _joined.get(texts)
    if joined is None:
        parts, offset = [], 0
        for sql, values in statements:
            parts.append(_PLACEHOLDER.sub(lambda m, o=offset: f"${int(m.group(1)) + o}", sql))
            offset += len(values)
        joined = _joined[texts] = (
            "WITH " + ", ".join(f"w{n} AS ({part})" for n, part in enumerate(parts[:-1])) + " " + parts[-1]
        )
    await connection.execute_query(joined, [value for _, values in statements for value in values])
