from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="AuditEntry",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("action_type", fields.SmallIntField()),
                (
                    "action_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="action_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                ("server_id", fields.BigIntField(null=True, db_index=True)),
                ("server_name", fields.CharField(null=True, max_length=100)),
                ("channel_id", fields.BigIntField(null=True)),
                ("channel_name", fields.CharField(null=True, max_length=100)),
                ("user_id", fields.BigIntField(null=True, db_index=True)),
                ("username", fields.CharField(null=True, max_length=100)),
                ("count", fields.IntField(null=True)),
                ("reason", fields.CharField(null=True, max_length=500)),
                ("expire_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "moderation_audit_logs", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="IpBan",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("ip_address", fields.CharField(unique=True, max_length=64)),
                ("expire_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "moderation_ip_bans", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Notice",
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
                ("type", fields.SmallIntField(default=0)),
                ("title", fields.CharField(null=True, max_length=200)),
                ("content", fields.TextField(unique=False)),
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
            options={"table": "moderation_notices", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ShadowBan",
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
                ("banned_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("reason", fields.CharField(null=True, max_length=500)),
                (
                    "banned_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="banned_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
            ],
            options={"table": "moderation_shadow_bans", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Strikes",
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
                ("suspend_count", fields.IntField(default=0)),
                ("warn_count", fields.IntField(default=0)),
                ("warn_expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "moderation_strikes", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="SuggestedAction",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("action_type", fields.SmallIntField()),
                (
                    "suggest_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="suggest_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                ("server_id", fields.BigIntField(null=True)),
                ("post_id", fields.BigIntField(null=True)),
                ("user_id", fields.BigIntField(null=True)),
                ("reason", fields.TextField(unique=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "moderation_suggested_actions", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Suspension",
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
                ("suspended_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("expire_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("reason", fields.CharField(null=True, max_length=500)),
                (
                    "suspended_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="suspended_by_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.SET_NULL,
                    ),
                ),
                ("user_deleted", fields.BooleanField(default=False)),
                ("email_hash", fields.CharField(null=True, db_index=True, max_length=64)),
            ],
            options={"table": "moderation_suspensions", "app": "moderation", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
