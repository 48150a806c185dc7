from orjson import loads
from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.fields.data import JSON_DUMPS
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("core", "0002_session_user_agent")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ServerTransfer",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("kind", fields.CharField(max_length=8)),
                ("server_id", fields.BigIntField(null=True, db_index=True)),
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
                ("history", fields.BooleanField(default=False)),
                ("status", fields.CharField(max_length=16)),
                ("path", fields.CharField(null=True, max_length=255)),
                ("size", fields.BigIntField(null=True)),
                ("report", fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ("confirmed", fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ("done", fields.IntField(default=0)),
                ("total", fields.IntField(default=0)),
                ("attempts", fields.SmallIntField(default=0)),
                ("lease_owner", fields.CharField(null=True, max_length=64)),
                ("lease_until", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("error", fields.CharField(null=True, max_length=300)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("finished_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "server_transfers", "app": "server_transfer", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="TransferredThing",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "transfer",
                    fields.ForeignKeyField(
                        "server_transfer.ServerTransfer",
                        source_field="transfer_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("kind", fields.CharField(max_length=16)),
                ("source_id", fields.CharField(max_length=32)),
                ("local_id", fields.BigIntField()),
            ],
            options={
                "table": "server_transferred",
                "app": "server_transfer",
                "unique_together": (("transfer", "kind", "source_id"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
