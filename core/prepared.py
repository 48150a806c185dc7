"""Hot-path lookups whose SQL is built once per process.

Tortoise turns a queryset into SQL through pypika on every call, and that costs more than running
the query: on this project's machine ~140 µs of CPU for a one-table lookup and ~450 µs with a
``select_related`` join, against a few tens of µs for PostgreSQL to answer. Every request resolves
its token, and every message loads its channel and the sender's membership, so those lookups are
written as ``@prepared`` builders::

    @prepared
    def session_by_token(digest: str) -> QuerySet[Session]:
        return Session.filter(token_hash=digest).select_related("user").limit(1)

    sessions = await session_by_token(digest)

The first call per database dialect builds the queryset with probe values in place of the
arguments, finds where each probe lands among the statement's parameters, and keeps the SQL.
Later calls run that SQL with the real values through Tortoise's own executor (same model
instances, same ``select_related`` objects, the current transaction's connection). Only ``int``
and non-empty ``str`` arguments are probed, since their database value is themselves; a builder
whose arguments are anything else, or whose probes a field refuses or cannot be found exactly
once among the parameters, runs unprepared.

Where even a prepared queryset costs too much (rows turned into model instances, hundreds of
ids in a list), :func:`fetch_rows` runs a hand-written statement and returns the driver's rows.

Writes that must commit together cost BEGIN, each write and COMMIT, a round trip each (and
Tortoise's transaction bookkeeping on top). :func:`write_together` sends them as one statement on
PostgreSQL (data-modifying CTEs), and :func:`insert_statement` gives the INSERT that saving a new
model instance would run, so a message and what goes with it are stored in one round trip.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from tortoise import connections
from tortoise.exceptions import DoesNotExist, MultipleObjectsReturned, ValidationError
from tortoise.models import Model
from tortoise.queryset import QuerySet
from tortoise.router import router

_INT_PROBE = 7_346_219_000_000_000_000  # below 2**63, and no flake id Hearth makes is this large


@dataclass(frozen=True)
class _Plan:
    template: QuerySet
    sql: str
    values: tuple[Any, ...]
    slots: tuple[tuple[int, int], ...]  # (parameter index, argument index)


def _probe(index: int, value: Any) -> Any:
    """A stand-in for argument ``index``: as long as the real string (so length validators pass)."""
    if type(value) is int:
        return _INT_PROBE + index
    if type(value) is str and value:
        return chr(0xE000 + index) * len(value)  # a private-use character: no real value is made of it
    return None


def _current_db(model: Any) -> Any:
    """The connection a query of ``model`` would use now (a transaction's, when inside one)."""
    return router.db_for_read(model) or model._meta.db


def _plan(build: Callable[..., QuerySet], args: tuple[Any, ...]) -> _Plan | None:
    probes = [_probe(i, value) for i, value in enumerate(args)]
    if any(p is None for p in probes):
        return None
    try:
        template = build(*probes)
        if not isinstance(template, QuerySet) or template._prefetch_map or template._prefetch_queries:
            return None
        template._db = _current_db(template.model)
        template._make_query()
        sql, values = template.query.get_parameterized_sql()
    except (ValidationError, ValueError, TypeError):  # a probe a field refuses (a small int field, say)
        return None
    slots = []
    for index, probe in enumerate(probes):
        hits = [k for k, value in enumerate(values) if type(value) is type(probe) and value == probe]
        if len(hits) != 1 or str(probe) in sql:
            return None
        slots.append((hits[0], index))
    template._db = None
    return _Plan(template, sql, tuple(values), tuple(slots))


def prepared(build: Callable[..., QuerySet]) -> Callable[..., Any]:
    """Run ``build(*args)``'s query with SQL built once per dialect (see the module docstring).
    Returns what awaiting the queryset returns: a list, or one instance / None after ``.first()``
    or ``.get_or_none()``."""
    plans: dict[tuple[str, tuple[type, ...]], _Plan | None] = {}
    model: Any = None  # the builder's model, known after its first call

    @wraps(build)
    async def run(*args: Any) -> Any:
        nonlocal model
        if model is None:
            model = build(*args).model
        db = _current_db(model)
        key = (db.capabilities.dialect, tuple(type(a) for a in args))
        if key not in plans:
            plans[key] = _plan(build, args)
        plan = plans[key]
        if plan is None:
            return await build(*args)
        values = list(plan.values)
        for value_index, arg_index in plan.slots:
            values[value_index] = args[arg_index]
        template = plan.template
        executor = db.executor_class(
            model=template.model,
            db=db,
            prefetch_map={},
            prefetch_queries={},
            select_related_idx=template._select_related_idx,
        )
        rows = await executor.execute_select(plan.sql, values, custom_fields=list(template._annotations.keys()))
        if not template._single:
            return rows
        if len(rows) > 1:
            raise MultipleObjectsReturned(template.model)
        if not rows and template._raise_does_not_exist:
            raise DoesNotExist(template.model)
        return rows[0] if rows else None

    run.plans = plans  # type: ignore[attr-defined]  # what was prepared, for tests
    return run


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


def insert_statement(instance: Model) -> Statement:
    """The INSERT that saving the new ``instance`` (its primary key set) runs: Tortoise's own
    statement and its converted values, to pass to :func:`write_together`."""
    model = type(instance)
    db = _current_db(model)
    executor = db.executor_class(model=model, db=db)
    fields_map = model._meta.fields_map
    values = [
        fields_map[column].to_db_value(getattr(instance, column), instance) for column in executor.regular_columns_all
    ]
    return executor.insert_query_all, values


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
