from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name="User",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("username", fields.CharField(max_length=35)),
                ("tag", fields.CharField(max_length=4)),
                ("hex_color", fields.CharField(null=True, max_length=7)),
                ("avatar", fields.CharField(null=True, max_length=255)),
                ("banner", fields.CharField(null=True, max_length=255)),
                ("badges", fields.IntField(default=0)),
                ("bot", fields.BooleanField(null=True)),
                ("joined_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("status", fields.SmallIntField(default=0)),
                ("custom_status", fields.CharField(null=True, max_length=200)),
                ("last_online_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("last_online_status", fields.SmallIntField(default=1)),
                ("deleted", fields.BooleanField(default=False)),
            ],
            options={"table": "users", "app": "core", "unique_together": (("username", "tag"),), "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Account",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "user",
                    fields.OneToOneField(
                        "core.User",
                        source_field="user_id",
                        db_constraint=True,
                        to_field="id",
                        related_name="account",
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("email", fields.CharField(unique=True, max_length=320)),
                ("password_hash", fields.CharField(max_length=255)),
                ("email_confirmed", fields.BooleanField(default=False)),
                ("dm_status", fields.SmallIntField(default=0)),
                ("friend_request_status", fields.SmallIntField(default=0)),
                ("hide_followers", fields.BooleanField(default=False)),
                ("hide_following", fields.BooleanField(default=False)),
            ],
            options={"table": "accounts", "app": "core", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="CdnFile",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "uploader",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="uploader_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("kind", fields.CharField(max_length=32)),
                ("group_id", fields.CharField(null=True, max_length=32)),
                ("path", fields.CharField(unique=True, max_length=255)),
                ("filename", fields.CharField(max_length=255)),
                ("mimetype", fields.CharField(max_length=128)),
                ("size", fields.BigIntField()),
                ("width", fields.IntField(null=True)),
                ("height", fields.IntField(null=True)),
                ("animated", fields.BooleanField(default=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "cdn_files", "app": "core", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Session",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "user",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="user_id",
                        db_constraint=True,
                        to_field="id",
                        related_name="sessions",
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("token_hash", fields.CharField(unique=True, max_length=64)),
                ("ip_address", fields.CharField(null=True, max_length=64)),
                ("device_type", fields.SmallIntField(default=0)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("last_seen_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "sessions", "app": "core", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
