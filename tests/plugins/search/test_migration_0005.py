"""Migration 0005 (SQLite): the index's vocabulary table comes and goes with it, and the last word
typed is matched through it once it is there."""

import importlib
from types import SimpleNamespace

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from plugins.search import index
from plugins.search.indexer import flush
from tests.conftest import DATABASE_URL
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.search.helpers import contents

pytestmark = pytest.mark.skipif(DATABASE_URL.startswith("postgres"), reason="0005 adds to SQLite's index only")

[OPERATION] = importlib.import_module("plugins.search.migrations.0005_sqlite_vocabulary").Migration.operations


async def run(function) -> None:
    async with in_transaction("default") as transaction:
        await function(None, SimpleNamespace(client=transaction))


async def vocabulary_exists() -> bool:
    _, rows = await connections.get("default").execute_query(
        "SELECT 1 FROM sqlite_master WHERE name = ?", [index.VOCAB]
    )
    return bool(rows)


async def test_down_drops_the_vocabulary_and_up_brings_it_back(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "lanterns at dusk")
    assert await vocabulary_exists()
    await run(OPERATION.reverse_code)
    assert not await vocabulary_exists()
    await run(OPERATION.code)
    assert await vocabulary_exists()
    await flush()
    assert await index.longer_words(connections.get("default"), "lantern") == ["lanterns"]
    assert await contents(client, bob, "dusk lantern", scope="dms") == ["lanterns at dusk"]
