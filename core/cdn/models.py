from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class CdnFile(FlakeModel):
    # An uploaded file: entities store ``path``, served at /cdn/<path>. (A comment, not a
    # docstring: Tortoise turns docstrings into table comments and SQLite splits them on ";".)

    uploader = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    kind = fields.CharField(max_length=32)
    group_id = fields.CharField(max_length=32, null=True)
    path = fields.CharField(max_length=255, unique=True)
    filename = fields.CharField(max_length=255)
    mimetype = fields.CharField(max_length=128)
    size = fields.BigIntField()
    width = fields.IntField(null=True)
    height = fields.IntField(null=True)
    animated = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "cdn_files"
