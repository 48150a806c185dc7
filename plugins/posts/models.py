"""Posts, their likes, polls, pins, announcements and post notifications (entities.md §8).

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments.
Indexes that need a sort direction are created by the migrations with plain SQL.
"""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

LIKED, REPLIED, FOLLOWED, REPOSTED, MENTIONED = range(5)


class Post(FlakeModel):
    # A top-level post, a reply (comment_to set) or a repost (repost set, content null).
    # estimate_likes / estimate_reposts are counters kept in the same transaction as the rows
    # they count, so `_count.likedBy` equals the likes and pages need no COUNT per post.
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    content = fields.TextField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    edited_at = fields.DatetimeField(null=True)
    deleted = fields.BooleanField(default=False)
    comment_to = fields.ForeignKeyField("posts.Post", related_name=False, null=True, on_delete=fields.CASCADE)
    repost = fields.ForeignKeyField("posts.Post", related_name=False, null=True, on_delete=fields.CASCADE)
    quoted_post_id = fields.BigIntField(null=True)
    views = fields.IntField(default=0)
    estimate_likes = fields.IntField(default=0)
    estimate_reposts = fields.IntField(default=0)
    # Open Graph preview of the first link (entities.md §6.4).
    embed = fields.JSONField(null=True)
    # The image, {"id", "path", "width", "height"} (a post has at most one).
    attachment = fields.JSONField(null=True)
    mention_user_ids = fields.JSONField(default=list)
    has_poll = fields.BooleanField(default=False)
    # A post another plugin made for a restricted audience (forums: a shared forum post): only
    # viewers the ``post_gates_open`` hook lets through see it, and ``share`` is what it links to.
    gate = fields.CharField(max_length=64, null=True)
    share = fields.JSONField(null=True)

    class Meta:
        table = "posts"
        indexes = (("created_by_id", "id"), ("comment_to_id", "id"), ("repost_id", "created_by_id"))


class PostLike(FlakeModel):
    post = fields.ForeignKeyField("posts.Post", related_name=False, on_delete=fields.CASCADE)
    liked_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "post_likes"
        unique_together = (("post", "liked_by"),)
        indexes = (("liked_by_id", "id"),)


class PostPoll(FlakeModel):
    post = fields.OneToOneField("posts.Post", related_name=False, on_delete=fields.CASCADE)

    class Meta:
        table = "post_polls"


class PostPollChoice(FlakeModel):
    # `votes` counts this choice's rows in post_poll_votes, kept in the vote's transaction.
    poll = fields.ForeignKeyField("posts.PostPoll", related_name=False, on_delete=fields.CASCADE)
    content = fields.CharField(max_length=56)
    votes = fields.IntField(default=0)

    class Meta:
        table = "post_poll_choices"
        indexes = (("poll_id",),)


class PostPollVote(FlakeModel):
    poll = fields.ForeignKeyField("posts.PostPoll", related_name=False, on_delete=fields.CASCADE)
    choice = fields.ForeignKeyField("posts.PostPollChoice", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)

    class Meta:
        table = "post_poll_votes"
        unique_together = (("poll", "user"),)
        indexes = (("choice_id",),)


class PostPin(FlakeModel):
    # A post pinned to its author's profile (at most four each).
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    post = fields.OneToOneField("posts.Post", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "post_pins"
        indexes = (("user_id", "id"),)


class PostAnnouncement(FlakeModel):
    # A post moderators put at the top of everyone's feed.
    post = fields.OneToOneField("posts.Post", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "post_announcements"


class PostNotification(FlakeModel):
    # LIKED / REPLIED / FOLLOWED / REPOSTED / MENTIONED, addressed to `to`, caused by `by`.
    to = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    type = fields.SmallIntField()
    post = fields.ForeignKeyField("posts.Post", related_name=False, null=True, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "post_notifications"
        indexes = (("to_id", "id"), ("by_id", "to_id", "type"), ("post_id",))


class PostNotificationRead(FlakeModel):
    # Unread post notifications are those addressed to `user` with an id above `seen_id`
    # (dismissing moves it), so no counter row is written per notification.
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    seen_id = fields.BigIntField(default=0)

    class Meta:
        table = "post_notification_reads"
