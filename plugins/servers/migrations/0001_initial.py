import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ChannelNotice",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "channel",
                    fields.OneToOneField(
                        "messages.Channel",
                        source_field="channel_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("content", fields.CharField(max_length=300)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("updated_at", fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={"table": "server_channel_notices", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Server",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("name", fields.CharField(max_length=35)),
                ("hex_color", fields.CharField(null=True, max_length=7)),
                ("avatar", fields.CharField(null=True, max_length=255)),
                ("banner", fields.CharField(null=True, max_length=255)),
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
                ("default_role_id", fields.BigIntField(null=True)),
                ("default_channel_id", fields.BigIntField(null=True)),
                ("system_channel_id", fields.BigIntField(null=True)),
                ("verified", fields.BooleanField(default=False)),
                ("public", fields.BooleanField(default=False)),
                ("scheduled_for_deletion", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "servers", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="AuditLog",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("action_type", fields.CharField(max_length=64)),
                (
                    "actor",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="actor_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                (
                    "data",
                    fields.JSONField(
                        default=dict, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "server_audit_logs", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Ban",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("reason", fields.CharField(null=True, max_length=150)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "server_bans",
                "app": "servers",
                "unique_together": (("server", "user"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Invite",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("code", fields.CharField(unique=True, max_length=32)),
                ("is_custom", fields.BooleanField(default=False)),
                ("uses", fields.IntField(default=0)),
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
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "server_invites", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Member",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                    "role_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("nickname", fields.CharField(null=True, max_length=35)),
                ("joined_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("mute_expire_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "server_members",
                "app": "servers",
                "unique_together": (("server", "user"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Mute",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("expire_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("reason", fields.CharField(null=True, max_length=150)),
            ],
            options={
                "table": "server_mutes",
                "app": "servers",
                "unique_together": (("server", "user"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="NotificationSetting",
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
                    "server",
                    fields.ForeignKeyField(
                        "servers.Server",
                        source_field="server_id",
                        null=True,
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
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("ping_mode", fields.SmallIntField(null=True)),
                ("sound_mode", fields.SmallIntField(null=True)),
            ],
            options={"table": "server_notification_settings", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Role",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("name", fields.CharField(max_length=100)),
                ("order", fields.IntField()),
                ("permissions", fields.IntField(default=0)),
                ("hex_color", fields.CharField(null=True, max_length=100)),
                ("icon", fields.CharField(null=True, max_length=100)),
                ("hide_role", fields.BooleanField(default=False)),
                ("apply_on_join", fields.BooleanField(default=False)),
                ("bot_role", fields.BooleanField(default=False)),
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
            ],
            options={"table": "server_roles", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ChannelPermission",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                    "role",
                    fields.ForeignKeyField(
                        "servers.Role",
                        source_field="role_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("permissions", fields.IntField(default=0)),
            ],
            options={
                "table": "server_channel_permissions",
                "app": "servers",
                "unique_together": (("channel", "role"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ServerOrder",
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
                (
                    "ordered_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                (
                    "folders",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
            ],
            options={"table": "server_orders", "app": "servers", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
