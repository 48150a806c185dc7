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
            name="Post",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("content", fields.TextField(null=True, unique=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("edited_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("deleted", fields.BooleanField(default=False)),
                (
                    "comment_to",
                    fields.ForeignKeyField(
                        "posts.Post",
                        source_field="comment_to_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "repost",
                    fields.ForeignKeyField(
                        "posts.Post",
                        source_field="repost_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("quoted_post_id", fields.BigIntField(null=True)),
                ("views", fields.IntField(default=0)),
                ("estimate_likes", fields.IntField(default=0)),
                ("estimate_reposts", fields.IntField(default=0)),
                (
                    "embed",
                    fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads),
                ),
                (
                    "attachment",
                    fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads),
                ),
                (
                    "mention_user_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("has_poll", fields.BooleanField(default=False)),
            ],
            options={
                "table": "posts",
                "app": "posts",
                "indexes": [
                    Index(fields=["created_by_id", "id"]),
                    Index(fields=["comment_to_id", "id"]),
                    Index(fields=["repost_id", "created_by_id"]),
                ],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostAnnouncement",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "post",
                    fields.OneToOneField(
                        "posts.Post",
                        source_field="post_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "post_announcements", "app": "posts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostLike",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "post",
                    fields.ForeignKeyField(
                        "posts.Post",
                        source_field="post_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "liked_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="liked_by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "post_likes",
                "app": "posts",
                "unique_together": (("post", "liked_by"),),
                "indexes": [Index(fields=["liked_by_id", "id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostNotification",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "to",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="to_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("type", fields.SmallIntField()),
                (
                    "post",
                    fields.ForeignKeyField(
                        "posts.Post",
                        source_field="post_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "post_notifications",
                "app": "posts",
                "indexes": [
                    Index(fields=["to_id", "id"]),
                    Index(fields=["by_id", "to_id", "type"]),
                    Index(fields=["post_id"]),
                ],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostNotificationRead",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "user",
                    fields.OneToOneField(
                        "core.User",
                        source_field="user_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("seen_id", fields.BigIntField(default=0)),
            ],
            options={"table": "post_notification_reads", "app": "posts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostPin",
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
                    "post",
                    fields.OneToOneField(
                        "posts.Post",
                        source_field="post_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "post_pins",
                "app": "posts",
                "indexes": [Index(fields=["user_id", "id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostPoll",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "post",
                    fields.OneToOneField(
                        "posts.Post",
                        source_field="post_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
            ],
            options={"table": "post_polls", "app": "posts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostPollChoice",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "poll",
                    fields.ForeignKeyField(
                        "posts.PostPoll",
                        source_field="poll_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("content", fields.CharField(max_length=56)),
                ("votes", fields.IntField(default=0)),
            ],
            options={
                "table": "post_poll_choices",
                "app": "posts",
                "indexes": [Index(fields=["poll_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="PostPollVote",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "poll",
                    fields.ForeignKeyField(
                        "posts.PostPoll",
                        source_field="poll_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "choice",
                    fields.ForeignKeyField(
                        "posts.PostPollChoice",
                        source_field="choice_id",
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
            ],
            options={
                "table": "post_poll_votes",
                "app": "posts",
                "unique_together": (("poll", "user"),),
                "indexes": [Index(fields=["choice_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
