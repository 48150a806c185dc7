"""Where uploaded bytes live. ``LocalStorage`` now; an S3-compatible store can implement the
same methods (its scratch files stay local; ``save_file`` then uploads one and removes it).

An upload is streamed to a scratch file first (``scratch_file``), checked there, then moved into
place (``save_file``) or dropped (``discard``). ``LocalStorage`` keeps scratch files in
``<directory>/.incoming/``, on the same file system as the store so the move is a rename; no
path with a segment starting with a dot is ever served, so scratch files never are.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from pathlib import Path
from typing import Protocol

from core.settings import ROOT

SCRATCH = ".incoming"
# scratch files a crashed process left behind: removed when a process starts (an upload in
# progress is never this old)
STALE_SCRATCH_SECONDS = 24 * 3600


class Storage(Protocol):
    async def save(self, path: str, data: bytes) -> None: ...
    async def save_file(self, path: str, source: Path) -> None: ...
    def scratch_file(self) -> Path: ...
    async def discard(self, scratch: Path) -> None: ...
    def sweep_scratch(self) -> None: ...
    def local_path(self, path: str) -> Path | None: ...
    async def delete(self, path: str) -> None: ...


class LocalStorage:
    def __init__(self, directory: str):
        root = Path(directory)
        self.root = (root if root.is_absolute() else ROOT / root).resolve()
        self.scratch = self.root / SCRATCH

    def _resolve(self, path: str) -> Path:
        target = (self.root / path).resolve()
        if self.root not in target.parents:
            raise ValueError("path escapes the storage root")
        if any(part.startswith(".") for part in target.relative_to(self.root).parts):
            raise ValueError("hidden path")
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

    def local_path(self, path: str) -> Path | None:
        try:
            target = self._resolve(path)
        except ValueError:
            return None
        return target if target.is_file() else None

    async def delete(self, path: str) -> None:
        target = self._resolve(path)
        await asyncio.to_thread(target.unlink, True)
