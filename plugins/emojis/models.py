from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class CustomEmoji(Model):
    # A server's custom emoji (entities.md §4.9). Its id IS the CDN file id of the picture,
    # so clients draw it from /cdn/emojis/<id> with nothing but the markup [ce:<id>:<name>].
    id = fields.BigIntField(primary_key=True, generated=False)
    name = fields.CharField(max_length=15)
    gif = fields.BooleanField(default=False)
    webp = fields.BooleanField(default=False)
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    uploaded_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "custom_emojis"
