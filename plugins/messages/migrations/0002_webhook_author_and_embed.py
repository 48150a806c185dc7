import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0001_initial")]

    initial = False

    operations = [
        ops.AddField(
            model_name="Message",
            name="webhook_id",
            field=fields.BigIntField(null=True),
        ),
        ops.AddField(
            model_name="Message",
            name="creator_override",
            field=fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads),
        ),
        ops.AddField(
            model_name="Message",
            name="embed",
            field=fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads),
        ),
    ]
