from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Follow(FlakeModel):
    # `followed_by` follows `followed_to` (entities.md §7.2).

    followed_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    followed_to = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "social_follows"
        unique_together = (("followed_by", "followed_to"),)
        indexes = (("followed_to_id",),)
