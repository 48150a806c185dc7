"""Id lists written into a statement as integer literals.

A follow list of 500 users passed as bound parameters costs a Python object and a formatting
call per value in pypika (~1.5 ms of CPU a statement), and as one array parameter PostgreSQL
plans the feed for an array of unknown size (a bitmap scan of every followed user's posts, 140 ms,
instead of reading the newest posts backwards). As literals the planner sees the list. Only
integers are ever written (``int()`` of ids this server read from its own tables), so nothing a
client sends reaches the SQL text.
"""

from __future__ import annotations

from collections.abc import Iterable


def literal(ids: Iterable[int]) -> str:
    """``1,2,3`` for ``column IN (…)``; ``NULL`` (matching nothing) when there are none."""
    return ",".join([str(int(i)) for i in ids]) or "NULL"
