"""SQLite's index after commit (plugins/search/indexer.py): a send, an edit, a delete note the
message in the writer's transaction; the FTS5 table is written by the indexer's batches; a batch
that fails midway loses nothing. While nothing is indexed, the wider search misses what is new and
never finds a message by words it no longer holds, and the reference's one-channel route still
gives its scan's answer, reading the not-yet-indexed tail. The background rounds are stopped in
each test, so what is indexed is what the test flushed."""

import asyncio
from urllib.parse import urlencode

import pytest
from tortoise import connections

from core import jobs
from plugins.search import index, indexer, statement
from plugins.search.indexer import flush, index_batch
from tests.conftest import DATABASE_URL
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.search.helpers import contents
from tests.plugins.search.test_reference_route import ascii_upper
from tests.plugins.servers.helpers import ok
from tests.support import call

pytestmark = pytest.mark.skipif(DATABASE_URL.startswith("postgres"), reason="SQLite's FTS5 table")


@pytest.fixture
async def held(app):
    """No background round, of this app or of another in this process (a browser test's server
    on the same database): only the test's flushes index."""
    async with jobs.held("search.index"):
        yield


async def noted() -> list[int]:
    _, rows = await connections.get("default").execute_query(f"SELECT message_id FROM {index.CHANGES} ORDER BY id")
    return [row[0] for row in rows]


async def indexed() -> dict[int, str]:
    _, rows = await connections.get("default").execute_query(f"SELECT rowid, content FROM {index.FTS_TABLE}")
    return {row[0]: row[1] for row in rows}


async def test_a_send_is_noted_with_the_message_and_indexed_by_a_batch(client, held):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "harbour lights")
    assert await noted() == [int(message["id"])]
    assert int(message["id"]) not in await indexed()
    assert await contents(client, bob, "harbour", index_first=False, scope="dms") == []
    assert await index_batch(wait=False) == 1
    assert await noted() == []
    assert (await indexed())[int(message["id"])] == "harbour lights"
    assert await contents(client, bob, "harbour", index_first=False, scope="dms") == ["harbour lights"]


async def test_an_edit_not_yet_indexed_is_missed_never_found_by_its_old_words(client, held):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "meet at noon")
    await flush()
    await ok(
        client,
        "PATCH",
        f"/api/channels/{channel_id}/messages/{message['id']}",
        {"content": "meet at dusk"},
        alice.token,
    )
    assert await noted() == [int(message["id"])]
    assert await contents(client, bob, "noon", index_first=False, scope="dms") == []
    assert await contents(client, bob, "meet", index_first=False, scope="dms") == []
    assert await contents(client, bob, "meet -noon", index_first=False, scope="dms") == []
    await flush()
    assert await contents(client, bob, "noon", index_first=False, scope="dms") == []
    assert await contents(client, bob, "meet dusk", index_first=False, scope="dms") == ["meet at dusk"]


async def test_a_deleted_message_is_never_found_and_leaves_the_table(client, held):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "secret plans")
    await flush()
    await ok(client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=alice.token)
    assert int(message["id"]) in await indexed()
    assert await contents(client, bob, "plans", index_first=False, scope="dms") == []
    await flush()
    assert int(message["id"]) not in await indexed()


async def test_a_batch_that_fails_midway_loses_nothing(client, held, monkeypatch):
    alice, bob, channel_id = await dm_pair(client)
    for n in range(3):
        await sent(client, alice, channel_id, f"lantern {n}")
    monkeypatch.setattr(indexer, "_SQLITE_WRITE", "INSERT INTO no_such_table VALUES (?)")
    with pytest.raises(Exception, match="no_such_table"):
        await index_batch(wait=False)
    assert len(await noted()) == 3
    monkeypatch.undo()
    assert sorted(await contents(client, bob, "lantern", scope="dms")) == ["lantern 0", "lantern 1", "lantern 2"]


async def test_flush_reads_batch_after_batch_until_the_notes_run_out(client, held, monkeypatch):
    monkeypatch.setattr(indexer, "BATCH", 2)
    alice, bob, channel_id = await dm_pair(client)
    for n in range(5):
        await sent(client, alice, channel_id, f"tide {n}")
    assert len(await noted()) == 5
    assert len(await contents(client, bob, "tide", scope="dms")) == 5
    assert await noted() == []


