from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("servers", "0001_initial")]

    initial = False

    operations = [
        ops.AddField(
            model_name="Server",
            name="scheduled_deletion_by",
            field=fields.ForeignKeyField(
                "core.User",
                source_field="scheduled_deletion_by_id",
                null=True,
                db_constraint=True,
                to_field="id",
                related_name=False,
                on_delete=OnDelete.SET_NULL,
            ),
        ),
    ]
