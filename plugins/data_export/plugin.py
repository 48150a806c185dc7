"""Download your data (issue 39): a zip of everything a user has on this instance, built by a job
that survives restarts and crashes, mailed as a link that only its owner can follow. Every plugin
adds its part through the ``data_export_parts`` hook (docs/export.md); this plugin knows none."""

from core import hookimpl
from core.plugins import Manifest
from plugins.data_export import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="data_export",
    name="Download your data",
    version="1.0.0",
    description="A zip of a user's data (profile, messages, posts, uploads…) in a documented format.",
    requires=("accounts",),
    routes=("/data-exports",),
)

EXPIRE_EVERY_SECONDS = 600


@hookimpl
def hearth_models():
    return ["plugins.data_export.models"]


@hookimpl
def hearth_blueprints():
    from plugins.data_export.routes import blueprint

    return [blueprint]


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.data_export.job import run_pending
    from plugins.data_export.service import expire_old

    poll = float(app.extensions["hearth"].settings.get("data_export.poll_seconds", 5))
    start_periodic(app, "data_export.build", poll, run_pending)
    start_periodic(app, "data_export.expire", EXPIRE_EVERY_SECONDS, expire_old)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "data_export.build")
    await stop_periodic(app, "data_export.expire")


@hookimpl
def data_export_parts(user):
    from plugins.data_export.parts import kernel_parts

    return kernel_parts(user)


@hookimpl
async def user_deleted(user):
    from plugins.data_export.service import forget_user

    await forget_user(user.id)
