from tortoise import migrations
from tortoise.migrations import operations as ops


async def store_words(apps, schema_editor):
    """PostgreSQL: the words index becomes a stored generated column with its GIN
    (plugins/posts/searchindex.py); SQLite keeps its FTS5 table."""
    from plugins.posts import searchindex

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await searchindex.store_words(client)


async def index_the_expression(apps, schema_editor):
    from plugins.posts import searchindex

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_posts_words; ALTER TABLE posts DROP COLUMN IF EXISTS {searchindex.PG_COLUMN};"
            f"CREATE INDEX {searchindex.LEGACY_PG_INDEX} ON posts USING gin "
            f"(to_tsvector('{searchindex.PG_CONFIG}'::regconfig, coalesce(content, '')));"
        )


class Migration(migrations.Migration):
    dependencies = [("posts", "0004_search_index")]

    operations = [ops.RunPython(store_words, index_the_expression)]
