from tortoise import migrations
from tortoise.migrations import operations as ops


async def build_index(apps, schema_editor):
    from plugins.posts import searchindex

    await searchindex.create(schema_editor.client)


async def drop_index(apps, schema_editor):
    from plugins.posts import searchindex

    await searchindex.drop(schema_editor.client)


class Migration(migrations.Migration):
    # The words index the search plugin's post search reads (plugins/posts/searchindex.py): plain
    # SQL beside the posts table, built here over the posts already stored.
    dependencies = [("posts", "0003_gated_posts")]

    operations = [ops.RunPython(build_index, drop_index)]
