from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [
        ("messages", "0001_initial"),
        ("messages", "0002_webhook_author_and_embed"),
        ("messages", "0003_mention_notifications"),
    ]

    initial = True

    operations = [
        ops.CreateModel(
            name="Forum",
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
                ("server_id", fields.BigIntField()),
                ("guidelines", fields.TextField(default="", unique=False)),
                ("default_sort", fields.CharField(default="activity", max_length=10)),
            ],
            options={"table": "forums", "app": "forums", "pk_attr": "channel_id"},
            bases=["Model"],
        ),
        ops.CreateModel(
            name="ForumPost",
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
                    "forum",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="forum_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("first_message_id", fields.BigIntField(null=True)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("shared_post_id", fields.BigIntField(null=True)),
            ],
            options={
                "table": "forum_posts",
                "app": "forums",
                "indexes": [Index(fields=["forum_id", "created_at"])],
                "pk_attr": "channel_id",
            },
            bases=["Model"],
        ),
        ops.CreateModel(
            name="ForumTag",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "forum",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="forum_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("name", fields.CharField(max_length=20)),
                ("moderated", fields.BooleanField(default=False)),
                ("position", fields.IntField(default=0)),
            ],
            options={
                "table": "forum_tags",
                "app": "forums",
                "indexes": [Index(fields=["forum_id", "position"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ForumPostTag",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "post",
                    fields.ForeignKeyField(
                        "messages.Channel",
                        source_field="post_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "tag",
                    fields.ForeignKeyField(
                        "forums.ForumTag",
                        source_field="tag_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
            ],
            options={
                "table": "forum_post_tags",
                "app": "forums",
                "unique_together": (("post", "tag"),),
                "indexes": [Index(fields=["tag_id", "post_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
