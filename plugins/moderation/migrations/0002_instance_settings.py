from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("moderation", "0001_initial")]

    initial = False

    operations = [
        ops.CreateModel(
            name="InstanceSetting",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("key", fields.CharField(unique=True, max_length=64)),
                ("value", fields.TextField()),
                ("updated_at", fields.DatetimeField(auto_now=True, auto_now_add=False)),
                (
                    "updated_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="updated_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
            ],
            options={"table": "moderation_instance_settings", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
