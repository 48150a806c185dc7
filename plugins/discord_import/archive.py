"""Opening an uploaded export archive safely. Everything is checked from the zip's directory
before a byte is unpacked — entry count, names (no absolute path, no ``..``, no backslash or
drive, no duplicates), declared sizes, compression ratios — and every read is bounded again by
what was declared, so an entry lying about its size is caught while it is read. Nothing is
ever extracted to disk under the entry's own name: files are read from the zip by name."""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from pathlib import Path

from plugins.discord_import.limits import Limits

CHUNK = 1024 * 1024


class ArchiveRefused(Exception):
    """The archive is refused; the message says why (answered as 400)."""


@dataclass(frozen=True)
class Entry:
    name: str
    size: int


def _safe_name(name: str) -> bool:
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return False
    normal = posixpath.normpath(name)
    return normal == name.rstrip("/") and not normal.startswith("..") and "/../" not in f"/{normal}/"


def inspect(path: Path, limits: Limits) -> dict[str, Entry]:
    """The archive's files by name, or ArchiveRefused."""
    if path.stat().st_size > limits.archive_bytes:
        raise ArchiveRefused(f"The archive is larger than {limits.archive_bytes // (1024 * 1024)} MB.")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise ArchiveRefused("The file is not a zip archive.") from None
    if len(infos) > limits.files:
        raise ArchiveRefused(f"The archive holds more than {limits.files} files.")
    entries: dict[str, Entry] = {}
    total = 0
    for info in infos:
        if not _safe_name(info.filename):
            raise ArchiveRefused(f"The archive holds a file with an unsafe path: {info.filename[:100]!r}.")
        if info.is_dir():
            continue
        if info.filename in entries:
            raise ArchiveRefused(f"The archive holds {info.filename[:100]!r} twice.")
        if info.flag_bits & 0x1:
            raise ArchiveRefused("The archive is encrypted.")
        total += info.file_size
        if total > limits.unpacked_bytes:
            raise ArchiveRefused(f"The archive unpacks to more than {limits.unpacked_bytes // (1024 * 1024)} MB.")
        if info.file_size > 1024 * 1024 and info.file_size > limits.ratio * max(info.compress_size, 1):
            raise ArchiveRefused(f"{info.filename[:100]!r} is compressed suspiciously well (a zip bomb?).")
        entries[info.filename] = Entry(info.filename, info.file_size)
    return entries


def read(path: Path, entry: Entry, limit: int) -> bytes:
    """One entry's bytes, refused past ``limit`` or past its declared size (a lying header)."""
    if entry.size > limit:
        raise ArchiveRefused(f"{entry.name[:100]!r} is larger than {limit // (1024 * 1024)} MB.")
    try:
        with zipfile.ZipFile(path) as archive, archive.open(entry.name) as handle:
            data = handle.read(entry.size + 1)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise ArchiveRefused(f"{entry.name[:100]!r} could not be read from the archive.") from None
    if len(data) > entry.size:
        raise ArchiveRefused(f"{entry.name[:100]!r} is larger than the archive says.")
    return data


def copy_to(path: Path, entry: Entry, target: Path) -> None:
    """One entry into ``target`` (a scratch file), chunk by chunk, bounded by its declared size."""
    written = 0
    try:
        with zipfile.ZipFile(path) as archive, archive.open(entry.name) as source, open(target, "wb") as sink:
            while chunk := source.read(CHUNK):
                written += len(chunk)
                if written > entry.size:
                    raise ArchiveRefused(f"{entry.name[:100]!r} is larger than the archive says.")
                sink.write(chunk)
    except (zipfile.BadZipFile, EOFError, ValueError):
        raise ArchiveRefused(f"{entry.name[:100]!r} could not be read from the archive.") from None
