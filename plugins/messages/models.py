"""Channels and messages, shared by direct messages and server channels.

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments.
"""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

DM_TEXT, SERVER_TEXT, CATEGORY, TICKET = 0, 1, 2, 3
TEXT_TYPES = (DM_TEXT, SERVER_TEXT, TICKET)

CONTENT, JOIN_SERVER, LEAVE_SERVER, KICK_USER, BAN_USER, CALL_STARTED, BUMP_SERVER, PINNED_MESSAGE = range(8)


class Channel(FlakeModel):
    type = fields.SmallIntField()
    name = fields.CharField(max_length=100, null=True)
    icon = fields.CharField(max_length=255, null=True)
    server_id = fields.BigIntField(null=True, db_index=True)
    category_id = fields.BigIntField(null=True)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    order = fields.IntField(null=True)
    slow_mode_seconds = fields.IntField(null=True)
    last_messaged_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    deleting = fields.BooleanField(default=False)

    class Meta:
        table = "channels"


class Message(FlakeModel):
    # Mentions, quotes and replies are id lists: a page of messages resolves them in a few
    # batched queries instead of one join table each.
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    type = fields.SmallIntField(default=CONTENT)
    content = fields.TextField(null=True)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    created_at = fields.DatetimeField()
    edited_at = fields.DatetimeField(null=True)
    silent = fields.BooleanField(null=True)
    pinned = fields.BooleanField(default=False)
    pinned_at = fields.DatetimeField(null=True)
    mention_replies = fields.BooleanField(null=True)
    html_embed = fields.TextField(null=True)
    mention_user_ids = fields.JSONField(default=list)
    role_mention_ids = fields.JSONField(default=list)
    quoted_message_ids = fields.JSONField(default=list)
    reply_to_ids = fields.JSONField(default=list)
    buttons = fields.JSONField(default=list)
    # Webhook messages have no creator; the webhooks plugin owns the id (no foreign key across plugins).
    webhook_id = fields.BigIntField(null=True)
    # Per-message author override of a webhook execution: {"id", "username", "avatarUrl"}.
    creator_override = fields.JSONField(null=True)
    # Open Graph preview (entities.md §6.4), filled after the message is sent.
    embed = fields.JSONField(null=True)
    mentions_everyone = fields.BooleanField(default=False)

    class Meta:
        table = "messages"
        indexes = (("channel_id", "id"),)


class Attachment(FlakeModel):
    message = fields.ForeignKeyField("messages.Message", related_name=False, null=True, on_delete=fields.CASCADE)
    channel_id = fields.BigIntField(db_index=True)
    server_id = fields.BigIntField(null=True)
    provider = fields.CharField(max_length=16, default="local")
    file_id = fields.CharField(max_length=255, null=True)
    mime = fields.CharField(max_length=255, null=True)
    path = fields.CharField(max_length=255, null=True)
    width = fields.IntField(null=True)
    height = fields.IntField(null=True)
    filesize = fields.BigIntField(null=True)
    duration = fields.IntField(null=True)
    expire_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "message_attachments"
        # A message's attachments (serialising a page, search's has:file) and the cascade of a deleted message.
        indexes = (("message_id",),)


class Reaction(FlakeModel):
    # One row per (message, user, emoji); counts are aggregated when serialising.
    # emoji_key is emoji_id or "" so the unique constraint also holds for unicode emoji.
    message = fields.ForeignKeyField("messages.Message", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    name = fields.CharField(max_length=20)
    emoji_key = fields.CharField(max_length=20, default="")
    gif = fields.BooleanField(default=False)
    webp = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "message_reactions"
        unique_together = (("message", "user", "name", "emoji_key"),)


class ReadState(FlakeModel):
    # Last seen time of a server channel for a user (DMs keep theirs on the inbox row).
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    last_seen = fields.DatetimeField()

    class Meta:
        table = "channel_read_states"
        unique_together = (("user", "channel"),)


class MentionCounter(FlakeModel):
    # Unread mentions of a user in a channel (every DM message counts as one).
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    server_id = fields.BigIntField(null=True)
    mentioned_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    count = fields.IntField(default=0)
    created_at = fields.DatetimeField()

    class Meta:
        table = "message_mentions"
        unique_together = (("user", "channel"),)


class MentionNotification(FlakeModel):
    # One mention of a user in a server channel message (rest.md §1.27): the inbox of mentions.
    # Goes with its message; the list keeps the 20 newest per user (older ones pruned on read).
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    message = fields.ForeignKeyField("messages.Message", related_name=False, on_delete=fields.CASCADE)
    server_id = fields.BigIntField(null=True)
    created_at = fields.DatetimeField()

    class Meta:
        table = "message_notifications"
        indexes = (("user_id", "id"),)
