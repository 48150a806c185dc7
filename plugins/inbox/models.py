from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Inbox(FlakeModel):
    # One row per participant of a DM channel: created_by owns the entry, recipient is the other
    # person (the same user for "saved notes").
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    recipient = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    closed = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_seen = fields.DatetimeField(null=True)

    class Meta:
        table = "inboxes"
        unique_together = (("created_by", "recipient"),)


class UserNotice(FlakeModel):
    # The notice shown to people who open a DM with this user (rest.md §1.12–1.14).
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    content = fields.CharField(max_length=300)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "user_channel_notices"
