"""What counts as PostgreSQL being unavailable (docs/faults.md), apart from the client that applies
the rules (``core.fastpath.pgclient``), so the 503 handler and the gateway need no driver internals."""

from __future__ import annotations

import asyncio
import re

from asyncpg import exceptions as pg
from tortoise.exceptions import DBConnectionError

# The connection is gone (the statement may or may not have run).
_LOST = (pg.PostgresConnectionError, pg.AdminShutdownError, pg.CrashShutdownError, ConnectionError)
# PostgreSQL could not be reached or did not answer in time.
_UNREACHABLE = (
    *_LOST,
    OSError,
    asyncio.TimeoutError,
    pg.CannotConnectNowError,
    pg.TooManyConnectionsError,
    pg.QueryCanceledError,
    DBConnectionError,
)


class DatabaseUnavailable(Exception):
    """PostgreSQL could not be reached, went away mid-statement, or was too slow."""

    def __init__(self, cause: BaseException):
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.lost = connection_lost(cause)
        self.unsent = not_sent(cause)


# A backend terminated while its connection sat in the pool sends its FATAL error first and closes
# after: a statement started in between fails in asyncpg before anything is sent ("another
# operation (2) is in progress": the connection is consuming that error), or finds it closed.
_UNSENT = re.compile(r"connection is closed|another operation \([12]\) is in progress")


def not_sent(error: BaseException) -> bool:
    """The statement never left: it may run again on another connection, even a write."""
    if isinstance(error, DatabaseUnavailable):
        return error.unsent
    return isinstance(error, (pg.InterfaceError, pg.InternalClientError)) and bool(_UNSENT.search(str(error)))


def connection_lost(error: BaseException) -> bool:
    if isinstance(error, DatabaseUnavailable):
        return error.lost
    return isinstance(error, _LOST) or not_sent(error)


def unreachable(error: BaseException) -> bool:
    return isinstance(error, _UNREACHABLE) or connection_lost(error)
