from tortoise import migrations
from tortoise.migrations import operations as ops


async def sqlite_after_commit(apps, schema_editor):
    """SQLite: the external-content FTS5 table kept by triggers in the writer's transaction goes;
    triggers note changes in ``search_changes`` and the indexer fills an FTS5 table that stores
    its text, built here from the messages already stored. PostgreSQL has done so since 0002."""
    from core import fulltext
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_drop(index.FTS_TABLE))
    await index.create_sqlite(client)
    await client.execute_query("UPDATE search_indexes SET detail = ? WHERE name = 'messages'", [index.SQLITE_DETAIL])


async def sqlite_in_the_writer(apps, schema_editor):
    from core import fulltext
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        return
    await index.drop(client)
    await fulltext.run_all(client, fulltext.sqlite_fts_create(index.FTS_TABLE, "messages"))
    await client.execute_query(
        "UPDATE search_indexes SET detail = 'sqlite fts5 unicode61 remove_diacritics' WHERE name = 'messages'"
    )


class Migration(migrations.Migration):
    dependencies = [("search", "0002_indexer")]

    initial = False

    operations = [ops.RunPython(sqlite_after_commit, sqlite_in_the_writer)]
