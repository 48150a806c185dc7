"""A server's export or import between Hearths, and what an import has made so far (so a resumed
job skips it).

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

EXPORT, IMPORT = "export", "import"
PLANNED, QUEUED, RUNNING, READY, DONE, FAILED = "planned", "queued", "running", "ready", "done", "failed"
EXPIRED = "expired"


class ServerTransfer(FlakeModel):
    # An export (queued → running → ready → expired, its file deleted) or an import (planned: the dry run's report, then
    # queued → running → done). The job is the row, held by a lease as plugins/data_export's is.
    kind = fields.CharField(max_length=8)
    # The exported server; for an import, the server it made (null until made).
    server_id = fields.BigIntField(null=True, db_index=True)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    history = fields.BooleanField(default=False)
    status = fields.CharField(max_length=16)
    # In hearth().storage: the finished export, or the uploaded archive (deleted once imported).
    path = fields.CharField(max_length=255, null=True)
    size = fields.BigIntField(null=True)
    report = fields.JSONField(default=dict)
    # Authors of the archive the importer confirmed as themselves (or, an admin, as a local account).
    confirmed = fields.JSONField(default=list)
    done = fields.IntField(default=0)
    total = fields.IntField(default=0)
    attempts = fields.SmallIntField(default=0)
    lease_owner = fields.CharField(max_length=64, null=True)
    lease_until = fields.DatetimeField(null=True)
    error = fields.CharField(max_length=300, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    finished_at = fields.DatetimeField(null=True)

    class Meta:
        table = "server_transfers"


class TransferredThing(FlakeModel):
    # An id of the archive (server, role, channel, author, message) and what the import made of it.
    transfer = fields.ForeignKeyField("server_transfer.ServerTransfer", related_name=False, on_delete=fields.CASCADE)
    kind = fields.CharField(max_length=16)
    source_id = fields.CharField(max_length=32)
    local_id = fields.BigIntField()

    class Meta:
        table = "server_transferred"
        unique_together = (("transfer", "kind", "source_id"),)


class PendingMember(FlakeModel):
    # A member of the exported server who is a placeholder author here: the roles (ids made by the import) the real person
    # gets, joining the server, when they claim the placeholder (plugins/discord_import's imported_author_claimed hook).
    # The placeholder user is deleted by that claim, so it is named by id, not a foreign key.
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    placeholder_id = fields.BigIntField()
    role_ids = fields.JSONField(default=list)

    class Meta:
        table = "server_transfer_pending_members"
        unique_together = (("server", "placeholder_id"),)
