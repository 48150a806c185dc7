from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("servers", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="CustomEmoji",
            fields=[
                ("id", fields.BigIntField(primary_key=True, unique=True, db_index=True)),
                ("name", fields.CharField(max_length=15)),
                ("gif", fields.BooleanField(default=False)),
                ("webp", fields.BooleanField(default=False)),
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
                    "uploaded_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="uploaded_by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "custom_emojis", "app": "emojis", "pk_attr": "id"},
            bases=["Model"],
        ),
    ]
