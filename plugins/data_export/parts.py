"""The kernel's share of a user's data: the account and its settings, sessions, uploads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.cdn.models import CdnFile
from core.identity.models import Account, Session, User
from core.keyset import ms, rows_by_id


async def _account(user: User) -> AsyncIterator[dict[str, Any]]:
    account = await Account.get_or_none(user_id=user.id)
    yield {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "hexColor": user.hex_color,
        "avatar": user.avatar,
        "banner": user.banner,
        "badges": user.badges,
        "customStatus": user.custom_status,
        "joinedAt": ms(user.joined_at),
        "email": account.email if account else None,
        "emailConfirmed": account.email_confirmed if account else None,
        "settings": None
        if account is None
        else {
            "dmStatus": account.dm_status,
            "friendRequestStatus": account.friend_request_status,
            "hideFollowers": account.hide_followers,
            "hideFollowing": account.hide_following,
        },
    }


async def _sessions(user: User) -> AsyncIterator[dict[str, Any]]:
    fields = ("ip_address", "device_type", "user_agent", "created_at", "last_seen_at")
    async for r in rows_by_id(Session.filter(user_id=user.id), *fields):
        yield {
            "id": str(r["id"]),
            "ipAddress": r["ip_address"],
            "deviceType": r["device_type"],
            "userAgent": r["user_agent"],
            "createdAt": ms(r["created_at"]),
            "lastSeenAt": ms(r["last_seen_at"]),
        }


async def _uploads(user: User) -> AsyncIterator[dict[str, Any]]:
    fields = ("kind", "path", "filename", "mimetype", "size", "created_at")
    async for r in rows_by_id(CdnFile.filter(uploader_id=user.id), *fields):
        yield {
            "id": str(r["id"]),
            "kind": r["kind"],
            "filename": r["filename"],
            "mimetype": r["mimetype"],
            "size": r["size"],
            "createdAt": ms(r["created_at"]),
            "storedFile": r["path"],
        }


def kernel_parts(user: User) -> list[dict[str, Any]]:
    return [
        {"name": "account", "title": "Account and settings", "rows": _account(user)},
        {"name": "sessions", "title": "Signed-in sessions", "rows": _sessions(user)},
        {"name": "uploads", "title": "Uploaded files", "rows": _uploads(user)},
    ]
