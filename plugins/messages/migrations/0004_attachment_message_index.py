from tortoise import migrations
from tortoise.indexes import Index
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    # A message's attachments were found by scanning message_attachments (search's has:file, the
    # cascade of a deleted message): only channel_id was indexed.
    dependencies = [("messages", "0003_mention_notifications")]

    initial = False

    operations = [
        ops.AddIndex(
            model_name="Attachment",
            index=Index(fields=["message_id"]),
        ),
    ]
