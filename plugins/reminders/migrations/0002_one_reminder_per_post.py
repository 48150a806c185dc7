from tortoise import migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    # One reminder per user and post, as per user and message ("Reminder already exists!"). Rows
    # without a post (message reminders) do not collide: NULLs are distinct in a unique index.
    # Plain SQL (the same on SQLite and PostgreSQL): Tortoise's migration autodetector does not
    # follow changes to unique_together.
    dependencies = [("reminders", "0001_initial")]

    operations = [
        ops.RunSQL(
            'CREATE UNIQUE INDEX "uid_reminders_created_post" ON "reminders" ("created_by_id", "post_id")',
            reverse_sql='DROP INDEX "uid_reminders_created_post"',
        ),
    ]
