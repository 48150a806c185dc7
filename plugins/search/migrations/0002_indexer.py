from tortoise import fields, migrations
from tortoise.migrations import operations as ops


async def index_after_commit(apps, schema_editor):
    """PostgreSQL: the expression index on messages goes (its upkeep sat on every send); the
    documents get their tsvector column and are built from the messages already stored, in
    batches, and the triggers note every later change for the indexer. SQLite keeps FTS5."""
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    await client.execute_script(
        f"DROP INDEX IF EXISTS idx_messages_search;ALTER TABLE {index.DOCUMENTS} ADD COLUMN tsv tsvector NOT NULL;"
    )
    await index.create_documents(client)
    await client.execute_query(
        "UPDATE search_indexes SET detail = detail || ', indexed after commit' WHERE name = 'messages'"
    )


async def index_on_messages(apps, schema_editor):
    from plugins.search import index

    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    await index.stop_following(client)
    await client.execute_script(index.LEGACY_PG_INDEX)  # the two tables go with the models
    await client.execute_query(
        "UPDATE search_indexes SET detail = replace(detail, ', indexed after commit', '') WHERE name = 'messages'"
    )


class Migration(migrations.Migration):
    dependencies = [("search", "0001_initial")]

    initial = False

    operations = [
        ops.CreateModel(
            name="SearchChange",
            fields=[
                ("id", fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ("message_id", fields.BigIntField()),
            ],
            options={"table": "search_changes", "app": "search", "pk_attr": "id"},
            bases=["Model"],
        ),
        ops.CreateModel(
            name="SearchDocument",
            fields=[
                ("message_id", fields.BigIntField(generated=False, primary_key=True, unique=True, db_index=True)),
                ("channel_id", fields.BigIntField()),
                ("edited_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "search_documents", "app": "search", "pk_attr": "message_id"},
            bases=["Model"],
        ),
        ops.RunPython(index_after_commit, index_on_messages),
    ]
