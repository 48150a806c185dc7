from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("servers", "0002_scheduled_deletion_by")]

    initial = False

    operations = [
        ops.AddField(model_name="Server", name="default_ping_mode", field=fields.SmallIntField(default=0)),
    ]
