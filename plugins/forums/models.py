"""Forum channels: a server channel of Hearth's own type FORUM whose content is posts. A post is
a thread of the threads plugin (parent: the forum) with a title (the thread's name), a first
message and tags from the forum's tag set; it may be shared to the feed (posts plugin).

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments.
"""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core.identity.models import FlakeModel

FORUM = 15  # Discord's value; Hearth's own type, sent only to clients that opt in (``threads``)
SORTS = ("activity", "created")


class Forum(Model):
    # The forum's channel (type FORUM, with its server_id like any server channel).
    channel = fields.OneToOneField("messages.Channel", related_name=False, on_delete=fields.CASCADE, primary_key=True)
    server_id = fields.BigIntField()
    # Shown above the new-post form.
    guidelines = fields.TextField(default="")
    default_sort = fields.CharField(max_length=10, default="activity")

    class Meta:
        table = "forums"


class ForumTag(FlakeModel):
    forum = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    name = fields.CharField(max_length=20)
    # Only moderators (MANAGE_CHANNELS) may put it on a post or take it off.
    moderated = fields.BooleanField(default=False)
    position = fields.IntField(default=0)

    class Meta:
        table = "forum_tags"
        indexes = (("forum_id", "position"),)


class ForumPost(Model):
    # The post's thread channel (type THREAD); the post's id is the thread's.
    channel = fields.OneToOneField("messages.Channel", related_name=False, on_delete=fields.CASCADE, primary_key=True)
    forum = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    # The opening message (no foreign key: deleting it leaves the post).
    first_message_id = fields.BigIntField(null=True)
    created_at = fields.DatetimeField()
    # The feed post it was shared as (posts plugin), once shared.
    shared_post_id = fields.BigIntField(null=True)

    class Meta:
        table = "forum_posts"
        indexes = (("forum_id", "created_at"),)


class ForumPostTag(FlakeModel):
    post = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    tag = fields.ForeignKeyField("forums.ForumTag", related_name=False, on_delete=fields.CASCADE)

    class Meta:
        table = "forum_post_tags"
        unique_together = (("post", "tag"),)
        indexes = (("tag_id", "post_id"),)
