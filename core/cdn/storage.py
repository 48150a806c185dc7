"""Where uploaded bytes live: ``[cdn] storage = "local"`` (``LocalStorage``, files under
``[cdn] directory``) or ``"s3"`` (``core.cdn.s3.S3Storage``, an S3-compatible bucket). Everything
stored (avatars, banners, emojis, attachments, and whatever a plugin stores) goes through this
interface, so features never know which one runs.

An upload is streamed to a scratch file first (``scratch_file``), checked there, then moved into
place (``save_file``) or dropped (``discard``). Scratch files are always local, in
``<directory>/.incoming/``, on the same file system as a local store so the move is a rename; no
path with a segment starting with a dot is ever stored or served, so scratch files never are.
"""

from __future__ import annotations

import asyncio
import os
import posixpath
import shutil
import time
import uuid
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from core.settings import ROOT, Settings

SCRATCH = ".incoming"
# scratch files a crashed process left behind: removed when a process starts (an upload in
# progress is never this old)
STALE_SCRATCH_SECONDS = 24 * 3600
STORAGE_KINDS = ("local", "s3")


class StorageUnavailable(Exception):
    """The store did not answer (a bucket's endpoint down or timing out, or answering 5xx):
    requests that needed it answer 503 with ``Retry-After`` (``core/cdn/routes.py``)."""


@dataclass(frozen=True)
class StoredFile:
    path: str
    size: int


@dataclass
class Download:
    """What ``GET /cdn/<path>`` answers for a stored file: a local ``file`` (sent with ranges and
    conditional requests by Quart), or a ``body`` streamed from the store with the ``status`` and
    ``headers`` it gave (206 for a range, 304 when the client's copy is current), or a
    ``redirect`` to where the file is public."""

    name: str
    file: Path | None = None
    body: AsyncIterator[bytes] | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    redirect: str | None = None


class Storage(Protocol):
    kind: str

    async def save(self, path: str, data: bytes) -> None: ...
    async def save_file(self, path: str, source: Path) -> None: ...
    async def copy_in(self, path: str, source: Path) -> None: ...
    async def copy_out(self, path: str, target: Path) -> None: ...
    def scratch_file(self) -> Path: ...
    async def discard(self, scratch: Path) -> None: ...
    def sweep_scratch(self) -> None: ...
    async def download(self, path: str, request_headers: Mapping[str, str], head: bool = False) -> Download | None: ...
    def files(self) -> AsyncIterator[StoredFile]: ...
    async def delete(self, path: str) -> None: ...
    async def close(self) -> None: ...


def checked_path(path: str) -> str:
    """``path`` as a stored file's name, or ValueError: relative, no ``..``, no empty or hidden
    segment (scratch files and dot files are never stored or served)."""
    parts = path.split("/")
    if not path or posixpath.normpath(path) != path or any(not part or part.startswith(".") for part in parts):
        raise ValueError("not a stored file's path")
    return path


def scratch_root(settings: Settings) -> Path:
    root = Path(str(settings.cdn.directory))
    return (root if root.is_absolute() else ROOT / root).resolve()


def make_storage(settings: Settings) -> Storage:
    kind = str(settings.get("cdn.storage") or "local")
    if kind == "local":
        return LocalStorage(settings.cdn.directory)
    if kind == "s3":
        from core.cdn.s3 import S3Storage

        return S3Storage.from_settings(settings)
    raise ValueError(f"[cdn] storage must be one of {', '.join(STORAGE_KINDS)}, not {kind!r}")


class LocalScratch:
    """Scratch files in ``<root>/.incoming``: every store keeps them on the local disk."""

    root: Path
    scratch: Path

    def scratch_file(self) -> Path:
        """A new, not yet existing, scratch file name."""
        return self.scratch / uuid.uuid4().hex

    async def discard(self, scratch: Path) -> None:
        await asyncio.to_thread(scratch.unlink, True)

    def sweep_scratch(self) -> None:
        """Create the scratch folder and remove what crashed processes left in it."""
        self.scratch.mkdir(parents=True, exist_ok=True)
        cutoff = time.time() - STALE_SCRATCH_SECONDS
        for leftover in self.scratch.iterdir():
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass  # another process removed or moved it


class LocalStorage(LocalScratch):
    kind = "local"

    def __init__(self, directory: str | Path):
        root = Path(directory)
        self.root = (root if root.is_absolute() else ROOT / root).resolve()
        self.scratch = self.root / SCRATCH

    def _resolve(self, path: str) -> Path:
        target = (self.root / checked_path(path)).resolve()
        if self.root not in target.parents:
            raise ValueError("path escapes the storage root")
        return target

    async def save(self, path: str, data: bytes) -> None:
        target = self._resolve(path)

        def write() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)

        await asyncio.to_thread(write)

    async def save_file(self, path: str, source: Path) -> None:
        target = self._resolve(path)

        def move() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)

        await asyncio.to_thread(move)

    async def copy_in(self, path: str, source: Path) -> None:
        """A copy of ``source`` stored as ``path``; it appears whole or not at all."""
        target = self._resolve(path)
        scratch = self.scratch_file()

        def copy() -> None:
            scratch.parent.mkdir(parents=True, exist_ok=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                shutil.copyfile(source, scratch)
                os.replace(scratch, target)
            finally:
                scratch.unlink(missing_ok=True)

        await asyncio.to_thread(copy)

    async def copy_out(self, path: str, target: Path) -> None:
        await asyncio.to_thread(shutil.copyfile, self._resolve(path), target)

    def local_path(self, path: str) -> Path | None:
        try:
            target = self._resolve(path)
        except ValueError:
            return None
        return target if target.is_file() else None

    async def download(self, path: str, request_headers: Mapping[str, str], head: bool = False) -> Download | None:
        local = await asyncio.to_thread(self.local_path, path)
        return None if local is None else Download(name=local.name, file=local)

    async def files(self) -> AsyncIterator[StoredFile]:
        """Every stored file (scratch files and other dot folders left out), in name order."""

        def walk() -> list[StoredFile]:
            found = []
            for folder, folders, names in os.walk(self.root):
                folders[:] = sorted(name for name in folders if not name.startswith("."))
                for name in sorted(names):
                    if name.startswith("."):
                        continue
                    full = Path(folder) / name
                    found.append(StoredFile(full.relative_to(self.root).as_posix(), full.stat().st_size))
            return found

        for stored in await asyncio.to_thread(walk):
            yield stored

    async def delete(self, path: str) -> None:
        target = self._resolve(path)
        await asyncio.to_thread(target.unlink, True)

    async def close(self) -> None:
        return None
