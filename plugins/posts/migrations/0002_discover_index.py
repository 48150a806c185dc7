from tortoise import migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    # "Most liked" discover pages read posts by likes (descending) then id (ascending): an index
    # in that order gives the all-time page without sorting every post. Tortoise's Index cannot
    # say DESC, hence plain SQL (the same on SQLite and PostgreSQL).
    dependencies = [("posts", "0001_initial")]

    operations = [
        ops.RunSQL(
            'CREATE INDEX "idx_posts_likes_rank" ON "posts" ("estimate_likes" DESC, "id")',
            reverse_sql='DROP INDEX "idx_posts_likes_rank"',
        ),
    ]
