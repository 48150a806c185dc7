"""Moderation shapes on the wire (rest.md §8, entities.md §9.4): epoch-ms times, string ids,
nullable columns as null."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.identity.models import User
from core.wire import full_user, ms, sid
from plugins.moderation.models import AuditEntry, ShadowBan, Suspension


def brief_user(user: User, *keys: str) -> dict[str, Any]:
    """``{id, username, tag}`` plus the named public fields (``badges``, ``avatar``…)."""
    names = {"hexColor": "hex_color", "joinedAt": "joined_at"}
    data: dict[str, Any] = {"id": str(user.id), "username": user.username, "tag": user.tag}
    for key in keys:
        value = getattr(user, names.get(key, key))
        data[key] = ms(value) if isinstance(value, datetime) else value
    return data


def active(suspension: Suspension | None, at: datetime) -> Suspension | None:
    """Expired suspensions show as null (rest.md §8.2)."""
    if suspension is None or (suspension.expire_at is not None and suspension.expire_at <= at):
        return None
    return suspension


def suspension_wire(row: Suspension | None, suspend_by: User | None = None, with_by: bool = False) -> dict | None:
    if row is None:
        return None
    data = {
        "id": str(row.id),
        "userId": str(row.user_id),
        "suspendedAt": ms(row.suspended_at),
        "expireAt": ms(row.expire_at),
        "reason": row.reason,
        "suspendedById": sid(row.suspended_by_id),
        "userDeleted": row.user_deleted,
        "emailHash": row.email_hash,
    }
    if with_by:
        data["suspendBy"] = full_user(suspend_by) if suspend_by else None
    return data


def shadow_ban_wire(row: ShadowBan | None) -> dict | None:
    if row is None:
        return None
    return {
        "id": str(row.id),
        "userId": str(row.user_id),
        "bannedAt": ms(row.banned_at),
        "reason": row.reason,
        "bannedById": sid(row.banned_by_id),
    }


def audit_wire(entry: AuditEntry, action_by: User | None) -> dict[str, Any]:
    return {
        "id": str(entry.id),
        "createdAt": ms(entry.created_at),
        "actionById": sid(entry.action_by_id),
        "actionType": entry.action_type,
        "serverName": entry.server_name,
        "serverId": sid(entry.server_id),
        "channelId": sid(entry.channel_id),
        "channelName": entry.channel_name,
        "userId": sid(entry.user_id),
        "username": entry.username,
        "count": entry.count,
        "reason": entry.reason,
        "expireAt": ms(entry.expire_at),
        "actionBy": full_user(action_by) if action_by else None,
    }
