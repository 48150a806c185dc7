"""Migration 0005 over stored posts (PostgreSQL): its downgrade brings back 0004's expression
index, posts are written, edited, deleted and replied to under it, and its upgrade adds the stored
``search_words`` column computed for every one of them with its GIN in place of the expression
index. The search finds the posts written before and after, each once, by their current words
only. The functions run as the migration executor runs an atomic migration's RunPython: in a
transaction, with ``schema_editor.client`` its connection."""

import importlib
from types import SimpleNamespace

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from plugins.posts import searchindex
from tests.conftest import DATABASE_URL
from tests.plugins.posts.helpers import confirmed, post
from tests.plugins.search.helpers import found_posts
from tests.plugins.servers.helpers import ok

pytestmark = pytest.mark.skipif(
    not DATABASE_URL.startswith("postgres"),
    reason="0005 changes PostgreSQL's index only; on SQLite both ways do nothing (FTS5 stays)",
)

[OPERATION] = importlib.import_module("plugins.posts.migrations.0005_stored_search_words").Migration.operations


async def run(function) -> None:
    async with in_transaction("default") as transaction:
        await function(None, SimpleNamespace(client=transaction))


async def value(sql: str) -> object:
    [row] = await connections.get("default").execute_query_dict(sql)
    return next(iter(row.values()))


async def indexes() -> set[str]:
    rows = await connections.get("default").execute_query_dict(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'posts'"
    )
    return {row["indexname"] for row in rows}


async def words_column() -> list[dict]:
    return await connections.get("default").execute_query_dict(
        "SELECT is_generated, generation_expression FROM information_schema.columns "
        f"WHERE table_name = 'posts' AND column_name = '{searchindex.PG_COLUMN}'"
    )


@pytest.fixture
async def downgraded():
    """The index as 0004 made it; the current one is put back afterwards whatever the test did."""
    await run(OPERATION.reverse_code)
    yield
    await searchindex.store_words(connections.get("default"))


async def test_the_downgrade_restores_the_expression_index(downgraded):
    assert await words_column() == []
    assert searchindex.LEGACY_PG_INDEX in await indexes()
    assert "idx_posts_words" not in await indexes()


async def test_the_upgrade_indexes_stored_posts_once_and_what_comes_after(client, downgraded):
    author, reader = await confirmed(), await confirmed()
    kept = [await post(client, author, f"garden before {n}") for n in range(3)]
    edited = await post(client, author, "garden at noon")
    gone = await post(client, author, "garden to forget")
    await post(client, reader, "a garden reply", postId=kept[0]["id"])
    await ok(client, "PATCH", f"/api/posts/{edited['id']}", {"content": "garden at dusk"}, author.token)
    await ok(client, "DELETE", f"/api/posts/{gone['id']}", token=author.token)
    stored = await value("SELECT count(*) FROM posts")

    await run(OPERATION.code)

    [column] = await words_column()
    assert column["is_generated"] == "ALWAYS" and searchindex.PG_CONFIG in column["generation_expression"]
    assert "idx_posts_words" in await indexes()
    assert searchindex.LEGACY_PG_INDEX not in await indexes()
    assert await value("SELECT count(*) FROM posts") == stored
    assert (
        await value(
            f"SELECT count(*) FROM posts WHERE {searchindex.PG_COLUMN} IS DISTINCT FROM "
            f"to_tsvector('{searchindex.PG_CONFIG}'::regconfig, coalesce(content, ''))"
        )
        == 0
    )

    await post(client, author, "garden after")
    expected = ["a garden reply", "garden after", "garden at dusk", *(made["content"] for made in kept)]
    assert sorted(await found_posts(client, reader, "garden")) == sorted(expected)
    assert await found_posts(client, reader, "noon") == []
    assert await found_posts(client, reader, "forget") == []
    assert await found_posts(client, reader, '"garden before 1"') == ["garden before 1"]


async def test_down_and_up_again_keeps_every_post_once(client, downgraded):
    author, reader = await confirmed(), await confirmed()
    await post(client, author, "harbour one")
    await run(OPERATION.code)
    await post(client, author, "harbour two")
    assert sorted(await found_posts(client, reader, "harbour")) == ["harbour one", "harbour two"]
    await run(OPERATION.reverse_code)
    await post(client, author, "harbour three")
    await run(OPERATION.code)
    assert sorted(await found_posts(client, reader, "harbour")) == ["harbour one", "harbour three", "harbour two"]
