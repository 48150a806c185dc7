"""Server clans (rest.md §4.12, entities.md §4.2) and who wears one on their profile.
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class ServerClan(FlakeModel):
    # A verified server's clan: a 1–4 character tag and an icon (a CDN path under /cdn/).
    server = fields.OneToOneField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    tag = fields.CharField(max_length=4)
    icon = fields.CharField(max_length=255)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "server_clans"


class WornClan(FlakeModel):
    # The clan a user shows on their profile (upstream's profile.clanServerId); one per user.
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)

    class Meta:
        table = "worn_clans"
