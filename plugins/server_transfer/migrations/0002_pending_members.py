from orjson import loads
from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.fields.data import JSON_DUMPS
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_initial"),
        ("server_transfer", "0001_initial"),
        ("servers", "0001_initial"),
        ("servers", "0002_scheduled_deletion_by"),
    ]

    initial = False

    operations = [
        ops.CreateModel(
            name="PendingMember",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "server",
                    fields.ForeignKeyField(
                        "servers.Server",
                        source_field="server_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("placeholder_id", fields.BigIntField()),
                ("role_ids", fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
            ],
            options={
                "table": "server_transfer_pending_members",
                "app": "server_transfer",
                "unique_together": (("server", "placeholder_id"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
