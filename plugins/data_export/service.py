"""Asking for one's data, following the job, downloading the result; expiry and clean-up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError
from core.identity.models import Session, User
from core.ids import parse_id
from plugins.data_export import tickets
from plugins.data_export.models import EXPIRED, FAILED, READY, DataExport
from plugins.data_export.settings import options

NOT_FOUND = "Export not found."


def _ms(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def wire(export: DataExport) -> dict[str, Any]:
    return {
        "id": str(export.id),
        "status": export.status,
        "partsDone": export.parts_done,
        "partsTotal": export.parts_total,
        "rowsDone": export.rows_done,
        "size": export.size,
        "error": export.error,
        "requestedAt": _ms(export.created_at),
        "finishedAt": _ms(export.finished_at),
        "expiresAt": _ms(export.expires_at),
    }


async def _latest(user_id: int) -> DataExport | None:
    return await DataExport.filter(user_id=user_id).order_by("-id").first()


def _next_allowed(latest: DataExport | None) -> datetime | None:
    """When the user may ask again; None: now. A failed export does not count."""
    if latest is None or latest.status == FAILED:
        return None
    allowed = latest.created_at + timedelta(hours=options().every_hours)
    return allowed if allowed > datetime.now(UTC) else None


async def state(user: User) -> dict[str, Any]:
    latest = await _latest(user.id)
    return {"export": None if latest is None else wire(latest), "nextAllowedAt": _ms(_next_allowed(latest))}


async def request_export(user: User) -> dict[str, Any]:
    async with transaction():
        await hold(User, user.id)  # two requests at once: the second sees the first's row
        latest = await _latest(user.id)
        allowed = _next_allowed(latest)
        if allowed is not None:
            ttl = int((allowed - datetime.now(UTC)).total_seconds() * 1000)
            raise ApiError(429, "You can ask for a copy of your data once a day.", None, ttl=ttl)
        export = await DataExport.create(user_id=user.id)
    return {"export": wire(export), "nextAllowedAt": _ms(_next_allowed(export))}


async def _ready_export_of(user: User, export_id: str) -> DataExport:
    parsed = parse_id(export_id)
    export = None if parsed is None else await DataExport.get_or_none(id=parsed, user_id=user.id)
    if export is None:
        raise ApiError(404, NOT_FOUND)
    if export.status == EXPIRED or (export.expires_at is not None and export.expires_at < datetime.now(UTC)):
        raise ApiError(410, "This download has expired. Ask for a new copy of your data.")
    if export.status != READY or export.path is None:
        raise ApiError(409, "Your data is not ready yet.")
    return export


async def download_ticket(user: User, session: Session, export_id: str) -> dict[str, str]:
    export = await _ready_export_of(user, export_id)
    ticket = tickets.make(hearth().settings, export.id, user.id, session.id)
    return {"url": f"/api/data-exports/{export.id}/file?ticket={ticket}"}


async def by_ticket(export_id: str, ticket: str) -> DataExport:
    """The export a ticket opens: the right export, its owner's session still signed in."""
    grant = tickets.read(hearth().settings, ticket) if ticket else None
    if grant is None or str(grant.export_id) != export_id:
        raise ApiError(403, "This download link is invalid or out of date.")
    if not await Session.filter(id=grant.session_id, user_id=grant.user_id).exists():
        raise ApiError(403, "This download link is invalid or out of date.")
    user = await User.get_or_none(id=grant.user_id)
    if user is None:
        raise ApiError(404, NOT_FOUND)
    return await _ready_export_of(user, export_id)


async def expire_old() -> None:
    """Delete the files of exports whose link ran out."""
    now = datetime.now(UTC)
    for export in await DataExport.filter(status=READY, expires_at__lt=now).limit(200):
        if await DataExport.filter(id=export.id, status=READY).update(status=EXPIRED, path=None):
            if export.path:
                await hearth().storage.delete(export.path)


async def forget_user(user_id: int) -> None:
    """The account is being deleted: its archives go with it."""
    for path in await DataExport.filter(user_id=user_id, path__not_isnull=True).values_list("path", flat=True):
        await hearth().storage.delete(str(path))
    await DataExport.filter(user_id=user_id).delete()
