"""``@prepared``: hot-path lookups whose SQL is built once per process (a fast path: it works
from Tortoise's private ``QuerySet`` state; ``core.prepared`` is the door the code uses).

Tortoise turns a queryset into SQL through pypika on every call, and that costs more than running
the query: on this project's machine ~140 µs of CPU for a one-table lookup and ~450 µs with a
``select_related`` join, against a few tens of µs for PostgreSQL to answer. Every request resolves
its token, and every message loads its channel and the sender's membership, so those lookups are
written as ``@prepared`` builders (see ``core.prepared``).

The first call per database dialect builds the queryset with probe values in place of the
arguments, finds where each probe lands among the statement's parameters, and keeps the SQL.
Later calls run that SQL with the real values through Tortoise's own executor (same model
instances, same ``select_related`` objects, the current transaction's connection). Only ``int``
and non-empty ``str`` arguments are probed, since their database value is themselves; a builder
whose arguments are anything else, or whose probes a field refuses or cannot be found exactly
once among the parameters, runs unprepared.

:func:`insert_statement` gives the INSERT that saving a new model instance would run (from the
executor's ``insert_query_all``), so a message and what goes with it are stored in one round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

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


def insert_statement(instance: Model) -> tuple[str, list[Any]]:
    """The INSERT that saving the new ``instance`` (its primary key set) runs: Tortoise's own
    statement and its converted values, to pass to ``core.prepared.write_together``."""
    model = type(instance)
    db = _current_db(model)
    executor = db.executor_class(model=model, db=db)
    fields_map = model._meta.fields_map
    values = [
        fields_map[column].to_db_value(getattr(instance, column), instance) for column in executor.regular_columns_all
    ]
    return executor.insert_query_all, values
