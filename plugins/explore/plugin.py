"""Explore: public server listings, joining from them, bumping; the server of a custom emoji."""

from datetime import UTC

from core import hookimpl
from core.plugins import Manifest
from plugins.explore import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="explore",
    name="Explore",
    version="1.0.0",
    description="Publish servers on the explore page, list, search, join and bump them.",
    requires=("accounts", "messages", "servers"),
    optional=("emojis",),
    routes=("/explore", "/emojis"),
)


@hookimpl
def hearth_models():
    return ["plugins.explore.models"]


@hookimpl
def hearth_blueprints():
    from plugins.explore.routes import blueprint

    return [blueprint]


# Hooks of the moderation plugin (plugins/moderation/hookspecs.py); unused without it.


@hookimpl
async def moderation_server_listings(server_ids):
    from core.wire import ms
    from plugins.explore.models import ExploreItem

    items = await ExploreItem.filter(server_id__in=list(server_ids)) if server_ids else []
    return {item.server_id: {"id": str(item.id), "pinnedAt": ms(item.pinned_at)} for item in items}


@hookimpl
async def moderation_pin_server(server_id, pinned):
    from datetime import datetime

    from plugins.explore.models import ExploreItem

    changed = await ExploreItem.filter(server_id=server_id).update(pinned_at=datetime.now(UTC) if pinned else None)
    return True if changed else None
