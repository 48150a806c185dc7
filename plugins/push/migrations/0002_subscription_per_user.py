from tortoise import fields, migrations
from tortoise.migrations import operations as ops
from tortoise.migrations.constraints import UniqueConstraint


class Migration(migrations.Migration):
    # A subscription belongs to the user who made it: unique on (endpoint, user) instead of the
    # endpoint alone, so another user subscribing a known endpoint can no longer take it over.
    dependencies = [("core", "0001_initial"), ("push", "0001_initial")]

    operations = [
        ops.AlterField(
            model_name="PushSubscription",
            name="endpoint",
            field=fields.CharField(max_length=1000),
        ),
        ops.AddConstraint(
            model_name="PushSubscription",
            constraint=UniqueConstraint(fields=("endpoint", "user"), name=None),
        ),
    ]
