from orjson import loads
from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.fields.data import JSON_DUMPS
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("core", "0002_session_user_agent")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ClaimLink",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("token_hash", fields.CharField(unique=True, max_length=64)),
                ("server_id", fields.BigIntField()),
                (
                    "placeholder",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="placeholder_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "created_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="created_by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("expires_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={"table": "discord_claim_links", "app": "discord_import", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="DiscordImport",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("server_id", fields.BigIntField(db_index=True)),
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
                ("status", fields.CharField(default="planned", max_length=16)),
                ("archive", fields.CharField(null=True, max_length=255)),
                ("report", fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ("messages_total", fields.IntField(default=0)),
                ("messages_done", fields.IntField(default=0)),
                ("channels_done", fields.IntField(default=0)),
                ("attempts", fields.SmallIntField(default=0)),
                ("lease_owner", fields.CharField(null=True, max_length=64)),
                ("lease_until", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("error", fields.CharField(null=True, max_length=300)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("finished_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "discord_imports", "app": "discord_import", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ImportedThing",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "job",
                    fields.ForeignKeyField(
                        "discord_import.DiscordImport",
                        source_field="job_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("server_id", fields.BigIntField()),
                ("kind", fields.CharField(max_length=16)),
                ("discord_id", fields.CharField(max_length=32)),
                ("local_id", fields.BigIntField()),
            ],
            options={
                "table": "discord_imported",
                "app": "discord_import",
                "unique_together": (("job", "kind", "discord_id"),),
                "indexes": [Index(fields=["server_id", "kind", "discord_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
