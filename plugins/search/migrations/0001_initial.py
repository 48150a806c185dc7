from tortoise import fields, migrations
from tortoise.migrations import operations as ops


async def build_index(apps, schema_editor):
    from core import fulltext
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        detail = await index.create_configuration(client)
        await client.execute_script(index.LEGACY_PG_INDEX)
    else:  # the first SQLite index: external content kept by triggers (0003 replaced it)
        await fulltext.run_all(client, fulltext.sqlite_fts_create(index.FTS_TABLE, "messages"))
        detail = "sqlite fts5 unicode61 remove_diacritics"
    placeholder = "$1, $2" if client.capabilities.dialect == "postgres" else "?, ?"
    await client.execute_query(
        f"INSERT INTO search_indexes (name, detail, created_at) VALUES ({placeholder}, CURRENT_TIMESTAMP)",
        ["messages", detail],
    )


async def drop_index(apps, schema_editor):
    from core import fulltext
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_messages_search; DROP TEXT SEARCH CONFIGURATION IF EXISTS {index.PG_CONFIG};"
        )
    else:
        await fulltext.run_all(client, fulltext.sqlite_fts_drop(index.FTS_TABLE))


class Migration(migrations.Migration):
    # The index is plain SQL beside the messages table (plugins/search/index.py); built here, on
    # the messages already stored, in the migration's transaction.
    dependencies = [("messages", "0003_mention_notifications")]

    initial = True

    operations = [
        ops.CreateModel(
            name="SearchIndex",
            fields=[
                ("name", fields.CharField(primary_key=True, max_length=40)),
                ("detail", fields.CharField(max_length=200)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "search_indexes", "app": "search", "pk_attr": "name"},
            bases=["Model"],
        ),
        ops.RunPython(build_index, drop_index),
    ]
