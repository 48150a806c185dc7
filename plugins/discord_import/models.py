"""A Discord import into a server, and what it has made so far (so a resumed job skips it).

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

PLANNED, QUEUED, RUNNING, DONE, FAILED = "planned", "queued", "running", "done", "failed"
CATEGORY, CHANNEL, AUTHOR, MESSAGE = "category", "channel", "author", "message"


class DiscordImport(FlakeModel):
    # Uploaded and checked (planned: the dry run's report), then started by the owner; the job is
    # the row, held by a lease as plugins/data_export's is.
    server_id = fields.BigIntField(db_index=True)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    status = fields.CharField(max_length=16, default=PLANNED)
    # The uploaded archive in hearth().storage (deleted once the import is done).
    archive = fields.CharField(max_length=255, null=True)
    report = fields.JSONField(default=dict)
    messages_total = fields.IntField(default=0)
    messages_done = fields.IntField(default=0)
    channels_done = fields.IntField(default=0)
    attempts = fields.SmallIntField(default=0)
    lease_owner = fields.CharField(max_length=64, null=True)
    lease_until = fields.DatetimeField(null=True)
    error = fields.CharField(max_length=300, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    finished_at = fields.DatetimeField(null=True)

    class Meta:
        table = "discord_imports"


class ImportedThing(FlakeModel):
    # A Discord id (category, channel, author or message) and what the import made of it.
    # Authors are kept per server: two imports into one server share its placeholder users.
    # No job: a placeholder made by another importer (plugins/server_transfer, through
    # placeholders.py), claimable the same way.
    job = fields.ForeignKeyField(
        "discord_import.DiscordImport", related_name=False, null=True, on_delete=fields.CASCADE
    )
    server_id = fields.BigIntField()
    kind = fields.CharField(max_length=16)
    discord_id = fields.CharField(max_length=32)
    local_id = fields.BigIntField()

    class Meta:
        table = "discord_imported"
        unique_together = (("job", "kind", "discord_id"),)
        indexes = (("server_id", "kind", "discord_id"),)


class ClaimLink(FlakeModel):
    # A one-time link the server's owner gives to the real person behind a placeholder author:
    # following it (signed in) moves the placeholder's messages and reactions to them. Only the
    # sha256 of the token is kept; the link is consumed by deleting this row.
    token_hash = fields.CharField(max_length=64, unique=True)
    server_id = fields.BigIntField()
    placeholder = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    expires_at = fields.DatetimeField()

    class Meta:
        table = "discord_claim_links"
