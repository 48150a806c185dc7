"""Writing a server's export (docs/export.md, ``hearth.server``) to a scratch file, a part at a
time: structure (server, roles, channels with their role overrides), then, when asked, messages
read a page at a time (``core.keyset.rows_by_id``) with their attachments and reactions fetched
per page, and the authors met on the way. Stored files (icons, avatars, attachments) are copied
in one at a time under ``files/<stored path>``, within ``max_file_bytes`` in all."""

from __future__ import annotations

import asyncio
import zipfile
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import orjson

from core.cdn.storage import Storage, checked_path
from core.context import hearth
from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.messages.models import Attachment, Channel, Message, Reaction
from plugins.server_transfer.emails import confirmed_hashes, new_salt
from plugins.server_transfer.fmt import FILES, FORMAT, PART_NAME, PARTS, VERSION
from plugins.servers.models import ChannelPermission, Member, Role, Server

PAGE = 500


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


class Writer:
    def __init__(self, target: Path, storage: Storage, files_budget: int):
        self._zip = zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6)
        self._storage = storage
        self._budget = files_budget
        self._copied: set[str] = set()
        self._pending: dict[str, None] = {}
        self.parts: list[dict[str, Any]] = []
        self.files_copied = 0
        self.files_left_out = 0

    async def part(self, name: str, rows: AsyncIterator[dict[str, Any]]) -> None:
        """``<name>.json``: ``{"format", "version", "part", "items": [...]}``, streamed."""
        handle: IO[bytes] = await asyncio.to_thread(self._zip.open, f"{name}.json", "w", force_zip64=True)
        head = orjson.dumps({"format": FORMAT, "version": VERSION, "part": name})[:-1] + b',"items":['
        page, count = [head], 0
        try:
            async for row in rows:
                page.append((b"," if count else b"") + orjson.dumps(row))
                count += 1
                if len(page) >= PAGE:
                    await asyncio.to_thread(handle.write, b"".join(page))
                    page.clear()
            page.append(b"]}")
            await asyncio.to_thread(handle.write, b"".join(page))
        finally:
            await asyncio.to_thread(handle.close)
        self.parts.append({"name": name, "file": f"{name}.json", "count": count})
        await self._copy_pending()

    def file(self, path: str | None) -> str | None:
        """A stored file to copy in (once) after the part naming it is written: a zip entry being
        written cannot be interrupted by another. A file gone since, or over the budget, is left
        out, and the part names a file the archive does not hold (an importer skips it)."""
        if path and path not in self._copied:
            self._pending[path] = None
        return path or None

    async def _copy_pending(self) -> None:
        pending, self._pending = list(self._pending), {}
        for path in pending:
            self._copied.add(path)
            if await self._copy(path):
                self.files_copied += 1
            else:
                self.files_left_out += 1

    async def _copy(self, path: str) -> bool:
        try:
            checked_path(path)
        except ValueError:
            return False
        scratch = self._storage.scratch_file()
        try:
            try:
                await self._storage.copy_out(path, scratch)
            except (OSError, ValueError):
                return False
            size = scratch.stat().st_size
            if size > self._budget:
                return False
            self._budget -= size
            await asyncio.to_thread(self._zip.write, scratch, f"{FILES}{path}")
        finally:
            await self._storage.discard(scratch)
        return True

    async def finish(self, manifest: dict[str, Any]) -> None:
        manifest = {
            **manifest,
            "parts": self.parts,
            "files": {"copied": self.files_copied, "leftOut": self.files_left_out},
        }
        await asyncio.to_thread(self._zip.writestr, "manifest.json", orjson.dumps(manifest, option=orjson.OPT_INDENT_2))
        await self.close()

    async def close(self) -> None:
        await asyncio.to_thread(self._zip.close)


