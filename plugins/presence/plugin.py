"""Presence: online status, custom status and activities, live (rest.md §1.24, realtime.md
§3.3–3.5, §4.3, §5.1)."""

from core import hookimpl
from core.plugins import Manifest
from core.socket_limits import socket_limit
from plugins.presence import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

# Each accepted update fans out to every server and friend of the user: 10 per 10 s per socket
# is plenty for a client reporting what it plays, and bounds what a flood costs the audience.
ACTIVITY_LIMIT = (10, 10.0)

manifest = Manifest(
    id="presence",
    name="Presence",
    version="1.0.0",
    description="Online status, custom status and activities, shared across processes with Redis.",
    requires=("accounts",),
    optional=("friends", "servers"),
    routes=("/users",),
)


@hookimpl
def hearth_blueprints():
    from plugins.presence.routes import blueprint

    return [blueprint]


@hookimpl
def hearth_socket_handlers():
    from plugins.presence.activities import clean_activities
    from plugins.presence.service import service_for

    @socket_limit(*ACTIVITY_LIMIT)
    async def update_activity(ctx, data=None):
        items = clean_activities(data)
        if items is not None:
            await service_for(ctx.gateway).publish_activities(ctx, items)

    return {"user:update_activity": update_activity}


@hookimpl
async def hearth_startup(app):
    from plugins.presence.service import service_for

    await service_for(app.extensions["hearth"].gateway).start()


@hookimpl
async def hearth_shutdown(app):
    from plugins.presence.service import service_for

    await service_for(app.extensions["hearth"].gateway).stop()


@hookimpl
async def authenticated_payload(ctx):
    from plugins.presence.service import service_for

    return {"presences": await service_for(ctx.gateway).connected(ctx)}


@hookimpl
async def socket_disconnected(ctx):
    from plugins.presence.service import service_for

    await service_for(ctx.gateway).disconnected(ctx)


@hookimpl
async def friendship_accepted(user_id, friend_id):
    from plugins.presence.service import service_for

    await service_for().friendship_accepted(user_id, friend_id)


# Hooks of the servers plugin (declared in plugins/servers/hookspecs.py; without servers they
# are never called). Presence answers them, so servers needs no import of presence.


@hookimpl
async def server_member_presences(user_ids):
    from plugins.presence.service import presences_of

    return await presences_of(user_ids)


@hookimpl
async def server_members_connected(user_ids):
    from plugins.presence.service import service_for

    return await service_for().store.online(list(user_ids))


@hookimpl
async def server_member_joined(server_id, user_id):
    from plugins.presence.service import service_for

    await service_for().member_joined(server_id, user_id)


# Hook of the moderation plugin (plugins/moderation/hookspecs.py): GET /moderation/online-users.


@hookimpl
async def moderation_online_user_ids():
    from plugins.presence.service import service_for

    return await service_for().store.everyone_online()


# Hook of the push plugin (plugins/push/hookspecs.py): no push to a user whose tab is open.


@hookimpl
async def connected_user_ids(user_ids):
    from plugins.presence.service import service_for

    return await service_for().store.online(list(user_ids))
