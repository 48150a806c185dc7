"""Hearth's SQLite client (core/sqliteclient.py): a transaction that fails to begin, or is
cancelled while it begins, gives the connection's lock back. With Tortoise's own client the
process's every later query waited for ever (a request cancelled by its client's going away, or a
job stopped at shut-down, hung the server)."""

from __future__ import annotations

import asyncio

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from core.identity.models import User


@pytest.fixture
def sqlite() -> None:
    if connections.get("default").capabilities.dialect != "sqlite":
        pytest.skip("the client of SQLite's connection")


async def test_a_transaction_cancelled_while_it_begins_leaves_the_connection_usable(sqlite):
    async def write() -> None:
        async with in_transaction():
            await User.filter(id=-1).update(username="never")

    task = asyncio.create_task(write())
    await asyncio.sleep(0)  # the task holds the lock and waits for BEGIN on aiosqlite's thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    rows = await asyncio.wait_for(connections.get("default").execute_query_dict("SELECT 1 AS one"), 30)
    assert rows == [{"one": 1}]
    # and not left inside the interrupted BEGIN, where later writes would wait for a commit
    assert not connections.get("default")._connection.in_transaction


async def test_a_begin_that_fails_gives_the_lock_back(sqlite, monkeypatch):
    from tortoise.exceptions import TransactionManagementError

    from core.sqliteclient import ImmediateTransactionWrapper

    async def refused(self) -> None:
        await self._connection.execute("BEGIN")  # begun, then refused: what began is rolled back
        raise TransactionManagementError("database is locked")

    monkeypatch.setattr(ImmediateTransactionWrapper, "begin", refused)
    with pytest.raises(TransactionManagementError):
        async with in_transaction():
            pass
    monkeypatch.undo()
    assert not connections.get("default")._connection.in_transaction
    async with asyncio.timeout(30), in_transaction() as connection:
        assert await connection.execute_query_dict("SELECT 2 AS two") == [{"two": 2}]


async def test_a_transaction_that_reads_then_writes_waits_for_another_process_instead_of_failing(sqlite):
    """Another process (a raw connection on the same file, in a thread) writes between this
    transaction's read and its write. With a deferred BEGIN the other write went through and this
    one failed at once ("database is locked"); begun IMMEDIATE, the other waits for this commit."""
    import sqlite3
    import threading

    path = connections.get("default").filename
    await connections.get("default").execute_script("CREATE TABLE IF NOT EXISTS probe_other_writes (n INTEGER)")
    other_done = threading.Event()
    other_error: list[BaseException] = []

    def other_process_writes() -> None:
        try:
            with sqlite3.connect(path, timeout=30) as other:
                other.execute("INSERT INTO probe_other_writes VALUES (1)")
        except BaseException as error:  # reported by the test
            other_error.append(error)
        finally:
            other_done.set()

    async with asyncio.timeout(60), in_transaction() as connection:
        assert await connection.execute_query_dict("SELECT count(*) AS n FROM users") is not None
        thread = threading.Thread(target=other_process_writes)
        thread.start()
        await asyncio.sleep(0.3)  # the other write has been tried meanwhile, and is waiting
        assert not other_done.is_set()
        await User.filter(id=-1).update(username="mine")
    await asyncio.to_thread(thread.join, 30)
    assert other_done.is_set() and other_error == []
    await connections.get("default").execute_script("DROP TABLE probe_other_writes")


async def test_a_connection_that_cannot_open_gives_the_lock_back(tmp_path):
    from tortoise.exceptions import OperationalError

    from core.sqliteclient import ReleasingSqliteClient

    client = ReleasingSqliteClient(file_path=str(tmp_path / "missing" / "hearth.sqlite3"), connection_name="broken")
    for _ in range(2):  # the second waited for ever on the lock the first kept
        with pytest.raises(OperationalError, match="unable to open database file"):
            await asyncio.wait_for(client.execute_query("SELECT 1"), 30)
    assert not client._lock.locked()
