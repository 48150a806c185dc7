from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("messages", "0003_mention_notifications")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Ticket",
            fields=[
                ("id", fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ("title", fields.CharField(max_length=200)),
                ("category", fields.SmallIntField()),
                ("status", fields.SmallIntField(default=0, db_index=True)),
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
                (
                    "opened_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="opened_by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("opened_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("last_updated_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ("seen", fields.BooleanField(null=True, default=True)),
            ],
            options={"table": "tickets", "app": "tickets", "pk_attr": "id"},
            bases=["Model"],
        ),
        ops.CreateModel(
            name="TicketIgnore",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "ticket",
                    fields.ForeignKeyField(
                        "tickets.Ticket",
                        source_field="ticket_id",
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
            ],
            options={
                "table": "ticket_ignores",
                "app": "tickets",
                "unique_together": (("ticket", "user"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
