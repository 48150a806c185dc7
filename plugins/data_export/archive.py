"""The zip of a user's data, written part by part to a local scratch file and never held in
memory: each part's rows are encoded a page at a time and compressed off the event loop, and
stored files are copied in one at a time. The caller then moves the file into storage."""

from __future__ import annotations

import asyncio
import re
import zipfile
from collections.abc import AsyncIterable, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import orjson

from core.cdn.storage import Storage, checked_path

FORMAT = "hearth.user-data"
VERSION = 1
PAGE_ROWS = 500
PART_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


class ArchiveError(Exception):
    pass


def _encode(row: dict[str, Any]) -> bytes:
    return orjson.dumps(row, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_UTC_Z)


class Archive:
    def __init__(self, target: Path, storage: Storage, max_file_bytes: int):
        self._zip = zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6)
        self._storage = storage
        self._files_budget = max_file_bytes
        self.contents: list[dict[str, Any]] = []
        self.files_copied = 0
        self.files_left_out = 0

    async def write_part(
        self, name: str, title: str, rows: AsyncIterable[dict[str, Any]], progress: Callable[[int], Awaitable[None]]
    ) -> None:
        """``<name>.json``: ``{"format", "version", "part", "items": [...]}``, streamed."""
        if not PART_NAME.match(name) or any(entry["name"] == name for entry in self.contents):
            raise ArchiveError(f"bad or repeated part name {name!r}")
        stored: list[str] = []
        count = 0
        handle: IO[bytes] = await asyncio.to_thread(self._zip.open, f"{name}.json", "w", force_zip64=True)
        head = {"format": FORMAT, "version": VERSION, "part": name}
        page = [_encode(head)[:-1] + b',"items":[']
        try:
            async for row in rows:
                if "storedFile" in row and row["storedFile"]:
                    stored.append(row["storedFile"])
                page.append((b"," if count else b"") + _encode(row))
                count += 1
                if len(page) >= PAGE_ROWS:
                    await asyncio.to_thread(handle.write, b"".join(page))
                    page.clear()
                    await progress(PAGE_ROWS)
            page.append(b"]}")
            await asyncio.to_thread(handle.write, b"".join(page))
        finally:
            await asyncio.to_thread(handle.close)
        await progress(count % PAGE_ROWS)
        self.contents.append({"name": name, "title": title, "file": f"{name}.json", "count": count})
        for path in dict.fromkeys(stored):  # once each, in the order met
            await self._copy_file(path)

    async def _copy_file(self, path: str) -> None:
        try:
            checked_path(path)
        except ValueError:
            self.files_left_out += 1
            return
        scratch = self._storage.scratch_file()
        try:
            try:
                await self._storage.copy_out(path, scratch)
            except (OSError, ValueError):
                self.files_left_out += 1  # deleted since, or never stored
                return
            size = scratch.stat().st_size
            if size > self._files_budget:
                self.files_left_out += 1
                return
            self._files_budget -= size
            await asyncio.to_thread(self._zip.write, scratch, f"files/{path}")
            self.files_copied += 1
        finally:
            await self._storage.discard(scratch)

    async def finish(self, user: dict[str, Any], render: Callable[..., str]) -> None:
        """``manifest.json`` (what the archive holds) and ``index.html`` (the same, for people)."""
        created_at = datetime.now(UTC).isoformat().replace("+00:00", "Z")
        files = {"copied": self.files_copied, "leftOut": self.files_left_out}
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "createdAt": created_at,
            "user": user,
            "parts": self.contents,
            "files": files,
        }
        index_html = render(user, created_at, self.contents, files)
        await asyncio.to_thread(self._zip.writestr, "manifest.json", orjson.dumps(manifest, option=orjson.OPT_INDENT_2))
        await asyncio.to_thread(self._zip.writestr, "index.html", index_html.encode())
        await asyncio.to_thread(self._zip.close)

    async def abandon(self) -> None:
        await asyncio.to_thread(self._zip.close)
