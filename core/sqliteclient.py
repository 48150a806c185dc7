"""Tortoise's SQLite client, whose connection lock is released when a transaction fails to begin
(the ``engine`` of every SQLite connection, see ``core.db.connection_config``).

Tortoise guards a process's one SQLite connection with an ``asyncio.Lock``. Entering
``in_transaction()`` takes that lock and then awaits ``BEGIN``; ``__aexit__``, which releases it,
runs only once ``__aenter__`` has returned. A task cancelled while its ``BEGIN`` is under way (a
request whose client went away, a periodic job stopped at shut-down) or a ``BEGIN`` that fails
left the lock held for ever: every later query of the process waited on it, and the server hung.
The same held for a plain query whose connection failed to open. Here both give the lock back,
after rolling back whatever the interrupted ``BEGIN`` may have started (aiosqlite runs a
connection's calls in order, so the rollback comes after it).

A transaction begins with ``BEGIN IMMEDIATE``, taking the database's write lock at once. Tortoise's
plain ``BEGIN`` took it at the first write: a transaction that read first (a limit counted, a row
held) and then wrote, while another process (``hearth serve`` with several workers) had written in
between, failed at once with "database is locked" (SQLite's busy snapshot, which waiting cannot
cure), a 500. Now the second transaction waits for the first, as it would on PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from typing import Any

from tortoise.backends.base.client import ConnectionWrapper, TransactionContext
from tortoise.backends.sqlite.client import SqliteClient, SqliteTransactionContext, SqliteTransactionWrapper
from tortoise.connection import get_connections
from tortoise.exceptions import TransactionManagementError


class _ReleasingConnectionWrapper(ConnectionWrapper):
    async def __aenter__(self) -> Any:
        await self._lock.acquire()
        try:
            await self.ensure_connection()
        except BaseException:
            self._lock.release()
            raise
        return self.connection


class _ReleasingTransactionContext(SqliteTransactionContext):
    async def __aenter__(self) -> Any:
        await self._trxlock.acquire()
        token = None
        try:
            await self.ensure_connection()
            token = get_connections().set(self.connection_name, self.connection)
            await self.connection.begin()
        except BaseException:
            try:
                with contextlib.suppress(Exception, asyncio.CancelledError):  # the first failure is raised
                    if self.connection._connection is not None:
                        await asyncio.shield(self.connection._connection.rollback())
            finally:
                if token is not None:
                    get_connections().reset(token)
                self._trxlock.release()
            raise
        self.token = token
        return self.connection


class ImmediateTransactionWrapper(SqliteTransactionWrapper):
    async def begin(self) -> None:
        try:
            await self._connection.commit()
            await self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise TransactionManagementError(error) from error


class ReleasingSqliteClient(SqliteClient):
    def acquire_connection(self) -> ConnectionWrapper:
        return _ReleasingConnectionWrapper(self._lock, self)

    def _in_transaction(self) -> TransactionContext:
        return _ReleasingTransactionContext(ImmediateTransactionWrapper(self), self._lock)


client_class = ReleasingSqliteClient
