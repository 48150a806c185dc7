"""Asking for a server's export, following and downloading it; uploading a server file (checked,
then its dry run), confirming its e-mail matches and starting the import."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from core.auth import ADMIN, FOUNDER
from core.cdn.incoming import TooLarge, receive_upload
from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.keyset import ms
from plugins.discord_import.archive import ArchiveRefused
from plugins.server_transfer.emails import confirmed_hashes
from plugins.server_transfer.files import ArchiveFiles
from plugins.server_transfer.models import EXPORT, IMPORT, PLANNED, QUEUED, READY, RUNNING, ServerTransfer
from plugins.server_transfer.reader import Contents, read
from plugins.server_transfer.settings import options
from plugins.servers.models import Member, Server
from plugins.servers.service import MAX_SERVERS

NOT_FOUND = "Transfer not found."
OWNER_ONLY = "Only the server's owner or an instance admin can export it."
ONE_AT_A_TIME = "An export of this server is already being made."
TOO_MANY_SERVERS = "You have reached the maximum number of servers."


def is_admin(user: User) -> bool:
    return bool(user.badges & (ADMIN | FOUNDER))


def wire(job: ServerTransfer) -> dict[str, Any]:
    return {
        "id": str(job.id),
        "kind": job.kind,
        "serverId": None if job.server_id is None else str(job.server_id),
        "status": job.status,
        "history": job.history,
        "report": job.report,
        "done": job.done,
        "total": job.total,
        "size": job.size,
        "error": job.error,
        "createdAt": ms(job.created_at),
        "finishedAt": ms(job.finished_at),
    }


async def _exportable(user: User, server_id: str) -> Server:
    parsed = parse_id(server_id)
    server = None if parsed is None else await Server.get_or_none(id=parsed)
    if server is None:
        raise ApiError(404, "Server not found.")
    if server.created_by_id != user.id and not is_admin(user):
        raise ApiError(403, OWNER_ONLY)
    return server


async def ask_export(user: User, server_id: str, history: bool) -> dict[str, Any]:
    server = await _exportable(user, server_id)
    if await ServerTransfer.exists(server_id=server.id, kind=EXPORT, status__in=(QUEUED, RUNNING)):
        raise ApiError(409, ONE_AT_A_TIME)
    job = await ServerTransfer.create(kind=EXPORT, server_id=server.id, user_id=user.id, history=history, status=QUEUED)
    return wire(job)


async def exports_of(user: User, server_id: str) -> list[dict[str, Any]]:
    server = await _exportable(user, server_id)
    jobs = await ServerTransfer.filter(server_id=server.id, kind=EXPORT, user_id=user.id).order_by("-id").limit(5)
    return [wire(job) for job in jobs]


async def own(user: User, job_id: str) -> ServerTransfer:
    parsed = parse_id(job_id)
    job = None if parsed is None else await ServerTransfer.get_or_none(id=parsed, user_id=user.id)
    if job is None:
        raise ApiError(404, NOT_FOUND)
    return job


async def ready_export(user: User, job_id: str) -> ServerTransfer:
    job = await own(user, job_id)
    if job.kind != EXPORT or job.status != READY or not job.path:
        raise ApiError(404, NOT_FOUND)
    if job.server_id is not None:
        await _exportable(user, str(job.server_id))  # still the owner (or an admin)
    return job


async def _matches(user: User, contents: Contents) -> dict[str, dict[str, Any]]:
    """Authors whose e-mail hash matches: the importer's own address, or, for an instance admin,
    any confirmed address here (docs/export.md, "E-mail matching")."""
    hashed = {a["emailHash"]: a["id"] for a in contents.authors if a["emailHash"]}
    if not hashed:
        return {}
    salt = contents.manifest["emailSalt"]
    local = await confirmed_hashes(salt, None if is_admin(user) else [user.id], set(hashed))
    found = {hashed[h]: user_id for h, user_id in local.items() if h in hashed}
    people = {u.id: u for u in await User.filter(id__in=list(found.values()), deleted=False)}
    return {
        author: {"authorId": author, "userId": str(uid), "username": people[uid].username, "tag": people[uid].tag}
        for author, uid in found.items()
        if uid in people
    }


async def _plugin_parts(contents: Contents, files: ArchiveFiles) -> tuple[list[str], list[str], dict[str, list]]:
    """The other plugins' parts someone here owns (each checked by its owner), those nobody
    owns (left out), and per owned part the items an import would not make; a part out of shape
    refuses the file."""
    plugins = hearth().plugins
    owned, left_out, items_left_out = [], [], {}
    for name, items in contents.extras.items():
        answers = await plugins.gather("server_transfer_check", part=name, items=items, files=files)
        problems = [problem for answer in answers if answer is not None for problem in answer]
        if problems:
            raise ArchiveRefused(f"{name}.json: {problems[0]}")
        (owned if any(answer is not None for answer in answers) else left_out).append(name)
        skipped = await plugins.gather("server_transfer_left_out", part=name, items=items, files=files)
        if found := [item for answer in skipped if answer for item in answer]:
            items_left_out[name] = found
    return owned, left_out, items_left_out


def _report(
    contents: Contents, matches: dict[str, dict[str, Any]], parts: tuple[list[str], list[str], dict[str, list]]
) -> dict[str, Any]:
    return {
        "server": contents.server["name"],
        "exportedAt": contents.manifest.get("createdAt"),
        "roles": len(contents.roles),
        "categories": sum(ch["type"] == 2 for ch in contents.channels),
        "channels": [ch["name"] for ch in contents.channels if ch["type"] == 1],
        "history": contents.manifest["history"],
        "messages": contents.counts["messages"],
        "authors": len(contents.authors),
        "attachments": contents.counts["attachments"],
        "reactions": contents.counts["reactions"],
        "matches": list(matches.values()),
        "parts": parts[0],
        "partsLeftOut": parts[1],
        "itemsLeftOut": parts[2],
    }


async def _room_for_a_server(user: User) -> None:
    if await Member.filter(user_id=user.id).count() >= MAX_SERVERS:
        raise ApiError(400, TOO_MANY_SERVERS)


async def upload(user: User, request: Any) -> dict[str, Any]:
    """Check the file and report what an import would make; nothing is made yet."""
    await _room_for_a_server(user)
    settings = options()
    storage = hearth().storage
    scratch = storage.scratch_file()
    try:
        try:
            incoming = await receive_upload(request, scratch, settings.archive.archive_bytes)
        except TooLarge:
            mb = settings.archive.archive_bytes // (1024 * 1024)
            raise ApiError(413, f"The archive is larger than {mb} MB.", "f") from None
        try:
            contents = await asyncio.to_thread(
                read, incoming.path, settings.archive, settings.max_authors, settings.max_members
            )
            parts = await _plugin_parts(contents, ArchiveFiles(incoming.path, contents.entries))
        except ArchiveRefused as refused:
            raise ApiError(400, str(refused), "f") from None
        report = _report(contents, await _matches(user, contents), parts)
        stored = f"server-imports/{user.id}/{secrets.token_urlsafe(24)}.zip"
        await storage.save_file(stored, incoming.path)
    finally:
        await storage.discard(scratch)
    job = await ServerTransfer.create(
        kind=IMPORT, user_id=user.id, status=PLANNED, path=stored, report=report, total=report["messages"]
    )
    return wire(job)


async def start(user: User, job_id: str, confirm: list[str]) -> dict[str, Any]:
    job = await own(user, job_id)
    if job.kind != IMPORT:
        raise ApiError(404, NOT_FOUND)
    matches = {m["authorId"]: int(m["userId"]) for m in job.report.get("matches", [])}
    unknown = [author for author in confirm if author not in matches]
    if unknown:
        raise ApiError(400, "confirm names an author without an e-mail match.", "confirm")
    if not is_admin(user) and any(matches[a] != user.id for a in confirm):
        raise ApiError(403, "Only an instance admin can confirm an author as another account.", "confirm")
    await _room_for_a_server(user)
    confirmed = [[author, matches[author]] for author in dict.fromkeys(confirm)]
    if not await ServerTransfer.filter(id=job.id, status=PLANNED).update(status=QUEUED, confirmed=confirmed):
        raise ApiError(409, "This import has already been started.")
    return wire(await ServerTransfer.get(id=job.id))


async def show(user: User, job_id: str) -> dict[str, Any]:
    return wire(await own(user, job_id))
