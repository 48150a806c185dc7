"""Explore listings (rest.md §6, entities.md §4.14). Server listings only for now; the bot
columns are kept so bot listings (a later applications plugin) need no new table.
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

SERVER, BOT = 0, 1


class ExploreItem(FlakeModel):
    type = fields.SmallIntField(default=SERVER)
    server = fields.OneToOneField("servers.Server", related_name=False, null=True, on_delete=fields.CASCADE)
    bot_application_id = fields.BigIntField(null=True, unique=True)
    bot_permissions = fields.IntField(null=True)
    description = fields.CharField(max_length=150)
    # bump_count is this week's count (reset Monday 00:00 UTC); publishing counts as the first bump.
    bump_count = fields.IntField(default=1)
    lifetime_bump_count = fields.IntField(default=1)
    bumped_at = fields.DatetimeField(db_index=True)
    pinned_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "explore_items"
