"""Tortoise's asyncpg client with the outage rules of docs/faults.md (the ``engine`` of Hearth's
PostgreSQL connection while fast paths are on, see ``core.db.connection_config``). A fast path
because it overrides Tortoise's private ``_translate_exceptions`` and reaches ``_pool`` and a
transaction's ``_parent``; what counts as an outage is ``core.dbfaults``.

- Every failure to reach PostgreSQL or to hear back in time — refused or reset connections, a
  server shutting down or starting up, a backend terminated, a time-out — becomes
  :class:`DatabaseUnavailable`, which requests answer with 503 (``core.unavailable``).
- A read outside a transaction whose connection was lost is run again, once, on a fresh
  connection (a lost connection renews the whole pool: its other connections are likely gone too). A write is run again only when asyncpg refused it
  before sending anything; one whose connection died under it may have been applied.
- A transaction whose ``BEGIN`` meets a dead connection starts again on another one (nothing was
  done yet); once it has begun, a lost connection fails the transaction (503), and PostgreSQL rolls
  it back.
- Waiting for a pooled connection is bounded (``pool_timeout``), as are connecting (``timeout``)
  and each statement (``command_timeout``).
"""

from __future__ import annotations

from typing import Any

from tortoise.backends.asyncpg.client import AsyncpgDBClient, TransactionWrapper
from tortoise.backends.base.client import NestedTransactionContext, PoolConnectionWrapper, TransactionContextPooled
from tortoise.connection import get_connections

from core.dbfaults import DatabaseUnavailable, connection_lost, not_sent, unreachable


def _is_read(func: Any, args: tuple[Any, ...]) -> bool:
    return (
        getattr(func, "__name__", "") in ("execute_query", "execute_query_dict")
        and bool(args)
        and isinstance(args[0], str)
        and args[0].lstrip()[:6].upper() == "SELECT"
    )


class _Translating:
    """``_translate_exceptions`` wraps every ``execute_*`` (pool acquisition included)."""

    async def _translate_exceptions(self, func: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super()._translate_exceptions(func, *args, **kwargs)  # type: ignore[misc]
        except DatabaseUnavailable:
            raise
        except Exception as error:
            if not unreachable(error):
                raise
            if connection_lost(error):
                await _renew_pool(self)
            if not self._may_retry(func, args, error):
                raise DatabaseUnavailable(error) from error
        try:  # the one retry, on a fresh connection
            return await super()._translate_exceptions(func, *args, **kwargs)  # type: ignore[misc]
        except Exception as error:
            if unreachable(error):
                raise DatabaseUnavailable(error) from error
            raise

    def _may_retry(self, func: Any, args: tuple[Any, ...], error: BaseException) -> bool:
        return False  # inside a transaction: the transaction is gone with its connection


async def _renew_pool(client: Any) -> None:
    """A connection was lost: the others of the pool likely were too (a PostgreSQL restart, a
    termination storm), and asyncpg may not have noticed yet. Each is replaced on its next use."""
    while isinstance(client, TransactionWrapper):
        client = client._parent
    if client._pool is not None:
        await client._pool.expire_connections()


class _PoolConnection(PoolConnectionWrapper):
    __slots__ = ()

    async def __aenter__(self) -> Any:
        await self.ensure_connection()
        self.connection = await self.client._pool.acquire(timeout=self.client.pool_timeout)
        return self.connection


class ResilientAsyncpgClient(_Translating, AsyncpgDBClient):
    def __init__(self, *args: Any, pool_timeout: float | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.pool_timeout = pool_timeout

    def _may_retry(self, func: Any, args: tuple[Any, ...], error: BaseException) -> bool:
        return not_sent(error) or (connection_lost(error) and _is_read(func, args))

    def acquire_connection(self) -> Any:
        return _PoolConnection(self, self._pool_init_lock)

    def _in_transaction(self) -> Any:
        return _Transaction(ResilientTransaction(self), self._pool_init_lock)


class ResilientTransaction(_Translating, TransactionWrapper):
    def _in_transaction(self) -> Any:
        return NestedTransactionContext(ResilientTransaction(self))

    async def commit(self) -> None:
        try:
            await super().commit()
        except Exception as error:
            if unreachable(error):  # it may or may not have committed: the client is told 503
                self._finalized = True
                raise DatabaseUnavailable(error) from error
            raise

    async def rollback(self) -> None:
        try:
            await super().rollback()
        except Exception as error:
            if not unreachable(error):
                raise
            self._finalized = True  # the server rolls back what a lost connection left open


class _Transaction(TransactionContextPooled):
    __slots__ = ()

    async def __aenter__(self) -> Any:
        parent = self.client._parent
        for attempt in (1, 2):
            try:
                await self.ensure_connection()
                self.client._connection = await parent._pool.acquire(timeout=parent.pool_timeout)
            except Exception as error:
                if unreachable(error):
                    raise DatabaseUnavailable(error) from error
                raise
            try:
                await self.client.begin()
                break
            except DatabaseUnavailable as error:  # (the pool was renewed by the translation)
                await _release_quietly(parent, self.client._connection)
                self.client._connection = None
                if attempt == 2 or not error.lost:
                    raise
            except BaseException:
                # Cancelled (a request's client went away, a periodic job stopped) while BEGIN was
                # on its way: ``__aexit__`` will not run, so the connection goes back here, or the
                # pool loses it for good, "idle in transaction".
                await _release_quietly(parent, self.client._connection)
                self.client._connection = None
                raise
        self.token = get_connections().set(self.connection_name, self.client)
        return self.client


async def _release_quietly(client: Any, connection: Any) -> None:
    try:
        await client._pool.release(connection)  # (the pool resets it: an open transaction rolls back)
    except BaseException:
        connection.terminate()


client_class = ResilientAsyncpgClient
