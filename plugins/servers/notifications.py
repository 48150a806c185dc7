"""Per-server and per-channel notification settings (rest.md §1.34, spec §4)."""

from __future__ import annotations

from typing import Any

from tortoise.expressions import Subquery

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.ids import parse_id
from plugins.messages import passive
from plugins.messages.models import Channel
from plugins.servers.models import Member, NotificationSetting, Server
from plugins.servers.permissions import MemberContext

MENTIONS_ONLY, MUTE = 1, 2
QUIET_DEFAULTS = (MENTIONS_ONLY,)  # a server's default is all messages or mentions only


def wire(row: NotificationSetting) -> dict[str, Any]:
    return {
        "notificationPingMode": row.ping_mode,
        "notificationSoundMode": row.sound_mode,
        "serverId": str(row.server_id) if row.server_id else None,
        "channelId": str(row.channel_id) if row.channel_id else None,
        "userId": str(row.user_id),
    }


async def update(ctx: MemberContext, channel_id: str | None, changes: dict[str, Any]) -> None:
    user_id = ctx.user.id
    if channel_id is not None:
        parsed = parse_id(channel_id)
        if parsed is None or not await Channel.exists(id=parsed, server_id=ctx.server.id, deleting=False):
            raise bad_request("Channel does not exist.")
        row, _ = await NotificationSetting.get_or_create(user_id=user_id, channel_id=parsed, server_id=None)
        target: dict[str, Any] = {"channelId": str(parsed)}
    else:
        row, _ = await NotificationSetting.get_or_create(
            user_id=user_id, server_id=ctx.server.id, channel_id=None, defaults={"ping_mode": 0, "sound_mode": 0}
        )
        target = {"serverId": str(ctx.server.id)}
    updated: dict[str, Any] = {}
    if "notificationPingMode" in changes:
        row.ping_mode = changes["notificationPingMode"]
        updated["notificationPingMode"] = row.ping_mode
    if "notificationSoundMode" in changes:
        row.sound_mode = changes["notificationSoundMode"]
        updated["notificationSoundMode"] = row.sound_mode
    async with transaction():
        await row.save(update_fields=["ping_mode", "sound_mode"])
        await hearth().gateway.emit(
            "user:notification_settings_update", {**target, "updated": updated}, to=str(user_id)
        )
        await passive.refresh(user_id)  # which channels passive sockets hear summarised


async def summarised_channel_ids(user_id: int) -> list[str]:
    """The user's channels whose ping mode in effect (the channel's, else its server's, else the
    server's default, else ALL) is mentions only or mute: their new messages do not notify
    (passive delivery)."""
    rows = await NotificationSetting.filter(user_id=user_id).values_list("server_id", "channel_id", "ping_mode")
    by_channel = {channel: mode for _, channel, mode in rows if channel is not None and mode is not None}
    own = {server: mode for server, channel, mode in rows if channel is None and mode is not None}
    quiet_servers = {server for server, mode in own.items() if mode in (MENTIONS_ONLY, MUTE)}
    quiet_by_default = await Server.filter(
        id__in=Subquery(Member.filter(user_id=user_id).values("server_id")), default_ping_mode__in=QUIET_DEFAULTS
    ).values_list("id", flat=True)
    quiet_servers.update(server for server in quiet_by_default if server not in own)
    quiet = {channel for channel, mode in by_channel.items() if mode in (MENTIONS_ONLY, MUTE)}
    if quiet_servers:
        channels = await Channel.filter(server_id__in=quiet_servers, deleting=False).values_list("id", flat=True)
        quiet.update(channel for channel in channels if channel not in by_channel)
    return [str(channel) for channel in quiet]


async def muted_user_ids(server_id: int, channel_id: int, user_ids: list[int]) -> set[int]:
    """Users whose effective ping mode in the channel is MUTE (channel setting, else server)."""
    rows = await NotificationSetting.filter(user_id__in=user_ids, channel_id=channel_id) if user_ids else []
    by_channel = {r.user_id: r.ping_mode for r in rows}
    server_rows = await NotificationSetting.filter(user_id__in=user_ids, server_id=server_id) if user_ids else []
    by_server = {r.user_id: r.ping_mode for r in server_rows}
    muted = set()
    for user_id in user_ids:
        mode = by_channel.get(user_id)
        if mode is None:
            mode = by_server.get(user_id)
        if mode == MUTE:
            muted.add(user_id)
    return muted


async def payload(user_id: int) -> list[dict[str, Any]]:
    return [wire(row) for row in await NotificationSetting.filter(user_id=user_id)]
