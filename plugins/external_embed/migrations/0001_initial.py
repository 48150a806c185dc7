from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("servers", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="ExternalEmbed",
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
                ("server_invite_code", fields.CharField(null=True, max_length=32)),
                (
                    "user",
                    fields.OneToOneField(
                        "core.User",
                        source_field="user_id",
                        null=True,
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "external_embeds", "app": "external_embed", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
