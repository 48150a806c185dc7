"""Emojis: custom emojis of servers (rest.md §4.8)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="emojis",
    name="Custom emojis",
    version="1.0.0",
    description="Custom emojis uploaded to servers, usable in messages and reactions.",
    requires=("accounts", "servers"),
    # Only this sub-path of /servers: the servers plugin serves the rest (claims are per route).
    routes=("/servers/<server_id>/emojis",),
)


@hookimpl
def hearth_models():
    return ["plugins.emojis.models"]


@hookimpl
def hearth_blueprints():
    from plugins.emojis.routes import blueprint

    return [blueprint]


@hookimpl
async def server_extras(server_ids):
    from plugins.emojis.service import compact_by_server

    emojis = await compact_by_server(server_ids)
    return {server_id: {"customEmojis": items} for server_id, items in emojis.items()}
