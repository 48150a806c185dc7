from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    initial = True
    dependencies = [("core", "0001_initial")]

    operations = [
        ops.CreateModel(
            name="Profile",
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
                ("bio", fields.CharField(null=True, max_length=1000)),
                ("bg_color_one", fields.CharField(null=True, max_length=100)),
                ("bg_color_two", fields.CharField(null=True, max_length=100)),
                ("primary_color", fields.CharField(null=True, max_length=100)),
                ("font", fields.SmallIntField(null=True)),
            ],
            options={"table": "accounts_profiles", "app": "accounts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="VerificationCode",
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
                ("purpose", fields.CharField(max_length=16)),
                ("code_hash", fields.CharField(max_length=64)),
                ("expires_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "accounts_verification_codes",
                "app": "accounts",
                "unique_together": (("user", "purpose"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
