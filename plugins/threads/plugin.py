"""Threads: conversations branched from a message of a server text channel (issue 35). A thread
is a THREAD channel of the messages plugin, registered through the ``channel_kinds`` hook; only
clients that opt in (``features: ["threads"]``, ``X-Hearth-Features: threads``) meet one."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="threads",
    name="Threads",
    version="1.0.0",
    description="Threads on messages of server channels: follow, unread counts, archive and lock.",
    requires=("accounts", "messages", "servers"),
    routes=("/threads",),
)

ARCHIVE_EVERY_SECONDS = 60


@hookimpl
def hearth_models():
    return ["plugins.threads.models"]


@hookimpl
def hearth_blueprints():
    from plugins.threads.routes import blueprint

    return [blueprint]


@hookimpl
def channel_kinds():
    from plugins.threads.kind import ThreadChannels
    from plugins.threads.models import THREAD

    return {THREAD: ThreadChannels()}


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.threads import live
    from plugins.threads.service import archive_inactive

    live.install(app.extensions["hearth"].gateway)
    start_periodic(app, "threads.archive", ARCHIVE_EVERY_SECONDS, archive_inactive)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "threads.archive")


@hookimpl
async def authenticated_payload(ctx):
    from plugins.threads.follow import unread
    from plugins.threads.live import FEATURE

    if FEATURE not in ctx.features:
        return {}
    return {"threads": {"unread": await unread(ctx.user)}}


@hookimpl
async def server_channels_removed(server_id, channel_ids):
    from plugins.threads.service import remove_threads_of

    await remove_threads_of([int(c) for c in channel_ids])
