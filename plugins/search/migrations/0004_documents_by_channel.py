from tortoise import migrations
from tortoise.migrations import operations as ops


async def documents_by_channel(apps, schema_editor):
    """PostgreSQL: the documents by channel and id, so that the GIN's matches are narrowed to the
    searched channels before their rows are read (statement.py). SQLite has no documents."""
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await client.execute_script(index.PG_CHANNEL_INDEX)


async def drop_documents_by_channel(apps, schema_editor):
    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await client.execute_script("DROP INDEX IF EXISTS idx_search_documents_channel")


class Migration(migrations.Migration):
    dependencies = [("search", "0003_sqlite_after_commit")]

    initial = False

    operations = [ops.RunPython(documents_by_channel, drop_documents_by_channel)]
