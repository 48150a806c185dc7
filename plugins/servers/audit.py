"""Server audit log entries (entities.md §4.11) and their listing."""

from __future__ import annotations

from typing import Any

from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.servers.models import AuditLog


async def record(server_id: int, action: str, actor_id: int | None, reason: str | None = None, **data: Any) -> None:
    body = {k: v for k, v in data.items() if v is not None}
    if reason:
        body["reason"] = reason
    await AuditLog.create(server_id=server_id, action_type=action, actor_id=actor_id, data=body)


async def listing(server_id: int, after: str | None, limit: int) -> dict[str, Any]:
    query = AuditLog.filter(server_id=server_id)
    cursor = parse_id(after)
    if cursor is not None:
        query = query.filter(id__lt=cursor)
    return await page_wire(await query.order_by("-id").limit(limit))


async def page_wire(logs: list[AuditLog]) -> dict[str, Any]:
    """``{auditLogs, users}`` for a page of entries (the moderators' cross-server list too)."""
    user_ids = {log.actor_id for log in logs if log.actor_id}
    user_ids |= {int(v) for log in logs for k, v in log.data.items() if k.endswith("UserId") and str(v).isdigit()}
    users = await User.filter(id__in=user_ids) if user_ids else []
    return {
        "auditLogs": [
            {
                "id": str(log.id),
                "serverId": str(log.server_id),
                "actionType": log.action_type,
                "actionById": str(log.actor_id) if log.actor_id else "System",
                "data": {k: v for k, v in log.data.items() if k != "reason"} or None,
                "reason": log.data.get("reason"),
                "createdAt": ms(log.created_at),
            }
            for log in logs
        ],
        "users": [{"id": str(u.id), "username": u.username} for u in users],
    }
