"""PostgreSQL's indexer (plugins/search/indexer.py): a send, an edit, a delete note the message in
the writer's own transaction; the indexer writes the documents after commit, one batch at a time
across processes; a batch killed midway loses nothing; an index built over an existing history
finds it. While the indexer is held, searches miss what is new and never find a message by words
it no longer holds."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest
from tortoise import connections

from plugins.search import index
from plugins.search.indexer import _BATCH_SQL, BATCH, LOCK, flush, index_batch
from tests.conftest import DATABASE_URL
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.search.helpers import contents
from tests.plugins.servers.helpers import ok

pytestmark = pytest.mark.skipif(
    not DATABASE_URL.startswith("postgres"), reason="PostgreSQL's indexer (SQLite's: test_sqlite_indexer.py)"
)


@asynccontextmanager
async def indexer_held() -> AsyncIterator[asyncpg.Connection]:
    """Another process's batch in progress: a connection holding the indexer's lock."""
    other = await asyncpg.connect(DATABASE_URL)
    try:
        await other.execute("BEGIN")
        await other.execute("SELECT pg_advisory_xact_lock($1)", LOCK)
        yield other
    finally:
        if not other.is_closed():
            await other.close()


async def noted(connection: asyncpg.Connection) -> list[int]:
    return [row[0] for row in await connection.fetch(f"SELECT message_id FROM {index.CHANGES} ORDER BY id")]


async def documented(connection: asyncpg.Connection) -> set[int]:
    return {row[0] for row in await connection.fetch(f"SELECT message_id FROM {index.DOCUMENTS}")}


async def test_a_send_is_noted_with_the_message_and_indexed_after_commit(client):
    alice, bob, channel_id = await dm_pair(client)
    async with indexer_held() as other:
        message = await sent(client, alice, channel_id, "harbour lights")
        assert await noted(other) == [int(message["id"])]
        assert int(message["id"]) not in await documented(other)
        assert await index_batch(wait=False) is None  # a round on this process skips while another runs
        assert await contents(client, bob, "harbour", index_first=False, scope="dms") == []
    await flush()
    assert await contents(client, bob, "harbour", index_first=False, scope="dms") == ["harbour lights"]
    checker = await asyncpg.connect(DATABASE_URL)
    try:
        assert await noted(checker) == []
    finally:
        await checker.close()


async def test_a_batch_killed_midway_loses_nothing(client):
    alice, bob, channel_id = await dm_pair(client)
    async with indexer_held() as batch:
        for n in range(3):
            await sent(client, alice, channel_id, f"lantern {n}")
        assert await batch.fetchval(_BATCH_SQL, BATCH) == 3  # the notes taken, the documents written …
        batch.terminate()  # … and the process dies before COMMIT
    assert sorted(await contents(client, bob, "lantern", scope="dms")) == ["lantern 0", "lantern 1", "lantern 2"]


async def test_an_edit_not_yet_indexed_is_missed_never_found_by_its_old_words(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "meet at noon")
    await flush()
    async with indexer_held():
        path = f"/api/channels/{channel_id}/messages/{message['id']}"
        await ok(client, "PATCH", path, {"content": "meet at dusk"}, alice.token)
        assert await contents(client, bob, "noon", index_first=False, scope="dms") == []
        assert await contents(client, bob, "meet", index_first=False, scope="dms") == []
    assert await contents(client, bob, "noon", scope="dms") == []
    assert await contents(client, bob, "meet dusk", scope="dms") == ["meet at dusk"]


async def test_a_deleted_message_not_yet_indexed_is_never_found(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "secret plans")
    await flush()
    async with indexer_held() as other:
        await ok(client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=alice.token)
        assert await contents(client, bob, "plans", index_first=False, scope="dms") == []
        assert int(message["id"]) in await documented(other)
    await flush()
    checker = await asyncpg.connect(DATABASE_URL)
    try:
        assert int(message["id"]) not in await documented(checker)
    finally:
        await checker.close()


async def test_flush_reads_batch_after_batch_until_the_notes_run_out(client, monkeypatch):
    monkeypatch.setattr("plugins.search.indexer.BATCH", 2)
    alice, bob, channel_id = await dm_pair(client)
    async with indexer_held() as other:
        for n in range(5):
            await sent(client, alice, channel_id, f"tide {n}")
        assert len(await noted(other)) == 5
    assert len(await contents(client, bob, "tide", scope="dms")) == 5


async def test_an_index_built_over_an_existing_history_finds_it(client):
    alice, bob, channel_id = await dm_pair(client)
    database = connections.get("default")
    await index.stop_following(database)
    try:
        await sent(client, alice, channel_id, "written before the index")
    finally:
        await index.create_documents(database)  # as migration 0002 does over a stored history
    await sent(client, alice, channel_id, "written after the index")
    assert sorted(await contents(client, bob, "written index", scope="dms")) == [
        "written after the index",
        "written before the index",
    ]
