"""External embeds (rest.md §4.11, entities.md §4.13): a public widget of a server (its
members, who is online, an invite), or of a user (§1.7–1.10, ``user`` set, no server).
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

SERVER, USER = 0, 1


class ExternalEmbed(FlakeModel):
    type = fields.SmallIntField(default=SERVER)
    server = fields.OneToOneField("servers.Server", related_name=False, null=True, on_delete=fields.CASCADE)
    # The invite code the widget's "Join" button uses; kept as text (the invite may go later).
    server_invite_code = fields.CharField(max_length=32, null=True)
    user = fields.OneToOneField("core.User", related_name=False, null=True, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "external_embeds"
