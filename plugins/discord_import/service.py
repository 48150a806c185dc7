"""Uploading an export (checked, then its dry run), starting it, following it."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from core.cdn.incoming import TooLarge, receive_upload
from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from plugins.discord_import.archive import ArchiveRefused
from plugins.discord_import.limits import limits
from plugins.discord_import.models import PLANNED, QUEUED, DiscordImport
from plugins.discord_import.plan import PACKAGE, SOURCES, Reading, Survey, report, survey
from plugins.messages.models import Channel
from plugins.servers.models import Server
from plugins.servers.service import create_server

NOT_FOUND = "Import not found."
OWNER_ONLY = "Only the server's owner can import into it."
NEW_SERVER_NAME = "From Discord"


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


def _source(request: Any) -> str:
    source = request.args.get("source", "dce")
    if source not in SOURCES:
        raise ApiError(400, "source must be dce or package.", "source")
    return source


async def _received(request: Any, scratch: Any, source: str) -> tuple[Any, Survey]:
    """The uploaded archive, checked and surveyed; a refusal is a 400 (413: too large)."""
    bounds = limits()
    try:
        incoming = await receive_upload(request, scratch, bounds.archive_bytes)
    except TooLarge:
        raise ApiError(413, f"The archive is larger than {bounds.archive_bytes // (1024 * 1024)} MB.", "f") from None
    try:
        reading = await asyncio.to_thread(Reading, incoming.path, bounds, source)
        return incoming, await asyncio.to_thread(survey, reading)
    except ArchiveRefused as refused:
        raise ApiError(400, str(refused), "f") from None


def _planned(found: Survey, channels_in_server: int) -> dict[str, Any]:
    try:
        return report(found, channels_in_server)
    except ArchiveRefused as refused:
        raise ApiError(400, str(refused), "f") from None


async def upload(user: User, server_id: str, request: Any) -> dict[str, Any]:
    """Check the archive and report what an import would make; nothing is made yet."""
    server = await _owned_server(user, server_id)
    source = _source(request)
    storage = hearth().storage
    scratch = storage.scratch_file()
    try:
        incoming, found = await _received(request, scratch, source)
        existing = await Channel.filter(server_id=server.id).exclude(deleting=True).count()
        planned = _planned(found, existing)
        stored = f"discord-imports/{server.id}/{secrets.token_urlsafe(24)}.zip"
        await storage.save_file(stored, incoming.path)
    finally:
        await storage.discard(scratch)
    job = await DiscordImport.create(
        server_id=server.id, user_id=user.id, archive=stored, report=planned, messages_total=planned["messages"]
    )
    return wire(job)


def _new_server_name(found: Survey) -> str:
    """The Discord server's name when the archive holds one; a package of several: a plain name."""
    guilds = set(found.categories.values()) if found.source == PACKAGE else {found.guild}
    return found.guild if len(guilds) == 1 and found.guild else NEW_SERVER_NAME


async def into_new_server(user: User, request: Any) -> dict[str, Any]:
    """Check the archive, then make a server owned by the caller (the servers plugin's usual
    creation, with its events) and queue the import into it: one step, no dry run to start. A
    refused archive, or a caller with no room for another server, makes nothing."""
    source = _source(request)
    storage = hearth().storage
    scratch = storage.scratch_file()
    try:
        incoming, found = await _received(request, scratch, source)
        stored = f"discord-imports/new/{secrets.token_urlsafe(24)}.zip"
        await storage.save_file(stored, incoming.path)  # before the transaction, which holds the caller's row
    finally:
        await storage.discard(scratch)
    try:
        async with transaction():  # a report refused (too many channels) takes the server back
            made = await create_server(user, _new_server_name(found))
            planned = _planned(found, await Channel.filter(server_id=int(made["id"])).count())
            job = await DiscordImport.create(
                server_id=int(made["id"]),
                user_id=user.id,
                archive=stored,
                report=planned,
                messages_total=planned["messages"],
                status=QUEUED,
            )
    except BaseException:
        await storage.delete(stored)
        raise
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
