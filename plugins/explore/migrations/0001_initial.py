from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("servers", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ExploreItem",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("type", fields.SmallIntField(default=0)),
                (
                    "server",
                    fields.OneToOneField(
                        "servers.Server",
                        source_field="server_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("bot_application_id", fields.BigIntField(null=True, unique=True)),
                ("bot_permissions", fields.IntField(null=True)),
                ("description", fields.CharField(max_length=150)),
                ("bump_count", fields.IntField(default=1)),
                ("lifetime_bump_count", fields.IntField(default=1)),
                ("bumped_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ("pinned_at", fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "explore_items", "app": "explore", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
