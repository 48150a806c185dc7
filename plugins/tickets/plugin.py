"""Tickets: users' support tickets and the admins' side of them (rest.md §9, §8.4). A ticket
is a TICKET (type 3) channel of the messages plugin; this plugin registers its channel kind."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="tickets",
    name="Tickets",
    version="1.0.0",
    description="Support tickets between users and the instance's admins.",
    requires=("accounts", "messages"),
    routes=("/tickets", "/moderation/tickets"),
)


@hookimpl
def hearth_models():
    return ["plugins.tickets.models"]


@hookimpl
def hearth_blueprints():
    from plugins.tickets.routes import blueprint, moderation_blueprint

    return [blueprint, moderation_blueprint]


@hookimpl
def channel_kinds():
    from plugins.messages.models import TICKET
    from plugins.tickets.kind import TicketChannels

    return {TICKET: TicketChannels()}


@hookimpl
async def authenticated_payload(ctx):
    from plugins.tickets.live import FEATURE, room

    if FEATURE in ctx.features:
        await ctx.join(room(ctx.user.id))
    return {}


@hookimpl
async def message_sent(message, access):
    ticket = access.extra.get("ticket")
    if ticket is None:
        return
    from plugins.messages.wire import serialize_message
    from plugins.tickets.live import ticket_message

    await ticket_message(ticket, await serialize_message(message, None, fresh=True))
