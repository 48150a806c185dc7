from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Authenticator",
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
                ("sealed_secret", fields.CharField(max_length=255)),
                ("confirmed_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("last_step", fields.BigIntField(default=0)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "two_factor_authenticators", "app": "two_factor", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Challenge",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("secret_hash", fields.CharField(unique=True, max_length=64)),
                ("purpose", fields.CharField(max_length=24)),
                (
                    "user",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="user_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("challenge", fields.CharField(null=True, max_length=128)),
                ("failures", fields.SmallIntField(default=0)),
                ("expires_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "two_factor_challenges", "app": "two_factor", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Event",
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
                ("kind", fields.CharField(max_length=32)),
                ("ip_address", fields.CharField(null=True, max_length=64)),
                ("detail", fields.CharField(null=True, max_length=100)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "two_factor_events", "app": "two_factor", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="Passkey",
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
                ("credential_id", fields.CharField(unique=True, max_length=1400)),
                ("public_key", fields.TextField(unique=False)),
                ("sign_count", fields.BigIntField(default=0)),
                ("name", fields.CharField(max_length=64)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("last_used_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "two_factor_passkeys", "app": "two_factor", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="RecoveryCode",
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
                ("code_hash", fields.CharField(max_length=64)),
                ("used_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={
                "table": "two_factor_recovery_codes",
                "app": "two_factor",
                "unique_together": (("user", "code_hash"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="ServerRequirement",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("server_id", fields.BigIntField(unique=True)),
                ("set_by_id", fields.BigIntField()),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "two_factor_server_requirements", "app": "two_factor", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
