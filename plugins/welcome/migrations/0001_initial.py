import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    dependencies = [("servers", "0001_initial")]

    initial = True

    operations = [
        ops.CreateModel(
            name="WelcomeQuestion",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
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
                ("title", fields.CharField(max_length=200)),
                ("multiselect", fields.BooleanField(default=False)),
                ("order", fields.IntField(default=0)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "welcome_questions", "app": "welcome", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="WelcomeAnswer",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "question",
                    fields.ForeignKeyField(
                        "welcome.WelcomeQuestion",
                        source_field="question_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("title", fields.CharField(max_length=200)),
                (
                    "role_ids",
                    fields.JSONField(
                        default=list, encoder=functools.partial(dumps, separators=(",", ":")), decoder=loads
                    ),
                ),
                ("order", fields.IntField(default=0)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={"table": "welcome_answers", "app": "welcome", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="WelcomeAnswered",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                (
                    "member",
                    fields.ForeignKeyField(
                        "servers.Member",
                        source_field="member_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "question",
                    fields.ForeignKeyField(
                        "welcome.WelcomeQuestion",
                        source_field="question_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                (
                    "answer",
                    fields.ForeignKeyField(
                        "welcome.WelcomeAnswer",
                        source_field="answer_id",
                        db_constraint=True,
                        to_field="id",
                        related_name=False,
                        on_delete=OnDelete.CASCADE,
                    ),
                ),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={
                "table": "welcome_answered",
                "app": "welcome",
                "unique_together": (("member", "answer"),),
                "pk_attr": "id",
            },
            bases=["FlakeModel"],
        ),
    ]
