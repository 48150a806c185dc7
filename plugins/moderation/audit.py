"""The moderators' audit log (ModAuditLog, entities.md §10.13) and its listing (rest.md §8.3)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise.expressions import Q

from core import features
from core.identity.models import User
from core.ids import parse_id
from plugins.moderation.models import AuditEntry
from plugins.moderation.paging import Page
from plugins.moderation.wire import audit_wire

(
    USER_SUSPEND,
    USER_UNSUSPEND,
    USER_UPDATE,
    SERVER_DELETE,
    SERVER_UPDATE,
    POST_DELETE,
    USER_SUSPEND_UPDATE,
    USER_WARNED,
    IP_BAN,
    SERVER_DELETE_UNDO,
    USER_SHADOW_BANNED,
    UNDO_USER_SHADOW_BANNED,
) = range(12)
REFUSED = 100  # Hearth's own: a staff action refused by rank (ranks.py); reason "<action>: <message>"
# Hearth's own: an instance invite made (reason: its hint, count: its uses) or revoked (invite_routes.py)
INSTANCE_INVITE_CREATED, INSTANCE_INVITE_REVOKED = 101, 102
INSTANCE_UPDATE = 103  # Hearth's own: the instance settings changed (instance.py); reason names them
# Action types from here on are Hearth's own: listed only to callers that name this feature, since
# the protocol's clients know 0–11 and show nothing sensible for the rest.
HEARTH_OWN_FROM = 100
FEATURE = "audit_actions"


def entry(
    action: int,
    by: int,
    *,
    user: User | None = None,
    server: Any = None,
    reason: str | None = None,
    expire_at: datetime | None = None,
    count: int | None = None,
) -> AuditEntry:
    """An unsaved entry; callers save a batch with ``AuditEntry.bulk_create``."""
    return AuditEntry(
        action_type=action,
        action_by_id=by,
        user_id=user.id if user else None,
        username=user.username if user else None,
        server_id=server.id if server else None,
        server_name=server.name if server else None,
        reason=reason,
        expire_at=expire_at,
        count=count,
    )


async def record(action: int, by: int, **details: Any) -> None:
    await entry(action, by, **details).save()


async def record_many(entries: list[AuditEntry]) -> None:
    if entries:
        await AuditEntry.bulk_create(entries)


async def listing(page: Page, query: str | None = None) -> list[dict[str, Any]]:
    rows = AuditEntry.all()
    if not features.asked_unless_elsewhere(FEATURE):
        rows = rows.filter(action_type__lt=HEARTH_OWN_FROM)
    if query is not None:
        target = parse_id(query)
        if target is None:
            return []
        rows = rows.filter(Q(server_id=target) | Q(user_id=target) | Q(action_by_id=target))
    if page.after is not None:
        rows = rows.filter(id__lt=page.after)
    entries = await rows.order_by("-id").limit(page.limit)
    by_ids = {e.action_by_id for e in entries if e.action_by_id}
    users = {u.id: u for u in await User.filter(id__in=by_ids)} if by_ids else {}
    return [audit_wire(e, users.get(e.action_by_id)) for e in entries]
