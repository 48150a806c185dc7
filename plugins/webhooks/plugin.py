"""Webhooks: per-channel incoming webhooks (rest.md §4.10, §17)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="webhooks",
    name="Webhooks",
    version="1.0.0",
    description="Incoming channel webhooks: manage them in a channel's settings, post to them (plain or GitHub).",
    requires=("accounts", "messages", "servers"),
    optional=("threads",),  # ?thread_id= posts into a thread of the webhook's channel
    routes=("/servers/<server_id>/channels/<channel_id>/webhooks", "/webhooks"),
)


@hookimpl
def hearth_models():
    return ["plugins.webhooks.models"]


@hookimpl
def hearth_blueprints():
    from plugins.webhooks.routes import blueprint, execute_blueprint

    return [blueprint, execute_blueprint]


@hookimpl
async def hearth_startup(app):
    # Finish the purge of webhooks whose deletion was interrupted (flagged, rows still there).
    from plugins.webhooks.service import purge_flagged

    await purge_flagged()


@hookimpl
async def webhook_authors(webhook_ids):
    from plugins.webhooks.service import authors

    return await authors(webhook_ids)
