"""One row per wave, so ``GET /api/hello/waves`` counts the rows addressed to the caller."""

from tortoise import fields

from core.identity.models import FlakeModel


class Wave(FlakeModel):
    from_user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    to_user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE, db_index=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "hello_waves"
