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


# plugins/server_transfer's hooks (its hookspecs.py): the server's emojis in its export and
# import. Unused without that plugin.
@hookimpl
async def server_transfer_parts(server_id):
    from plugins.emojis.transfer import parts

    return await parts(server_id)


@hookimpl
def server_transfer_check(part, items):
    from plugins.emojis.transfer import check

    return check(part, items)


@hookimpl
async def server_transfer_left_out(part, items, files):
    from plugins.emojis.transfer import left_out

    return await left_out(part, items, files)


@hookimpl
async def server_transfer_restore(server_id, user_id, part, items, files):
    from plugins.emojis.transfer import restore

    return await restore(server_id, user_id, part, items, files)
