"""Moderation: the instance staff's tools (rest.md §8 except tickets) — servers, users,
suspensions, warnings, shadow bans, IP bans, audit logs, stats, suggestions — and the account
standing the kernel consults on every authentication."""

from typing import Any

from core import hookimpl
from core.plugins import Manifest
from plugins.moderation import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="moderation",
    name="Moderation",
    version="1.0.0",
    description="Instance moderators: servers, users, suspensions, warnings, shadow and IP bans, audit logs, stats.",
    requires=("accounts",),
    # Servers and messages add the server pages, the channel viewer and their figures; the others
    # answer moderation's hooks (posts, listings, who is online) or add a tab (tickets).
    optional=("messages", "servers", "posts", "explore", "presence", "tickets"),
    routes=("/moderation", "/users/notices", "/instance"),
)


@hookimpl
def hearth_models():
    return ["plugins.moderation.models"]


@hookimpl
def hearth_blueprints(plugins):
    from plugins.moderation.routes import blueprints

    return blueprints(plugins)


@hookimpl
def hearth_account_standing(settings):
    from plugins.moderation.standing import ModerationStanding

    return ModerationStanding()


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.moderation import jobs, standing

    await standing.install(app)
    from plugins.moderation import instance

    app.extensions["hearth"].gateway.on_everywhere(instance.CHANGED, instance.forget_everywhere_handler)
    settings = app.extensions["hearth"].settings
    start_periodic(
        app,
        "moderation",
        settings.get("moderation.jobs_interval_seconds", jobs.DEFAULT_INTERVAL_SECONDS),
        lambda: jobs.run_once(settings),
    )


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "moderation")


@hookimpl
async def authenticated_payload(ctx):
    from plugins.moderation.notices import self_user_slice

    return await self_user_slice(ctx.user.id)


# Hooks of the servers plugin (plugins/servers/hookspecs.py).


@hookimpl
async def server_deletion_scheduled(server_id, moderator_id, reason):
    from plugins.moderation.servers import deletion_scheduled

    await deletion_scheduled(server_id, moderator_id, reason)


@hookimpl
async def server_deletion_unscheduled(server_id, moderator_id):
    from plugins.moderation.servers import deletion_unscheduled

    await deletion_unscheduled(server_id, moderator_id)


@hookimpl
async def user_deleted(user: Any, delete_content: bool):
    from plugins.moderation.models import Notice, ShadowBan, Strikes

    await Notice.filter(user_id=user.id).delete()
    await ShadowBan.filter(user_id=user.id).delete()
    await Strikes.filter(user_id=user.id).delete()


@hookimpl
async def registration_mode_override():
    from plugins.moderation.instance import registration_override

    return await registration_override()
