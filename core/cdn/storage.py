"""Where uploaded bytes live. ``LocalStorage`` now; an S3-compatible store can implement the
same three methods."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Protocol

from core.settings import ROOT


class Storage(Protocol):
    async def save(self, path: str, data: bytes) -> None: ...
    def local_path(self, path: str) -> Path | None: ...
    async def delete(self, path: str) -> None: ...


class LocalStorage:
    def __init__(self, directory: str):
        root = Path(directory)
        self.root = (root if root.is_absolute() else ROOT / root).resolve()

    def _resolve(self, path: str) -> Path:
        target = (self.root / path).resolve()
        if self.root not in target.parents:
            raise ValueError("path escapes the storage root")
        return target

    async def save(self, path: str, data: bytes) -> None:
        target = self._resolve(path)

        def write() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)

        await asyncio.to_thread(write)

    def local_path(self, path: str) -> Path | None:
        try:
            target = self._resolve(path)
        except ValueError:
            return None
        return target if target.is_file() else None

    async def delete(self, path: str) -> None:
        target = self._resolve(path)
        await asyncio.to_thread(target.unlink, True)
