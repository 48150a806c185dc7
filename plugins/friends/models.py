from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Friend(FlakeModel):
    # One direction of a relationship, owned by `user` about `recipient` (entities.md §7.1):
    # a friendship or a request is two rows (SENT/PENDING, then FRIENDS both ways); a block
    # is one row owned by the blocker.

    SENT = 0
    PENDING = 1
    FRIENDS = 2
    BLOCKED = 3

    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    recipient = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    status = fields.SmallIntField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "friends"
        unique_together = (("user", "recipient"),)
        indexes = (("recipient_id", "status"),)
