"""A server's export and import between Hearths (issue 39, item 2): the owner (or an instance
admin) exports a server's structure and, optionally, its history with attachments as a zip in the
documented format (docs/export.md, ``hearth.server``); any signed-in user makes a new server from
such a file on another Hearth. Both run as leased background jobs; an import resumes."""

from core import hookimpl
from core.plugins import Manifest
from plugins.server_transfer import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="server_transfer",
    name="Server export and import",
    version="1.0.0",
    description="Export a server to a file and make a server from such a file on another Hearth.",
    # discord_import: its archive checks and its claimable placeholder authors are reused.
    requires=("accounts", "messages", "servers", "discord_import"),
    routes=("/server-transfers",),
)
EXPIRE_EVERY_SECONDS = 600


@hookimpl
def hearth_models():
    return ["plugins.server_transfer.models"]


@hookimpl
def hearth_blueprints():
    from plugins.server_transfer.routes import blueprint

    return [blueprint]


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.server_transfer.cleanup import expire_old
    from plugins.server_transfer.job import run_pending

    poll = float(app.extensions["hearth"].settings.get("server_transfer.poll_seconds", 5))
    start_periodic(app, "server_transfer.run", poll, run_pending)
    start_periodic(app, "server_transfer.expire", EXPIRE_EVERY_SECONDS, expire_old)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "server_transfer.run")
    await stop_periodic(app, "server_transfer.expire")


@hookimpl
async def user_deleted(user):
    from plugins.server_transfer.cleanup import forget_user

    await forget_user(user.id)


@hookimpl
async def imported_author_claimed(server_id, placeholder_id, user_id):
    from plugins.server_transfer.members import claimed

    await claimed(server_id, placeholder_id, user_id)
