"""Channel webhooks (entities.md §4.12) and the author overrides their executions use (§6.6).

Models carry comments, not docstrings (Tortoise turns docstrings into SQL table comments).
"""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core.identity.models import FlakeModel


class Webhook(FlakeModel):
    # Goes with its channel and its server (both cascade). ``secret`` is the per-webhook key of
    # its token (see README, "Tokens"); it never leaves the server.
    name = fields.CharField(max_length=35)
    hex_color = fields.CharField(max_length=7, null=True)
    avatar = fields.CharField(max_length=255, null=True)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    created_at = fields.DatetimeField(auto_now_add=True)
    deleting = fields.BooleanField(default=False)
    secret = fields.CharField(max_length=64)

    class Meta:
        table = "webhooks"


class CreatorOverride(Model):
    # An execution's username / avatar URL (``creatorOverrideId`` is this integer id). One row per
    # distinct (webhook, username, avatar) so repeated executions keep one pseudo-user id.
    id = fields.IntField(primary_key=True)
    webhook = fields.ForeignKeyField("webhooks.Webhook", related_name=False, on_delete=fields.CASCADE)
    username = fields.CharField(max_length=35, null=True)
    avatar_url = fields.CharField(max_length=256, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "webhook_creator_overrides"
