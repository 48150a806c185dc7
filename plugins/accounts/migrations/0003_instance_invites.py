from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_badge_stash"), ("core", "0001_initial")]

    initial = False

    operations = [
        ops.CreateModel(
            name="InstanceInvite",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("code_hash", fields.CharField(unique=True, max_length=64)),
                ("hint", fields.CharField(max_length=8)),
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
                ("max_uses", fields.IntField(default=1)),
                ("uses", fields.IntField(default=0)),
                ("expires_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("revoked", fields.BooleanField(default=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "accounts_instance_invites", "app": "accounts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
