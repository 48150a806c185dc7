from tortoise import fields, migrations
from tortoise.migrations import operations as ops

from core.ids import new_id


class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name="SignInState",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("token_hash", fields.CharField(unique=True, max_length=64)),
                ("provider", fields.CharField(max_length=40)),
                ("nonce_hash", fields.CharField(max_length=64)),
                ("code_verifier", fields.CharField(max_length=128)),
                ("expires_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "sso_states", "app": "sso", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
        ops.CreateModel(
            name="SignInTicket",
            fields=[
                ("id", fields.BigIntField(primary_key=True, default=new_id, unique=True, db_index=True)),
                ("token_hash", fields.CharField(unique=True, max_length=64)),
                ("provider", fields.CharField(max_length=40)),
                ("external_id", fields.CharField(max_length=255)),
                ("display_name", fields.CharField(null=True, max_length=100)),
                ("email", fields.CharField(null=True, max_length=320)),
                ("email_verified", fields.BooleanField(default=False)),
                ("expires_at", fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={"table": "sso_tickets", "app": "sso", "pk_attr": "id"},
            bases=["FlakeModel"],
        ),
    ]