async def test_an_index_built_over_an_existing_history_finds_it(client, held):
    alice, bob, channel_id = await dm_pair(client)
    database = connections.get("default")
    await index.drop(database)
    try:
        await sent(client, alice, channel_id, "written before the index")
    finally:
        await index.create(database)  # as migration 0003 does over a stored history
    await sent(client, alice, channel_id, "written after the index")
    assert sorted(await contents(client, bob, "written index", scope="dms")) == [
        "written after the index",
        "written before the index",
    ]


async def test_the_reference_route_reads_the_tail_not_yet_indexed(client, held):
    alice, bob, channel_id = await dm_pair(client)
    kept = await sent(client, alice, channel_id, "the big red dog")
    edited = await sent(client, alice, channel_id, "a small grey cat")
    gone = await sent(client, alice, channel_id, "big red doghouse")
    await sent(client, alice, channel_id, "big red fox")
    await flush()
    path = f"/api/channels/{channel_id}/messages"
    await ok(client, "PATCH", f"{path}/{edited['id']}", {"content": "a BIG RED DOG now"}, alice.token)
    await ok(client, "PATCH", f"{path}/{kept['id']}", {"content": "the big red dog, still"}, alice.token)
    await ok(client, "DELETE", f"{path}/{gone['id']}", token=alice.token)
    await sent(client, alice, channel_id, "xbig red dogs")
    await sent(client, alice, channel_id, "big red cat")
    assert len(await noted()) == 5
    texts = ["the big red dog, still", "a BIG RED DOG now", "big red fox", "xbig red dogs", "big red cat"]
    for query in ("big red dog", "red d", "big red ", "g red dog"):
        status, page = await call(client, "GET", f"{path}/search?{urlencode({'query': query})}", token=bob.token)
        assert status == 200, page
        expected = [text for text in texts if ascii_upper(query.strip()) in ascii_upper(text)]
        assert sorted(m["content"] for m in page) == sorted(expected), query


async def test_the_background_round_indexes_without_a_flush(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "a lighthouse at dusk")
    deadline = asyncio.get_running_loop().time() + 60
    while await noted() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)  # the server process's own round, every INTERVAL_SECONDS
    assert await noted() == []
    assert await contents(client, bob, "lighthouse", index_first=False, scope="dms") == ["a lighthouse at dusk"]


async def test_the_last_word_typed_stands_for_the_indexed_words_it_begins_when_they_are_few(client, held):
    # (words of this test only: the table keeps what earlier tests indexed)
    alice, _, channel_id = await dm_pair(client)
    for text in ("xylo", "xylophone day", "xylophones", "xyla", "axylo"):
        await sent(client, alice, channel_id, text)
    await flush()
    database = connections.get("default")
    assert await index.longer_words(database, "xylo") == ["xylophone", "xylophones"]
    assert await index.longer_words(database, "xylophones") == []
    assert await index.longer_words(database, "xylø") is None  # folded by FTS5 its own way: the prefix
    for n in range(index.EXPANDED - 2):
        await sent(client, alice, channel_id, f"xylo{n:02d}")
    await flush()
    assert len(await index.longer_words(database, "xylo")) == index.EXPANDED
    await sent(client, alice, channel_id, "xylology")
    await flush()
    assert await index.longer_words(database, "xylo") is None  # too many: the prefix


async def test_a_search_matches_the_last_word_typed_as_the_words_it_begins(client, held, monkeypatch):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "a quokkas day")
    matched = []
    build = statement.fts_match
    monkeypatch.setattr(statement, "fts_match", lambda *args: matched.append(build(*args)) or matched[-1])
    assert await contents(client, bob, "day quokka", scope="dms") == ["a quokkas day"]
    assert await contents(client, bob, "day quokkas ", scope="dms") == ["a quokkas day"]
    assert matched == ['"day" AND ("quokka" OR "quokkas")', '"day" AND "quokkas"']
