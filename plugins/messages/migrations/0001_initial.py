import functools
from json import dumps, loads

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
            name="Channel",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("type", fields.SmallIntField()),
                ("name", fields.CharField(null=True, max_length=100)),
                ("icon", fields.CharField(null=True, max_length=255)),
                ("server_id", fields.BigIntField(null=True, db_index=True)),
                ("category_id", fields.BigIntField(null=True)),
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
                ("order", fields.IntField(null=True)),
                ("slow_mode_seconds", fields.IntField(null=True)),
                ("last_messaged_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("deleting", fields.BooleanField(default=False)),
            ],
            options={"table": "channels", "app": "messages", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="MentionCounter",
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
                ("server_id", fields.BigIntField(null=True)),
                (
                    "mentioned_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="mentioned_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                ("count", fields.IntField(default=0)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "message_mentions",
                "app": "messages",
                "unique_together": (("user", "channel"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Message",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("type", fields.SmallIntField(default=0)),
                ("content", fields.TextField(null=True, unique=False)),
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
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("edited_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("silent", fields.BooleanField(null=True)),
                ("pinned", fields.BooleanField(default=False)),
                ("pinned_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("mention_replies", fields.BooleanField(null=True)),
                ("html_embed", fields.TextField(null=True, unique=False)),
                (
                    "mention_user_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                (
                    "role_mention_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                (
                    "quoted_message_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                (
                    "reply_to_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                (
                    "buttons",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("mentions_everyone", fields.BooleanField(default=False)),
            ],
            options={
                "table": "messages",
                "app": "messages",
                "indexes": [Index(fields=["channel_id", "id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Attachment",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "message",
                    fields.ForeignKeyField(
                        "messages.Message",
                        source_field="message_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("channel_id", fields.BigIntField(db_index=True)),
                ("server_id", fields.BigIntField(null=True)),
                ("provider", fields.CharField(default="local", max_length=16)),
                ("file_id", fields.CharField(null=True, max_length=255)),
                ("mime", fields.CharField(null=True, max_length=255)),
                ("path", fields.CharField(null=True, max_length=255)),
                ("width", fields.IntField(null=True)),
                ("height", fields.IntField(null=True)),
                ("filesize", fields.BigIntField(null=True)),
                ("duration", fields.IntField(null=True)),
                ("expire_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "message_attachments", "app": "messages", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Reaction",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("name", fields.CharField(max_length=20)),
                ("emoji_key", fields.CharField(default="", max_length=20)),
                ("gif", fields.BooleanField(default=False)),
                ("webp", fields.BooleanField(default=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "message_reactions",
                "app": "messages",
                "unique_together": (("message", "user", "name", "emoji_key"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ReadState",
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
                ("last_seen", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "channel_read_states",
                "app": "messages",
                "unique_together": (("user", "channel"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
