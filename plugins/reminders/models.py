from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Reminder(FlakeModel):
    # Stored and pushed to the owner's clients only; clients show it when remind_at passes.
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    message = fields.ForeignKeyField("messages.Message", related_name=False, null=True, on_delete=fields.CASCADE)
    channel_id = fields.BigIntField(null=True)
    post_id = fields.BigIntField(null=True)  # the posts plugin's; unique per user (migration 0002)
    remind_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "reminders"
        unique_together = (("created_by", "message"),)
