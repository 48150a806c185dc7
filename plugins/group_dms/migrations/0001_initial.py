from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="GroupDm",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "owner",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="owner_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "group_dms", "app": "group_dms", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="GroupMember",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "group",
                    fields.ForeignKeyField(
                        "group_dms.GroupDm",
                        source_field="group_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "user",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="user_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("joined_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("last_seen", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "group_dm_members",
                "app": "group_dms",
                "unique_together": (("group", "user"),),
                "indexes": [Index(fields=["user_id", "group_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
