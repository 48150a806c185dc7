"""What is kept, and for how long: a finished export for ``keep_hours`` (then its file is deleted
and it is ``expired``); an uploaded file never started, or of a failed import, as long (then its
file is deleted); everything of an account when it is deleted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.context import hearth
from plugins.server_transfer.models import EXPIRED, EXPORT, FAILED, IMPORT, PLANNED, READY, ServerTransfer
from plugins.server_transfer.settings import options

ROUND = 200
NOT_STARTED = "The import was not started in time; upload the file again."


async def expire_old() -> None:
    before = datetime.now(UTC) - timedelta(hours=options().keep_hours)
    storage = hearth().storage
    for job in await ServerTransfer.filter(kind=EXPORT, status=READY, finished_at__lt=before).limit(ROUND):
        if await ServerTransfer.filter(id=job.id, status=READY).update(status=EXPIRED, path=None) and job.path:
            await storage.delete(job.path)
    for job in await ServerTransfer.filter(kind=IMPORT, status=PLANNED, created_at__lt=before).limit(ROUND):
        if await ServerTransfer.filter(id=job.id, status=PLANNED).update(status=FAILED, error=NOT_STARTED, path=None):
            if job.path:
                await storage.delete(job.path)
    for job in await ServerTransfer.filter(kind=IMPORT, status=FAILED, path__not_isnull=True).limit(ROUND):
        if await ServerTransfer.filter(id=job.id, status=FAILED, path=job.path).update(path=None) and job.path:
            await storage.delete(job.path)


async def forget_user(user_id: int) -> None:
    """The account is being deleted: its exports and uploaded files go with it (a server it
    imported is its own matter: plugins/servers)."""
    for path in await ServerTransfer.filter(user_id=user_id, path__not_isnull=True).values_list("path", flat=True):
        await hearth().storage.delete(str(path))
    await ServerTransfer.filter(user_id=user_id).delete()
