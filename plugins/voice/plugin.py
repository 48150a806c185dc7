"""Voice: calls in server text channels and DMs (rest.md §3.22–3.24, realtime.md §4.4, §5.6, §6)."""

from core import hookimpl
from core.plugins import Manifest
from core.socket_limits import socket_limit
from plugins.voice import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

# ICE candidates come in bursts (each peer of a mesh trickles a dozen or so at once), and a
# renegotiation adds an offer and an answer: 200 signals per 10 s per socket is roomy for a
# mesh of several peers and still bounds a flood.
SIGNAL_LIMIT = (200, 10.0)
MEDIA_LIMIT = (10, 10.0)  # server-mode offers and resumes: one per (re)connection

manifest = Manifest(
    id="voice",
    name="Voice",
    version="1.0.0",
    description="Voice calls in server channels and DMs: peer-to-peer for small calls, forwarded by the server above.",
    requires=("accounts", "messages"),
    # Without servers only DM calls, without inbox only server channel calls; friends' blocks
    # refuse and end DM calls (through inbox's DM privacy). See the README.
    optional=("friends", "inbox", "servers"),
    routes=("/channels/<channel_id>/voice", "/voice"),
)


@hookimpl
def hearth_blueprints():
    from plugins.voice.routes import blueprint

    return [blueprint]


@hookimpl
def hearth_socket_handlers():
    from plugins.voice.service import service_for

    @socket_limit(*SIGNAL_LIMIT)
    async def signal_send(ctx, data=None):
        await service_for(ctx.gateway).relay(ctx, data)

    @socket_limit(*MEDIA_LIMIT)
    async def media_offer(ctx, data=None):
        await service_for(ctx.gateway).media_signal(ctx, data, "offer")

    @socket_limit(*MEDIA_LIMIT)
    async def media_resume(ctx, data=None):
        await service_for(ctx.gateway).media_signal(ctx, data, "resume")

    return {"voice:signal_send": signal_send, "voice:media_offer": media_offer, "voice:media_resume": media_resume}


@hookimpl
async def hearth_startup(app):
    from plugins.voice.service import service_for

    await service_for(app.extensions["hearth"].gateway).start()


@hookimpl
async def hearth_shutdown(app):
    from plugins.voice.service import service_for

    await service_for(app.extensions["hearth"].gateway).stop()


@hookimpl
async def authenticated_payload_late(ctx):
    # late: a call joined while the servers plugin was still joining this socket to the channel
    # rooms would be announced to rooms it is not in yet, and be missing from the read as well
    from plugins.voice.service import service_for

    return {"voiceChannelUsers": await service_for(ctx.gateway).connected(ctx)}


@hookimpl
async def socket_disconnected(ctx):
    from plugins.voice.service import service_for

    await service_for(ctx.gateway).disconnected(ctx)


# Hooks of the servers, inbox and friends plugins: they tell voice what ends a call, so none of
# them imports voice.


@hookimpl
async def server_joined_extras(server_id, user_id):
    from plugins.voice.service import service_for

    return {"voiceChannelUsers": await service_for().server_entries(server_id, user_id)}


@hookimpl
async def server_member_left(server_id, user_id):
    from plugins.voice.service import service_for

    await service_for().member_left_server(server_id, user_id)


@hookimpl
async def server_channels_removed(server_id, channel_ids):
    from plugins.voice.service import service_for

    await service_for().channels_removed(channel_ids)


@hookimpl
async def channel_access_ending(channel, user_id):
    from plugins.voice.service import service_for

    await service_for().access_ending(channel.id, user_id)


@hookimpl
async def dm_closed(user_id, channel_id):
    from plugins.voice.service import service_for

    await service_for().dm_closed(user_id, channel_id)


@hookimpl
async def user_blocked(blocker_id, blocked_id):
    from plugins.voice.service import service_for

    await service_for().blocked(blocker_id, blocked_id)
