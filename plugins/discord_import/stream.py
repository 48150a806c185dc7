"""Reading a large JSON file of an archive a piece at a time (ijson's incremental parser), so
that memory holds one message, not the whole file: a channel export of DiscordChatExporter, a data
package's ``messages.json``, a ``hearth.server`` part. The entry is read straight from the zip,
bounded by ``limit`` and by its declared size (a lying header is caught while it is read)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ijson

from plugins.discord_import.archive import ArchiveRefused, Entry

_STARTS = {"start_map", "start_array"}
_ENDS = {"end_map", "end_array"}


class _Bounded(io.RawIOBase):
    """A zip entry's reader that refuses more bytes than the entry declared."""

    def __init__(self, handle: Any, entry: Entry):
        super().__init__()
        self._handle, self._entry, self._read = handle, entry, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._handle.read(len(buffer))
        self._read += len(data)
        if self._read > self._entry.size:
            raise ArchiveRefused(f"{self._entry.name[:100]!r} is larger than the archive says.")
        buffer[: len(data)] = data
        return len(data)


def text(handle: _Bounded) -> io.TextIOWrapper:
    """The entry as UTF-8 text (a byte-order mark skipped, undecodable bytes replaced)."""
    return io.TextIOWrapper(io.BufferedReader(handle), encoding="utf-8-sig", errors="replace", newline="")


@contextmanager
def opened(path: Path, entry: Entry, limit: int) -> Iterator[_Bounded]:
    """The entry, open for reading, refused past ``limit`` or its declared size."""
    if entry.size > limit:
        raise ArchiveRefused(f"{entry.name[:100]!r} is larger than {limit // (1024 * 1024)} MB.")
    try:
        with zipfile.ZipFile(path) as archive, archive.open(entry.name) as handle:
            yield _Bounded(handle, entry)
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise ArchiveRefused(f"{entry.name[:100]!r} could not be read from the archive.") from error


class _Marker:
    pass


LIST = _Marker()  # the streamed member is an array: its items follow
NOT_A_LIST = _Marker()  # the streamed member is not an array


MAX_DEPTH = 64  # nesting of one message, far beyond any exporter's; deeper is refused


class _Events:
    """ijson's events without prefixes (``basic_parse``: a prefix costs its depth on every event,
    so a hostile nesting costs the square of it), with a bound on nesting."""

    def __init__(self, handle: Any, where: str):
        self._events = ijson.basic_parse(handle, use_float=True)
        self.where = where

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return self._events

    def next(self) -> tuple[str | None, Any]:
        return next(self._events, (None, None))

    def value(self, first: tuple[str | None, Any], keep: bool = True) -> Any:
        """The value whose first event is ``first``, built (or, not ``keep``, only read past)."""
        builder = ijson.ObjectBuilder()
        event, value = first
        if keep:
            builder.event(event, value)
        depth = 1 if event in _STARTS else 0
        while depth:
            event, value = next(self._events)
            if keep:
                builder.event(event, value)
            depth += 1 if event in _STARTS else -1 if event in _ENDS else 0
            if depth > MAX_DEPTH:
                raise ArchiveRefused(f"{self.where} is nested too deeply.")
        return builder.value if keep else None

    def rest(self) -> None:
        """Anything after the top-level value is refused as not JSON."""
        for _ in self._events:
            pass


def members(handle: Any, streamed: str, kept: set[str], where: str, not_object: str) -> Iterator[tuple[str, Any]]:
    """A top-level object's members named in ``kept`` as ``(key, value)``, each value built whole
    (the others are read past, never held) — except the array under ``streamed``:
    ``(streamed, LIST)``, then its items one at a time as ``(streamed, item)`` (``(streamed,
    NOT_A_LIST)`` when it is not an array). Not valid JSON: ArchiveRefused naming ``where``; not
    an object: ArchiveRefused(``not_object``)."""
    events = _Events(handle, where)
    try:
        if events.next()[0] != "start_map":
            raise ArchiveRefused(not_object)
        for event, key in events:
            if event == "end_map":
                events.rest()
                return
            first = events.next()
            if key != streamed:
                if key in kept:
                    yield key, events.value(first)
                else:
                    events.value(first, keep=False)
            elif first[0] != "start_array":
                events.value(first, keep=False)
                yield key, NOT_A_LIST
            else:
                yield key, LIST
                for item in events:
                    if item[0] == "end_array":
                        break
                    yield key, events.value(item)
    except ijson.JSONError:
        raise ArchiveRefused(f"{where} is not valid JSON.") from None


def array(handle: Any, where: str, not_array: str) -> Iterator[Any]:
    """A top-level array's items one at a time; ArchiveRefused(``not_array``) when it is not one."""
    events = _Events(handle, where)
    try:
        if events.next()[0] != "start_array":
            raise ArchiveRefused(not_array)
        for item in events:
            if item[0] == "end_array":
                events.rest()
                return
            yield events.value(item)
    except ijson.JSONError:
        raise ArchiveRefused(f"{where} is not valid JSON.") from None
