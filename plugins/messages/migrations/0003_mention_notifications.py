from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0002_webhook_author_and_embed")]

    initial = False

    operations = [
        ops.CreateModel(
            name="MentionNotification",
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
                (
                    "message",
                    fields.ForeignKeyField(
                        "messages.Message",
                        source_field="message_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("server_id", fields.BigIntField(null=True)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "message_notifications",
                "app": "messages",
                "indexes": [Index(fields=["user_id", "id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
