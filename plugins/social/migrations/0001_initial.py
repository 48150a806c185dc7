from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="Follow",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "followed_by",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="followed_by_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "followed_to",
                    fields.ForeignKeyField(
                        "core.User",
                        source_field="followed_to_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "social_follows",
                "app": "social",
                "unique_together": (("followed_by", "followed_to"),),
                "indexes": [Index(fields=["followed_to_id"])],
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
