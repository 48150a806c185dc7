"""Migration 0003 over a stored history (SQLite): its downgrade brings back the first design (an
external-content FTS5 table kept by triggers in the writer), messages are sent, edited and deleted
under it, and its upgrade then builds the table that stores its text from them. Search finds what
was written before and after, each once; nothing the old design dropped comes back. The functions
run as the migration executor runs an atomic migration's RunPython: in a transaction, with
``schema_editor.client`` its connection."""

import importlib
from types import SimpleNamespace

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from core import fulltext, jobs
from plugins.search import index
from plugins.search.models import SearchIndex
from tests.conftest import DATABASE_URL
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.search.helpers import contents
from tests.plugins.servers.helpers import ok

pytestmark = pytest.mark.skipif(
    DATABASE_URL.startswith("postgres"), reason="0003 changes SQLite's index only; on PostgreSQL both ways do nothing"
)

[OPERATION] = importlib.import_module("plugins.search.migrations.0003_sqlite_after_commit").Migration.operations


async def run(function) -> None:
    async with in_transaction("default") as transaction:
        await function(None, SimpleNamespace(client=transaction))


async def rows(sql: str) -> list[tuple]:
    _, found = await connections.get("default").execute_query(sql)
    return [tuple(row) for row in found]


async def schema() -> set[tuple[str, str]]:
    return set(await rows("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger')"))


@pytest.fixture
async def downgraded(app):
    """The index as before 0003; the current one is rebuilt afterwards whatever the test did."""
    async with jobs.held("search.index"):  # only the test's flushes index (any app's of this process)
        await SearchIndex.create(
            name="messages", detail=index.SQLITE_DETAIL
        )  # migration 0001's row, cleared by the tests
        await run(OPERATION.reverse_code)
        yield
        database = connections.get("default")
        await fulltext.run_all(database, fulltext.sqlite_fts_drop(index.FTS_TABLE))
        await index.drop(database)
        await index.create_sqlite(database)


async def test_the_downgrade_restores_the_writers_index(downgraded):
    tables = await schema()
    assert {("trigger", f"{index.FTS_TABLE}_{change}") for change in ("inserted", "deleted", "edited")} <= tables
    assert not {("trigger", f"search_{change}") for change in ("inserted", "edited", "deleted")} & tables
    [(sql,)] = await rows(f"SELECT sql FROM sqlite_master WHERE name = '{index.FTS_TABLE}'")
    assert "content='messages'" in sql
    assert await rows("SELECT detail FROM search_indexes WHERE name = 'messages'") == [
        ("sqlite fts5 unicode61 remove_diacritics",)
    ]


async def test_the_upgrade_indexes_the_history_once_and_what_comes_after(client, downgraded):
    alice, bob, channel_id = await dm_pair(client)
    kept = [await sent(client, alice, channel_id, f"lantern before {n}") for n in range(3)]
    edited = await sent(client, alice, channel_id, "lantern at noon")
    gone = await sent(client, alice, channel_id, "lantern to forget")
    path = f"/api/channels/{channel_id}/messages"
    await ok(client, "PATCH", f"{path}/{edited['id']}", {"content": "lantern at dusk"}, alice.token)
    await ok(client, "DELETE", f"{path}/{gone['id']}", token=alice.token)
    assert await rows(f"SELECT count(*) FROM {index.CHANGES}") == [(0,)]  # the old design notes nothing

    await run(OPERATION.code)

    tables = await schema()
    assert {("trigger", f"search_{change}") for change in ("inserted", "edited", "deleted")} <= tables
    assert not {("trigger", f"{index.FTS_TABLE}_{change}") for change in ("inserted", "deleted", "edited")} & tables
    assert await rows("SELECT detail FROM search_indexes WHERE name = 'messages'") == [(index.SQLITE_DETAIL,)]
    stored = await rows("SELECT id, content FROM messages ORDER BY id")
    assert await rows(f"SELECT rowid, content FROM {index.FTS_TABLE} ORDER BY rowid") == stored
    assert int(gone["id"]) not in {row[0] for row in stored}

    after = await sent(client, alice, channel_id, "lantern after")
    assert await rows(f"SELECT message_id FROM {index.CHANGES}") == [(int(after["id"]),)]
    expected = ["lantern after", "lantern at dusk", *(message["content"] for message in kept)]
    assert sorted(await contents(client, bob, "lantern", scope="dms")) == sorted(expected)
    assert await contents(client, bob, "noon", scope="dms") == []
    assert await contents(client, bob, "forget", scope="dms") == []
    assert await contents(client, bob, '"lantern before 1"', scope="dms") == ["lantern before 1"]
    assert await rows(f"SELECT count(*), count(DISTINCT rowid) FROM {index.FTS_TABLE}") == [
        (len(stored) + 1, len(stored) + 1)
    ]


async def test_down_and_up_again_over_an_indexed_history_keeps_every_message_once(client, downgraded):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "harbour one")
    await run(OPERATION.code)
    await sent(client, alice, channel_id, "harbour two")
    assert sorted(await contents(client, bob, "harbour", scope="dms")) == ["harbour one", "harbour two"]
    await run(OPERATION.reverse_code)
    await sent(client, alice, channel_id, "harbour three")
    await run(OPERATION.code)
    assert sorted(await contents(client, bob, "harbour", scope="dms")) == [
        "harbour one",
        "harbour three",
        "harbour two",
    ]
    stored = await rows("SELECT id, content FROM messages ORDER BY id")
    assert await rows(f"SELECT rowid, content FROM {index.FTS_TABLE} ORDER BY rowid") == stored
