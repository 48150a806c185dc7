"""The statements Tortoise sends while a block runs, and their shape without values."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

from core.jobs import current_job


class QueryLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.queries: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if current_job.get() is None:  # a background job's round (the search indexer's) is not the block's
            self.queries.append(record.getMessage())


@contextmanager
def captured_queries() -> Iterator[list[str]]:
    """``with captured_queries() as queries:`` — every statement sent inside the block."""
    log = QueryLog()
    logger = logging.getLogger("tortoise.db_client")
    previous = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(log)
    try:
        yield log.queries
    finally:
        logger.removeHandler(log)
        logger.setLevel(previous)


def shape(queries: list[str]) -> list[str]:
    """The statements, whatever their placeholders (SQLite "?", PostgreSQL "$n") and values."""
    return sorted(re.sub(r"(\?|\$\d+)(,\s*(\?|\$\d+))*|: \[.*", "?", q) for q in queries)
