from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    initial = False

    operations = [
        ops.AddField(
            model_name="Session",
            name="user_agent",
            field=fields.CharField(null=True, max_length=255),
        ),
    ]
