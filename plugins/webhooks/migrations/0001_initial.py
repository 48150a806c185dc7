from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0001_initial"), ("servers", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Webhook",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("name", fields.CharField(max_length=35)),
                ("hex_color", fields.CharField(null=True, max_length=7)),
                ("avatar", fields.CharField(null=True, max_length=255)),
                (
                    "channel",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="channel_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
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
                (
                    "created_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="created_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("deleting", fields.BooleanField(default=False)),
                ("secret", fields.CharField(max_length=64)),
            ],
            options={"table": "webhooks", "app": "webhooks", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="CreatorOverride",
            fields=[
                ("id", fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                (
                    "webhook",
                    fields.ForeignKeyField(
                        "webhooks.Webhook",
                        source_field="webhook_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("username", fields.CharField(null=True, max_length=35)),
                ("avatar_url", fields.CharField(null=True, max_length=256)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "webhook_creator_overrides", "app": "webhooks", "pk_attr": "id"},
            bases=["Model"],
        ),
    ]
