"""One request for a user's data and the job that builds it.

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

QUEUED, RUNNING, READY, FAILED, EXPIRED = "queued", "running", "ready", "failed", "expired"


class DataExport(FlakeModel):
    # The job is the row: any process claims a queued one, or a running one whose lease ran out
    # (its process crashed or stopped), by a conditional update, and builds it again from the start.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    status = fields.CharField(max_length=16, default=QUEUED)
    # Parts written of parts to write, and rows written so far (the progress shown).
    parts_done = fields.IntField(default=0)
    parts_total = fields.IntField(default=0)
    rows_done = fields.BigIntField(default=0)
    attempts = fields.SmallIntField(default=0)
    lease_owner = fields.CharField(max_length=64, null=True)
    lease_until = fields.DatetimeField(null=True)
    # Where the finished zip is stored (hearth().storage) and its size.
    path = fields.CharField(max_length=255, null=True)
    size = fields.BigIntField(null=True)
    error = fields.CharField(max_length=300, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    finished_at = fields.DatetimeField(null=True)
    expires_at = fields.DatetimeField(null=True)

    class Meta:
        table = "data_exports"
        indexes = (("user_id", "id"), ("status", "lease_until"))
