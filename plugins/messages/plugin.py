"""Messages: channels and messages shared by direct messages and server channels."""

from core import hookimpl
from core.plugins import Manifest
from plugins.messages import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="messages",
    name="Messages",
    version="1.0.0",
    description="Channels, messages, replies, mentions, reactions, pins, typing and read state.",
    requires=("accounts",),
    # GET /users/notifications (the inbox of mentions); the servers plugin serves the POST.
    routes=("/channels", "/users/notifications"),
)


@hookimpl
def hearth_models():
    return ["plugins.messages.models"]


@hookimpl
def hearth_blueprints():
    from plugins.messages.routes import blueprint
    from plugins.messages.search_routes import blueprint as search_blueprint
    from plugins.messages.search_routes import notifications_blueprint

    return [blueprint, search_blueprint, notifications_blueprint]


@hookimpl
def hearth_socket_handlers():
    from plugins.messages.sockets import HANDLERS

    return HANDLERS


@hookimpl
async def hearth_startup(app):
    from plugins.messages import passive
    from plugins.messages.extensions import install

    install(app)  # what other plugins add (channel kinds, the role resolver), for this app only
    passive.install(app.extensions["hearth"].gateway)  # its quiet events for passive sockets


@hookimpl
async def authenticated_payload(ctx):
    from plugins.messages.echo import join_own_room
    from plugins.messages.payload import read_state

    await join_own_room(ctx)
    return await read_state(ctx.user.id, ctx.features)


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.messages.export import parts

    return parts(user)
