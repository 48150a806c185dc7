"""Support tickets (entities.md §9.1, §10.11): a ticket owns a TICKET (type 3) channel of the
messages plugin, where the opener and the instance's admins talk. Ticket ids are
auto-increment integers, as upstream. Models carry comments, not docstrings."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core.identity.models import FlakeModel

WAITING_FOR_MODERATOR, WAITING_FOR_USER, CLOSED_AS_DONE, CLOSED_AS_INVALID = 0, 1, 2, 3
STATUSES = (WAITING_FOR_MODERATOR, WAITING_FOR_USER, CLOSED_AS_DONE, CLOSED_AS_INVALID)
CLOSED = (CLOSED_AS_DONE, CLOSED_AS_INVALID)
QUESTION, ACCOUNT, ABUSE, OTHER, SERVER_VERIFICATION = range(5)
CATEGORIES = (QUESTION, ACCOUNT, ABUSE, OTHER, SERVER_VERIFICATION)


class Ticket(Model):
    id = fields.IntField(primary_key=True)
    title = fields.CharField(max_length=200)
    category = fields.SmallIntField()
    status = fields.SmallIntField(default=WAITING_FOR_MODERATOR, db_index=True)
    channel = fields.OneToOneField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    opened_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    opened_at = fields.DatetimeField(auto_now_add=True)
    last_updated_at = fields.DatetimeField(db_index=True)
    # false once staff changed the ticket, true again when the opener reads it
    seen = fields.BooleanField(null=True, default=True)

    class Meta:
        table = "tickets"


class TicketIgnore(FlakeModel):
    # A moderator muted this ticket: hidden from their list unless includeIgnored.
    ticket = fields.ForeignKeyField("tickets.Ticket", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)

    class Meta:
        table = "ticket_ignores"
        unique_together = (("ticket", "user"),)
