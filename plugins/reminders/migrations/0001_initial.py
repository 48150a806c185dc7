from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Reminder",
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
                (
                    "message",
                    fields.ForeignKeyField(
                        "messages.Message",
                        source_field="message_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("channel_id", fields.BigIntField(null=True)),
                ("post_id", fields.BigIntField(null=True)),
                ("remind_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "reminders",
                "app": "reminders",
                "unique_together": (("created_by", "message"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
