from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="LinkState",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("token_hash", fields.CharField(unique=True, max_length=64)),
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
                ("provider", fields.CharField(max_length=40)),
                ("code_verifier", fields.CharField(max_length=128)),
                ("expires_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "connection_link_states", "app": "connections", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="UserConnection",
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
                ("provider", fields.CharField(max_length=40)),
                ("external_id", fields.CharField(null=True, max_length=255)),
                ("display_name", fields.CharField(null=True, max_length=100)),
                ("secret", fields.TextField(null=True, unique=False)),
                ("connected_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "user_connections",
                "app": "connections",
                "unique_together": (("user", "provider"), ("provider", "external_id")),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
