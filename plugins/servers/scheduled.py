"""Moderator-scheduled server deletion (rest.md §8.1): schedule, unschedule, and the job that
deletes servers whose delay has passed (``servers.scheduled_deletion_delay_hours``, checked
every ``servers.scheduled_deletion_interval_seconds`` by a ``core.jobs`` loop started at start-up)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.servers.models import Server

log = logging.getLogger("hearth.servers")
DEFAULT_DELAY_HOURS = 120  # "executed ~5 days later by a job"
DEFAULT_INTERVAL_SECONDS = 600


def now() -> datetime:
    return datetime.now(UTC)


def delay(settings: Any = None) -> timedelta:
    settings = settings if settings is not None else hearth().settings
    return timedelta(hours=float(settings.get("servers.scheduled_deletion_delay_hours", DEFAULT_DELAY_HOURS)))


async def _server(server_id: str) -> Server:
    parsed = parse_id(server_id)
    server = await Server.get_or_none(id=parsed) if parsed is not None else None
    if server is None:
        raise ApiError(404, "Server does not exist.")
    return server


async def schedule(moderator: User, server_id: str, reason: str) -> dict[str, Any]:
    server = await _server(server_id)
    at = now()
    async with transaction():
        claimed = await Server.filter(id=server.id, scheduled_for_deletion__isnull=True).update(
            scheduled_for_deletion=at, scheduled_deletion_by_id=moderator.id
        )
        if not claimed:
            raise ApiError(400, "Failed to schedule server deletion.")  # upstream: 500 (already scheduled)
        await hearth().gateway.emit(
            "server:schedule_delete", {"serverId": str(server.id), "scheduleAt": ms(at)}, to=str(server.id)
        )
        await hearth().plugins.gather(
            "server_deletion_scheduled", server_id=server.id, moderator_id=moderator.id, reason=reason
        )
    return {"serverId": str(server.id), "scheduledByUserId": str(moderator.id), "scheduledAt": ms(at)}


async def unschedule(moderator: User, server_id: str) -> None:
    server = await _server(server_id)
    if server.scheduled_for_deletion is None:
        raise ApiError(404, "Server is already not scheduled to delete.")
    async with transaction():
        if not await Server.filter(id=server.id, scheduled_for_deletion__isnull=False).update(
            scheduled_for_deletion=None, scheduled_deletion_by_id=None
        ):
            raise ApiError(400, "Failed to de-schedule server deletion.")  # upstream: 500 (a race)
        await hearth().gateway.emit("server:remove_schedule_delete", {"serverId": str(server.id)}, to=str(server.id))
        await hearth().plugins.gather("server_deletion_unscheduled", server_id=server.id, moderator_id=moderator.id)


async def delete_due(at: datetime | None = None) -> list[int]:
    """Delete every server scheduled longer ago than the delay; returns their ids. Safe to run
    on several workers at once: each server is deleted (and announced) once."""
    from plugins.servers.service import erase_server

    cutoff = (at or now()) - delay()
    deleted = []
    for server in await Server.filter(scheduled_for_deletion__lte=cutoff).order_by("scheduled_for_deletion").limit(100):
        if await erase_server(server, only_if_scheduled=True):
            deleted.append(server.id)
    return deleted


async def delete_due_and_report() -> None:
    """One round of the loop ``core.jobs`` repeats every ``scheduled_deletion_interval_seconds``."""
    deleted = await delete_due()
    if deleted:
        log.info("deleted %d scheduled servers", len(deleted))