async def _one(row: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
    yield row


async def _each(rows: list[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
    for row in rows:
        yield row


async def _server_row(writer: Writer, server: Server) -> dict[str, Any]:
    return {
        "id": str(server.id),
        "name": server.name,
        "hexColor": server.hex_color,
        "avatar": writer.file(server.avatar),
        "banner": writer.file(server.banner),
        "defaultRoleId": _sid(server.default_role_id),
        "defaultChannelId": _sid(server.default_channel_id),
        "systemChannelId": _sid(server.system_channel_id),
    }


async def _roles(server: Server) -> list[dict[str, Any]]:
    return [
        {
            "id": str(role.id),
            "name": role.name,
            "order": role.order,
            "permissions": role.permissions,
            "hexColor": role.hex_color,
            "hideRole": role.hide_role,
            "applyOnJoin": role.apply_on_join,
            "default": role.id == server.default_role_id,
        }
        for role in await Role.filter(server_id=server.id, bot_role=False).order_by("order", "id")
    ]


async def _channels(server: Server, role_ids: set[str]) -> list[dict[str, Any]]:
    channels = await Channel.filter(server_id=server.id, deleting=False).order_by("order", "id")
    overrides: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in (
        await ChannelPermission.filter(server_id=server.id)
        .order_by("id")
        .values("channel_id", "role_id", "permissions")
    ):
        if str(row["role_id"]) in role_ids:
            overrides[row["channel_id"]].append({"roleId": str(row["role_id"]), "permissions": row["permissions"]})
    return [
        {
            "id": str(c.id),
            "type": c.type,
            "name": c.name,
            "categoryId": _sid(c.category_id),
            "order": c.order,
            "slowModeSeconds": c.slow_mode_seconds,
            "overrides": overrides[c.id],
        }
        for c in channels
    ]


class _History:
    """Messages of the server's text channels, a page at a time; the people met are kept."""

    def __init__(self, writer: Writer, channel_ids: list[int], progress: Callable[[int], Awaitable[None]]):
        self.writer, self.channel_ids, self.progress = writer, channel_ids, progress
        self.people: set[int] = set()

    async def rows(self) -> AsyncIterator[dict[str, Any]]:
        fields = ("channel_id", "type", "content", "created_by_id", "created_at", "edited_at", "pinned", "pinned_at")
        page: list[dict[str, Any]] = []
        async for row in rows_by_id(Message.filter(channel_id__in=self.channel_ids), *fields, "reply_to_ids"):
            page.append(row)
            if len(page) >= PAGE:
                for item in await self._page(page):
                    yield item
                page = []
        for item in await self._page(page):
            yield item

    async def _page(self, page: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not page:
            return []
        ids = [row["id"] for row in page]
        files: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for a in (
            await Attachment.filter(message_id__in=ids)
            .order_by("id")
            .values("message_id", "path", "mime", "filesize", "width", "height")
        ):
            stored = self.writer.file(a["path"])
            if stored is not None:
                files[a["message_id"]].append(
                    {
                        "storedFile": stored,
                        "mime": a["mime"],
                        "size": a["filesize"],
                        "width": a["width"],
                        "height": a["height"],
                    }
                )
        reactions: dict[int, dict[tuple[str, str, bool, bool], list[str]]] = defaultdict(dict)
        for r in (
            await Reaction.filter(message_id__in=ids)
            .order_by("id")
            .values("message_id", "user_id", "name", "emoji_key", "gif", "webp")
        ):
            key = (r["name"], r["emoji_key"], r["gif"], r["webp"])
            reactions[r["message_id"]].setdefault(key, []).append(str(r["user_id"]))
            self.people.add(r["user_id"])
        out = []
        for row in page:
            if row["created_by_id"] is not None:
                self.people.add(row["created_by_id"])
            out.append(
                {
                    "id": str(row["id"]),
                    "channelId": str(row["channel_id"]),
                    "authorId": _sid(row["created_by_id"]),
                    "type": row["type"],
                    "content": row["content"],
                    "createdAt": ms(row["created_at"]),
                    "editedAt": ms(row["edited_at"]),
                    "pinned": row["pinned"],
                    "replyTo": [str(i) for i in row["reply_to_ids"] or []],
                    "attachments": files[row["id"]],
                    "reactions": [
                        {"name": name, "emojiId": key, "gif": gif, "webp": webp, "userIds": users}
                        for (name, key, gif, webp), users in reactions[row["id"]].items()
                    ],
                }
            )
        await self.progress(len(page))
        return out


async def _authors(
    writer: Writer, server: Server, people: set[int], salt: str, role_ids: set[str]
) -> list[dict[str, Any]]:
    """Everyone the archive names; a member with their nickname and roles (of the exported ones)."""
    members = {
        row["user_id"]: row
        for row in await Member.filter(server_id=server.id).values("user_id", "nickname", "role_ids")
    }
    everyone = sorted(people | set(members))
    hashes = {user_id: h for h, user_id in (await confirmed_hashes(salt, list(members))).items()}
    rows = []
    for start in range(0, len(everyone), PAGE):
        for user in await User.filter(id__in=everyone[start : start + PAGE]).order_by("id"):
            member = members.get(user.id)
            rows.append(
                {
                    "id": str(user.id),
                    "username": user.username,
                    "tag": user.tag,
                    "nickname": member["nickname"] if member else None,
                    "avatar": writer.file(user.avatar),
                    "member": member is not None,
                    "roleIds": [str(r) for r in member["role_ids"] or [] if str(r) in role_ids] if member else [],
                    "emailHash": hashes.get(user.id),
                }
            )
    return rows


async def plugin_parts(server_id: int) -> list[dict[str, Any]]:
    """Other plugins' parts (``server_transfer_parts``), each name once and none of the core's."""
    found: dict[str, dict[str, Any]] = {}
    for answer in await hearth().plugins.gather("server_transfer_parts", server_id=server_id):
        for extra in answer or []:
            if PART_NAME.match(extra["name"]) and extra["name"] not in PARTS and extra["name"] not in found:
                found[extra["name"]] = extra
    return list(found.values())


async def write(
    target: Path,
    storage: Storage,
    files_budget: int,
    server: Server,
    history: bool,
    progress: Callable[[int], Awaitable[None]],
) -> None:
    writer = Writer(target, storage, files_budget)
    try:
        salt = new_salt()
        await writer.part("server", _one(await _server_row(writer, server)))
        roles = await _roles(server)
        await writer.part("roles", _each(roles))
        channels = await _channels(server, {r["id"] for r in roles})
        await writer.part("channels", _each(channels))
        for extra in await plugin_parts(server.id):
            for stored in extra.get("files") or []:
                writer.file(stored)
            await writer.part(extra["name"], _each(extra["items"]))
        people: set[int] = set()
        if history:
            texts = [int(c["id"]) for c in channels if c["type"] != 2]
            messages = _History(writer, texts, progress)
            await writer.part("messages", messages.rows())
            people = messages.people
        role_ids = {r["id"] for r in roles}
        await writer.part("authors", _each(await _authors(writer, server, people, salt, role_ids)))
        created_at = datetime.now(UTC).isoformat().replace("+00:00", "Z")
        await writer.finish(
            {
                "format": FORMAT,
                "version": VERSION,
                "createdAt": created_at,
                "server": {"id": str(server.id), "name": server.name},
                "history": history,
                "emailSalt": salt,
            }
        )
    finally:
        await writer.close()
