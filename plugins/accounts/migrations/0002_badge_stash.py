from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial"), ("core", "0001_initial")]

    initial = False

    operations = [
        ops.CreateModel(
            name="BadgeStash",
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
                ("badges", fields.IntField(default=0)),
            ],
            options={"table": "accounts_badge_stashes", "app": "accounts", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
