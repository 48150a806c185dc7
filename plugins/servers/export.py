"""Servers' share of "Download your data" (docs/export.md): the servers the user is in, with their
nickname and notification settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.servers.models import Member, NotificationSetting


async def memberships(user: User) -> AsyncIterator[dict[str, Any]]:
    async for row in rows_by_id(Member.filter(user_id=user.id), "server_id", "server__name", "nickname", "joined_at"):
        yield {
            "serverId": str(row["server_id"]),
            "name": row["server__name"],
            "nickname": row["nickname"],
            "joinedAt": ms(row["joined_at"]),
        }


async def notification_settings(user: User) -> AsyncIterator[dict[str, Any]]:
    # Settings of channels and servers the user is still in; rows of servers left are gone with them.
    async for row in rows_by_id(
        NotificationSetting.filter(user_id=user.id), "server_id", "channel_id", "ping_mode", "sound_mode"
    ):
        yield {
            "serverId": None if row["server_id"] is None else str(row["server_id"]),
            "channelId": None if row["channel_id"] is None else str(row["channel_id"]),
            "pingMode": row["ping_mode"],
            "soundMode": row["sound_mode"],
        }


def parts(user: User) -> list[dict[str, Any]]:
    return [
        {"name": "servers", "title": "Servers you are in", "rows": memberships(user)},
        {"name": "notification_settings", "title": "Notification settings", "rows": notification_settings(user)},
    ]
