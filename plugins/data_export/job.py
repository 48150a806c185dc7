"""The export job. The ``DataExport`` row is the queue: every process looks for work every few
seconds (``core.jobs.start_periodic``) and takes a job with a conditional update, holding it by a
lease it renews while it writes. A process that crashes or stops mid-way stops renewing; once the
lease has run out another process takes the job and builds it again from the start (a new
scratch file and a new stored name, so a half-built archive is never seen). A job claimed
``MAX_ATTEMPTS`` times without finishing fails."""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import Q

from core.context import hearth
from core.identity.models import User
from plugins.data_export import archive, mailing
from plugins.data_export.index_page import render
from plugins.data_export.models import FAILED, QUEUED, READY, RUNNING, DataExport
from plugins.data_export.settings import options

log = logging.getLogger("hearth.data_export")
MAX_ATTEMPTS = 3
PROGRESS_EVERY_SECONDS = 1.0
WORKER = f"{socket.gethostname()[:40]}:{os.getpid()}"


class LostLease(Exception):
    """Another process took the job (this one was too slow to renew), or it was deleted."""


def _now() -> datetime:
    return datetime.now(UTC)


async def claim(worker: str = WORKER) -> DataExport | None:
    """A job this process now holds, or None. Compare-and-set on (status, attempts): of two
    processes that read the same row, one update matches and the other changes nothing."""
    now = _now()
    candidates = (
        await DataExport.filter(Q(status=QUEUED) | Q(status=RUNNING, lease_until__lt=now)).order_by("id").limit(5)
    )
    for job in candidates:
        unchanged = DataExport.filter(id=job.id, status=job.status, attempts=job.attempts)
        if job.attempts >= MAX_ATTEMPTS:
            await unchanged.update(status=FAILED, error="The export stopped too many times.", lease_owner=None)
            continue
        taken = await unchanged.update(
            status=RUNNING,
            attempts=job.attempts + 1,
            lease_owner=worker,
            lease_until=now + timedelta(seconds=options().lease_seconds),
            parts_done=0,
            rows_done=0,
        )
        if taken:
            return await DataExport.get(id=job.id)
    return None


async def run_pending() -> None:
    """Build every job there is to take (one at a time per process)."""
    while (job := await claim()) is not None:
        await build(job)


class _Progress:
    def __init__(self, job: DataExport):
        self.job = job
        self.rows = 0
        self.parts = 0
        self.saved_at = 0.0

    async def rows_written(self, count: int) -> None:
        self.rows += count
        if time.monotonic() - self.saved_at >= PROGRESS_EVERY_SECONDS:
            await self.save()

    async def part_written(self) -> None:
        self.parts += 1
        await self.save()

    async def save(self, **more: Any) -> None:
        """Progress and a renewed lease, only while this process still holds the job."""
        self.saved_at = time.monotonic()
        held = await DataExport.filter(id=self.job.id, status=RUNNING, lease_owner=self.job.lease_owner).update(
            parts_done=self.parts,
            rows_done=self.rows,
            lease_until=_now() + timedelta(seconds=options().lease_seconds),
            **more,
        )
        if not held:
            raise LostLease


async def build(job: DataExport) -> None:
    storage = hearth().storage
    user = await User.get(id=job.user_id)
    parts = [part for answer in await hearth().plugins.gather("data_export_parts", user=user) for part in answer or []]
    progress = _Progress(job)
    scratch = storage.scratch_file()
    scratch.parent.mkdir(parents=True, exist_ok=True)
    writer = archive.Archive(scratch, storage, options().max_file_bytes)
    stored = f"data-exports/{user.id}/{secrets.token_urlsafe(24)}/hearth-data-{job.id}.zip"
    try:
        await progress.save(parts_total=len(parts))
        for part in parts:
            await writer.write_part(part["name"], part["title"], part["rows"], progress.rows_written)
            await progress.part_written()
        summary = {"id": str(user.id), "username": user.username, "tag": user.tag}
        await writer.finish(summary, render)
        size = scratch.stat().st_size
        await storage.save_file(stored, scratch)
        finished = _now()
        await progress.save(
            status=READY,
            path=stored,
            size=size,
            finished_at=finished,
            expires_at=finished + timedelta(hours=options().link_hours),
            lease_owner=None,
        )
    except LostLease:
        log.info("data export %s was taken over or removed; leaving it", job.id)
        await storage.delete(stored)
        return
    except Exception:
        log.exception("data export %s failed (attempt %s)", job.id, job.attempts)
        await storage.delete(stored)
        if job.attempts >= MAX_ATTEMPTS:
            await DataExport.filter(id=job.id, lease_owner=job.lease_owner).update(
                status=FAILED, error="The export could not be built.", lease_owner=None
            )
        else:  # another round tries again
            await DataExport.filter(id=job.id, lease_owner=job.lease_owner).update(status=QUEUED, lease_owner=None)
        return
    finally:
        await writer.abandon()
        await storage.discard(scratch)
    await mailing.ready(user, job.id)
