"""Every server's audit log for moderators (rest.md §8.2 ``GET /moderation/users/audit-logs``):
``q`` is a server id or the id of whoever acted. Mounted only with the servers plugin (optional)."""

from __future__ import annotations

from typing import Any

from tortoise.expressions import Q

from core.context import hearth
from core.ids import parse_id
from plugins.moderation.paging import Page

EMPTY = {"auditLogs": [], "users": [], "servers": []}


async def listing(page: Page, q: str | None) -> dict[str, Any]:
    if not hearth().plugins.enabled("servers"):
        return dict(EMPTY)
    from plugins.servers.audit import page_wire
    from plugins.servers.models import AuditLog, Server

    query = AuditLog.all()
    if q:
        target = parse_id(q)
        if target is None:
            return dict(EMPTY)
        query = query.filter(Q(server_id=target) | Q(actor_id=target))
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    logs = await query.order_by("-id").limit(page.limit)
    body = await page_wire(logs)
    servers = await Server.filter(id__in={log.server_id for log in logs}) if logs else []
    body["servers"] = [{"id": str(s.id), "name": s.name} for s in servers]
    return body
