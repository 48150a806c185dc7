"""Connections: external accounts linked to a Hearth user — any OAuth2 / OpenID Connect provider
the operator configures, and the reference's Google and Google Drive routes (rest.md §12)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="connections",
    name="Connections",
    version="1.0.0",
    description="Links external accounts (OAuth2 / OpenID Connect providers the operator configures, Google).",
    requires=("accounts",),
    routes=("/connections",),
)


@hookimpl
def hearth_models():
    return ["plugins.connections.models"]


@hookimpl
def hearth_blueprints():
    from plugins.connections.google_routes import blueprint as google
    from plugins.connections.routes import blueprint

    return [google, blueprint]


@hookimpl
async def hearth_shutdown(app):
    from plugins.connections.runtime import close_client

    await close_client(app)


@hookimpl
async def authenticated_payload(ctx):
    from plugins.connections.service import list_for

    if ctx.user.bot:
        return {"user": {"connections": []}}  # as upstream sends a bot: bots link nothing
    return {"user": {"connections": await list_for(ctx.user.id)}}


@hookimpl
async def user_deleted(user, delete_content):
    # The account stays as a tombstone; its links go (rest.md §1.25: "connections … removed").
    from plugins.connections.models import LinkState, UserConnection

    await UserConnection.filter(user_id=user.id).delete()
    await LinkState.filter(user_id=user.id).delete()


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.connections.export import parts

    return parts(user)
