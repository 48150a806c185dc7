from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("discord_import", "0001_initial")]

    initial = False

    operations = [
        ops.AlterField(
            model_name="ImportedThing",
            name="job",
            field=fields.ForeignKeyField(
                "discord_import.DiscordImport",
                source_field="job_id",
                null=True,
                db_constraint=True,
                to_field="id",
                related_name=False,
                on_delete=OnDelete.CASCADE,
            ),
        ),
    ]
