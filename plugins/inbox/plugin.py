"""Inbox: direct messages between two people (and "saved notes" with yourself)."""

from core import hookimpl
from core.plugins import Manifest
from plugins.inbox import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="inbox",
    name="Inbox",
    version="1.0.0",
    description="Direct messages: open and close DMs, DM privacy, DM notices, the inbox list.",
    requires=("accounts", "messages"),
    optional=("friends", "servers"),
    routes=("/users", "/channels"),
)


@hookimpl
def hearth_models():
    return ["plugins.inbox.models"]


@hookimpl
def hearth_blueprints():
    from plugins.inbox.routes import channels, users

    return [users, channels]


@hookimpl
def channel_kinds():
    from plugins.inbox.service import DirectMessages
    from plugins.messages.models import DM_TEXT

    return {DM_TEXT: DirectMessages()}


@hookimpl
async def authenticated_payload(ctx):
    from plugins.inbox.service import payload

    if ctx.user.bot:
        return None  # bots get no inbox (realtime.md §3.4)
    return await payload(ctx.user.id)


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.inbox.export import parts

    return parts(user)
