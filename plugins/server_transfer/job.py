"""The export and import jobs. The ``ServerTransfer`` row is the queue, taken with a
compare-and-set update and held by a lease renewed as the work goes, as the data export's job is
(plugins/data_export/job.py). An export whose process died is built again from the start; an
import carries on where it stopped (restore.py records what it made)."""

from __future__ import annotations

import logging
import os
import secrets
import socket
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import Q

from core.context import hearth
from plugins.discord_import.archive import ArchiveRefused
from plugins.server_transfer import export, restore
from plugins.server_transfer.models import DONE, EXPORT, FAILED, QUEUED, READY, RUNNING, ServerTransfer
from plugins.server_transfer.settings import options
from plugins.servers.models import Server

log = logging.getLogger("hearth.server_transfer")
MAX_ATTEMPTS = 3
WORKER = f"{socket.gethostname()[:40]}:{os.getpid()}"


class LostLease(Exception):
    """Another process took the job (this one was too slow to renew), or it was deleted."""


def now() -> datetime:
    return datetime.now(UTC)


async def claim(worker: str = WORKER) -> ServerTransfer | None:
    moment = now()
    candidates = (
        await ServerTransfer.filter(Q(status=QUEUED) | Q(status=RUNNING, lease_until__lt=moment))
        .order_by("id")
        .limit(5)
    )
    for job in candidates:
        unchanged = ServerTransfer.filter(id=job.id, status=job.status, attempts=job.attempts)
        if job.attempts >= MAX_ATTEMPTS:
            await unchanged.update(status=FAILED, error=f"The {job.kind} stopped too many times.", lease_owner=None)
            continue
        lease = moment + timedelta(seconds=options().lease_seconds)
        if await unchanged.update(status=RUNNING, attempts=job.attempts + 1, lease_owner=worker, lease_until=lease):
            return await ServerTransfer.get(id=job.id)
    return None


async def run_pending() -> None:
    while (job := await claim()) is not None:
        await run(job)


class Lease:
    def __init__(self, job: ServerTransfer):
        self.job = job

    async def renew(self, **changes: Any) -> None:
        held = await ServerTransfer.filter(id=self.job.id, status=RUNNING, lease_owner=self.job.lease_owner).update(
            lease_until=now() + timedelta(seconds=options().lease_seconds), **changes
        )
        if not held:
            raise LostLease


async def _export(job: ServerTransfer, lease: Lease) -> None:
    storage = hearth().storage
    server = await Server.get(id=job.server_id)
    scratch = storage.scratch_file()
    scratch.parent.mkdir(parents=True, exist_ok=True)
    stored = f"server-exports/{server.id}/{secrets.token_urlsafe(24)}/hearth-server-{job.id}.zip"
    done = 0

    async def progress(count: int) -> None:
        nonlocal done
        done += count
        await lease.renew(done=done)

    try:
        await lease.renew(done=0)
        await export.write(scratch, storage, options().max_file_bytes, server, job.history, progress)
        size = scratch.stat().st_size
        await storage.save_file(stored, scratch)
        try:
            await lease.renew(status=READY, path=stored, size=size, finished_at=now(), lease_owner=None)
        except LostLease:
            await storage.delete(stored)
            raise
    finally:
        await storage.discard(scratch)


async def run(job: ServerTransfer) -> None:
    lease = Lease(job)
    try:
        if job.kind == EXPORT:
            await _export(job, lease)
        else:
            await restore.run(job, lease)
            await lease.renew(status=DONE, finished_at=now(), lease_owner=None, path=None)
            await hearth().storage.delete(str(job.path))
    except LostLease:
        log.info("server %s %s was taken over; leaving it", job.kind, job.id)
    except Exception as error:
        log.exception("server %s %s failed (attempt %s)", job.kind, job.id, job.attempts)
        refused = isinstance(error, ArchiveRefused)
        final = refused or job.attempts >= MAX_ATTEMPTS
        message = str(error)[:300] if refused else f"The {job.kind} could not be finished."
        await ServerTransfer.filter(id=job.id, lease_owner=job.lease_owner).update(
            status=FAILED if final else QUEUED, error=message if final else None, lease_owner=None
        )
