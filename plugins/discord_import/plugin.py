"""Discord import (issue 39, part 2): a server owner uploads a DiscordChatExporter export, sees
what it would make (a dry run), and imports its channels and history into their server as a
resumable background job. No Discord token, no call to Discord."""

from core import hookimpl
from core.plugins import Manifest
from plugins.discord_import import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="discord_import",
    name="Discord import",
    version="1.0.0",
    description="Import a server's channels and history from DiscordChatExporter's JSON export.",
    requires=("accounts", "messages", "servers"),
    routes=("/discord-imports",),
)


@hookimpl
def hearth_models():
    return ["plugins.discord_import.models"]


@hookimpl
def hearth_blueprints():
    from plugins.discord_import.routes import blueprint

    return [blueprint]


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.discord_import.job import run_pending

    poll = float(app.extensions["hearth"].settings.get("discord_import.poll_seconds", 5))
    start_periodic(app, "discord_import.run", poll, run_pending)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "discord_import.run")
