"""Messages: channels and messages shared by direct messages and server channels."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="messages",
    name="Messages",
    version="1.0.0",
    description="Channels, messages, replies, mentions, reactions, pins, typing and read state.",
    requires=("accounts",),
    routes=("/channels",),
)


@hookimpl
def hearth_models():
    return ["plugins.messages.models"]


@hookimpl
def hearth_blueprints():
    from plugins.messages.routes import blueprint

    return [blueprint]


@hookimpl
def hearth_socket_handlers():
    from plugins.messages.sockets import HANDLERS

    return HANDLERS


@hookimpl
async def authenticated_payload(ctx):
    from plugins.messages.payload import read_state

    return await read_state(ctx.user.id)
