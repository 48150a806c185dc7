from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("servers", "0002_scheduled_deletion_by")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ServerClan",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "server",
                    fields.OneToOneField(
                        "servers.Server",
                        source_field="server_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("tag", fields.CharField(max_length=4)),
                ("icon", fields.CharField(max_length=255)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "server_clans", "app": "clans", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="WornClan",
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
            ],
            options={"table": "worn_clans", "app": "clans", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
