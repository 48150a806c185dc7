import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Application",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("name", fields.CharField(max_length=35)),
                ("description", fields.CharField(null=True, max_length=150)),
                ("avatar", fields.CharField(null=True, max_length=255)),
                (
                    "creator",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="creator_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("creator_account_id", fields.BigIntField()),
                (
                    "bot_user",
                    fields.OneToOneField(
                        "core.User",
                        source_field="bot_user_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                (
                    "redirect_uris",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("client_secret", fields.CharField(null=True, max_length=64)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "applications", "app": "applications", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="BotCommand",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "bot_user",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="bot_user_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("name", fields.CharField(max_length=25)),
                ("description", fields.CharField(null=True, max_length=60)),
                ("args", fields.CharField(null=True, max_length=60)),
                ("permissions", fields.IntField(null=True)),
            ],
            options={"table": "application_bot_commands", "app": "applications", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="OAuthGrant",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "application",
                    fields.ForeignKeyField(
                        "applications.Application",
                        source_field="application_id",
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
                ("scopes", fields.IntField(default=0)),
                ("redirect_uri", fields.CharField(null=True, max_length=2000)),
                ("code_hash", fields.CharField(null=True, unique=True, max_length=64)),
                ("code_expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("access_token_hash", fields.CharField(null=True, unique=True, max_length=64)),
                ("access_expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("refresh_token_hash", fields.CharField(null=True, unique=True, max_length=64)),
                ("refresh_expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "application_oauth_grants",
                "app": "applications",
                "unique_together": (("application", "user"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
