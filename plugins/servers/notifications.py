"""Per-server and per-channel notification settings (rest.md §1.34, spec §4)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.ids import parse_id
from plugins.messages.models import Channel
from plugins.servers.models import NotificationSetting
from plugins.servers.permissions import MemberContext

MUTE = 2


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
