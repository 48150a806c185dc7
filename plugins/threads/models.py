"""Threads: a conversation branched from a message of a server text channel. A thread is a
channel of its own (type THREAD) of the messages plugin, so every message feature works in it;
this table holds what makes it a thread. A forum post (later) is a thread with a title and tags.

The thread's channel row has no ``server_id``: the servers plugin lists, counts and joins rooms
for a server's channels by that column, and a thread must never reach a protocol client there.

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments.
"""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core.identity.models import FlakeModel

THREAD = 11  # Hearth's channel type (the reference's are 0-3); sent only to clients that opt in
# Auto-archive after this many minutes without a message: 1 h, 24 h, 3 d, 1 w.
AUTO_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)


class Thread(Model):
    # The thread's own channel (type THREAD); the thread's id is its channel's id.
    channel = fields.OneToOneField("messages.Channel", related_name=False, on_delete=fields.CASCADE, primary_key=True)
    parent = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    # The parent's server (a channel never moves): a send checks membership without the parent row.
    server_id = fields.BigIntField()
    # The message the thread started from (no foreign key: it may be deleted, the thread stays).
    starter_message_id = fields.BigIntField(null=True, unique=True)
    name = fields.CharField(max_length=100)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    archived = fields.BooleanField(default=False)
    archived_at = fields.DatetimeField(null=True)
    locked = fields.BooleanField(default=False)
    auto_archive_minutes = fields.IntField(default=1440)
    created_at = fields.DatetimeField()

    class Meta:
        table = "threads"
        indexes = (("parent_id", "archived"), ("archived", "auto_archive_minutes"))


class ThreadMember(FlakeModel):
    # A follower of a thread (or someone who stopped following: following false) and their read
    # state; people who never followed have no row and no unread state for the thread.
    # The thread's channel (its id is the thread's; a key to the threads table, whose primary key
    # is itself a foreign key, is one Tortoise cannot filter on).
    thread = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    following = fields.BooleanField(default=True)
    last_seen = fields.DatetimeField()
    mention_count = fields.IntField(default=0)

    class Meta:
        table = "thread_members"
        unique_together = (("thread", "user"),)
        indexes = (("user_id", "following"),)
