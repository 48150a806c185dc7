from orjson import loads
from tortoise import fields, migrations
from tortoise.fields.data import JSON_DUMPS
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    # Posts another plugin makes for a restricted audience (forums' shared posts): the gate the
    # ``post_gates_open`` hook is asked about, and what the post links to.
    dependencies = [("posts", "0002_discover_index")]

    operations = [
        ops.AddField(model_name="Post", name="gate", field=fields.CharField(null=True, max_length=64)),
        ops.AddField(
            model_name="Post", name="share", field=fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)
        ),
    ]
