"""Shapes shared by every plugin on the wire: epoch-ms timestamps, string ids, users."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def ms(value: datetime | None) -> int | None:
    return None if value is None else int(value.timestamp() * 1000)


def sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def public_user(user: Any) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "hexColor": user.hex_color,
        "avatar": user.avatar,
        "banner": user.banner,
        "badges": user.badges,
        "bot": user.bot,
        "joinedAt": ms(user.joined_at),
    }


def full_user(user: Any) -> dict[str, Any]:
    return {
        **public_user(user),
        "status": user.status,
        "customStatus": user.custom_status,
        "lastOnlineAt": ms(user.last_online_at),
        "lastOnlineStatus": user.last_online_status,
    }
