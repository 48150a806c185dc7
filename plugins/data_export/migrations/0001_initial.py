from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0002_session_user_agent")]

    initial = True

    operations = [
        ops.CreateModel(
            name="DataExport",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("status", fields.CharField(default="queued", max_length=16)),
                ("parts_done", fields.IntField(default=0)),
                ("parts_total", fields.IntField(default=0)),
                ("rows_done", fields.BigIntField(default=0)),
                ("attempts", fields.SmallIntField(default=0)),
                ("lease_owner", fields.CharField(null=True, max_length=64)),
                ("lease_until", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("path", fields.CharField(null=True, max_length=255)),
                ("size", fields.BigIntField(null=True)),
                ("error", fields.CharField(null=True, max_length=300)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("finished_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "data_exports",
                "app": "data_export",
                "indexes": [Index(fields=["user_id", "id"]), Index(fields=["status", "lease_until"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
