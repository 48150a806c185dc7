"""Uploading an export (checked, then its dry run), starting it, following it."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from core.cdn.incoming import TooLarge, receive_upload
from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from plugins.discord_import.archive import ArchiveRefused
from plugins.discord_import.limits import limits
from plugins.discord_import.models import PLANNED, QUEUED, DiscordImport
from plugins.discord_import.plan import SOURCES, Reading, report, survey
from plugins.messages.models import Channel
from plugins.servers.models import Server

NOT_FOUND = "Import not found."
OWNER_ONLY = "Only the server's owner can import into it."


def _ms(moment: Any) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def wire(job: DiscordImport) -> dict[str, Any]:
    return {
        "id": str(job.id),
        "serverId": str(job.server_id),
        "status": job.status,
        "report": job.report,
        "messagesTotal": job.messages_total,
        "messagesDone": job.messages_done,
        "channelsDone": job.channels_done,
        "error": job.error,
        "createdAt": _ms(job.created_at),
        "finishedAt": _ms(job.finished_at),
    }


async def _owned_server(user: User, server_id: str) -> Server:
    parsed = parse_id(server_id)
    server = None if parsed is None else await Server.get_or_none(id=parsed)
    if server is None:
        raise ApiError(404, "Server not found.")
    if server.created_by_id != user.id:
        raise ApiError(403, OWNER_ONLY)
    return server


async def upload(user: User, server_id: str, request: Any) -> dict[str, Any]:
    """Check the archive and report what an import would make; nothing is made yet."""
    server = await _owned_server(user, server_id)
    source = request.args.get("source", "dce")
    if source not in SOURCES:
        raise ApiError(400, "source must be dce or package.", "source")
    bounds = limits()
    storage = hearth().storage
    scratch = storage.scratch_file()
    try:
        try:
            incoming = await receive_upload(request, scratch, bounds.archive_bytes)
        except TooLarge:
            raise ApiError(
                413, f"The archive is larger than {bounds.archive_bytes // (1024 * 1024)} MB.", "f"
            ) from None
        try:
            reading = await asyncio.to_thread(Reading, incoming.path, bounds, source)
            found = await asyncio.to_thread(survey, reading)
            existing = await Channel.filter(server_id=server.id).exclude(deleting=True).count()
            planned = report(found, existing)
        except ArchiveRefused as refused:
            raise ApiError(400, str(refused), "f") from None
        stored = f"discord-imports/{server.id}/{secrets.token_urlsafe(24)}.zip"
        await storage.save_file(stored, incoming.path)
    finally:
        await storage.discard(scratch)
    job = await DiscordImport.create(
        server_id=server.id, user_id=user.id, archive=stored, report=planned, messages_total=planned["messages"]
    )
    return wire(job)


async def _own_job(user: User, job_id: str) -> DiscordImport:
    parsed = parse_id(job_id)
    job = None if parsed is None else await DiscordImport.get_or_none(id=parsed, user_id=user.id)
    if job is None:
        raise ApiError(404, NOT_FOUND)
    return job


async def start(user: User, job_id: str) -> dict[str, Any]:
    job = await _own_job(user, job_id)
    await _owned_server(user, str(job.server_id))  # still the owner
    if not await DiscordImport.filter(id=job.id, status=PLANNED).update(status=QUEUED):
        raise ApiError(409, "This import has already been started.")
    return wire(await DiscordImport.get(id=job.id))


async def show(user: User, job_id: str) -> dict[str, Any]:
    return wire(await _own_job(user, job_id))


async def of_server(user: User, server_id: str) -> list[dict[str, Any]]:
    server = await _owned_server(user, server_id)
    return [wire(job) for job in await DiscordImport.filter(server_id=server.id).order_by("-id").limit(10)]
