from tortoise import migrations
from tortoise.migrations import operations as ops


async def sqlite_vocabulary(apps, schema_editor):
    """SQLite: the FTS5 table's words (fts5vocab, no storage of its own), from which the last word
    typed is matched as the words it begins instead of a prefix (index.longer_words)."""
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        await client.execute_script(index.CREATE_VOCAB)


async def drop_sqlite_vocabulary(apps, schema_editor):
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        await client.execute_script(index.DROP_VOCAB)


class Migration(migrations.Migration):
    dependencies = [("search", "0004_documents_by_channel")]

    initial = False

    operations = [ops.RunPython(sqlite_vocabulary, drop_sqlite_vocabulary)]
