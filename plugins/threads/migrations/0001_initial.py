from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_initial"),
        ("messages", "0001_initial"),
        ("messages", "0002_webhook_author_and_embed"),
        ("messages", "0003_mention_notifications"),
    ]

    initial = True

    operations = [
        ops.CreateModel(
            name="Thread",
            fields=[
                (
                    "channel",
                    fields.OneToOneField(
                        "messages.Channel",
                        source_field="channel_id",
                        primary_key=True,
                        db_index=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "parent",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="parent_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("server_id", fields.BigIntField()),
                ("starter_message_id", fields.BigIntField(null=True, unique=True)),
                ("name", fields.CharField(max_length=100)),
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
                ("archived", fields.BooleanField(default=False)),
                ("archived_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("locked", fields.BooleanField(default=False)),
                ("auto_archive_minutes", fields.IntField(default=1440)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "threads",
                "app": "threads",
                "indexes": [
                    Index(fields=["parent_id", "archived"]),
                    Index(fields=["archived", "auto_archive_minutes"]),
                ],
                "pk_attr": "channel_id",
            },
            bases=["Model"],
        ),
        ops.CreateModel(
            name="ThreadMember",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "thread",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="thread_id",
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
                ("following", fields.BooleanField(default=True)),
                ("last_seen", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("mention_count", fields.IntField(default=0)),
            ],
            options={
                "table": "thread_members",
                "app": "threads",
                "unique_together": (("thread", "user"),),
                "indexes": [Index(fields=["user_id", "following"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
