from tortoise import migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    # A post's row took a time a moment before its thread's, while a page of posts sorted on the
    # row's and took the thread's as its cursor: a post made across a millisecond came back on
    # every page. New posts take their thread's time; this gives the ones made before it.
    dependencies = [("forums", "0001_initial"), ("threads", "0001_initial")]

    operations = [
        ops.RunSQL(
            'UPDATE "forum_posts" SET "created_at" = (SELECT "t"."created_at" FROM "threads" "t" '
            'WHERE "t"."channel_id" = "forum_posts"."channel_id") '
            'WHERE EXISTS (SELECT 1 FROM "threads" "t" WHERE "t"."channel_id" = "forum_posts"."channel_id")',
            reverse_sql="SELECT 1",  # the earlier times are not worth keeping
        ),
    ]
