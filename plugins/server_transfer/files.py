"""The stored files of an uploaded archive, as other plugins' hooks read them: by the stored path
a part names (``files/<path>`` in the zip), each read bounded by its declared size and a limit."""

from __future__ import annotations

import asyncio
from pathlib import Path

from plugins.discord_import import archive
from plugins.discord_import.archive import ArchiveRefused, Entry
from plugins.server_transfer.fmt import FILES


class ArchiveFiles:
    def __init__(self, path: Path, entries: dict[str, Entry]):
        self._path, self._entries = path, entries

    def size(self, stored: object) -> int | None:
        """The file's unpacked size, ``None`` when the archive does not hold it."""
        entry = self._entries.get(f"{FILES}{stored}") if isinstance(stored, str) else None
        return None if entry is None else entry.size

    async def read(self, stored: object, limit: int) -> bytes | None:
        """The file's bytes; ``None`` when the archive does not hold it or it is over ``limit``."""
        size = self.size(stored)
        if size is None or size > limit:
            return None
        try:
            return await asyncio.to_thread(archive.read, self._path, self._entries[f"{FILES}{stored}"], limit)
        except ArchiveRefused:  # a damaged entry or one lying about its size
            return None
