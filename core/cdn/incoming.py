"""An upload's bytes, read from the request as they arrive and written to a scratch file, in
either shape a client sends (rest.md §13):

- **the raw body** (the protocol's web client since 2026): the file itself, its type in
  ``Content-Type`` (empty or missing when the browser knows none) and its name, percent-encoded,
  in ``File-Name``;
- **multipart/form-data** with the file in field ``f`` (older clients, other tools, Hearth's UI).

The size bound is enforced while reading: a declared ``Content-Length`` over it is refused before
anything is read, and a body (chunked, or lying about its length) stops being read at the first
byte past it. Nothing is held in memory beyond one flush (``FLUSH_BYTES``) and the multipart
parser's small look-behind.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import aclosing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes

from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.http import parse_options_header
from werkzeug.sansio.multipart import Data, Epilogue, Field, File, MultipartDecoder, NeedData

from core.errors import ApiError

FILE_FIELD = "f"
FLUSH_BYTES = 1024 * 1024
FORM_OVERHEAD = 1024 * 1024  # a multipart body may exceed its file by this much (headers, other fields)
FORM_MEMORY = 64 * 1024  # a part's headers must fit in this
# The decoder refuses any one feed that, with what it still holds, passes FORM_MEMORY, and a server
# hands over up to 64 KiB at a time (hypercorn): fed whole, a binary file failed once a read ended
# near a line break (the decoder holds that tail back). Fed in halves, it never comes near.
FEED_BYTES = FORM_MEMORY // 2
MAX_PARTS = 16

NO_FILE = "A file is required in the form field f."
BAD_FORM = "The form data could not be read."
TOO_LARGE = "The request is too large."


class TooLarge(Exception):
    """The file is larger than the bound it was read with."""


@dataclass
class Incoming:
    path: Path  # the scratch file holding the bytes
    size: int
    filename: str  # as the client named it, decoded but not yet made safe ("" when unnamed)
    content_type: str  # as the client declared it ("" when it did not)


def decode_file_name(header: str | None) -> str:
    """``File-Name``: ``encodeURIComponent(name)``; raw UTF-8 (which arrives as Latin-1 text)
    is read the same way, and bytes that are not UTF-8 become U+FFFD."""
    if not header:
        return ""
    return unquote_to_bytes(header.encode("latin-1", "replace")).decode("utf-8", "replace")


class _Spool:
    """Appends to the scratch file, one thread hop per ``FLUSH_BYTES``."""

    def __init__(self, path: Path, limit: int):
        self.path, self.limit = path, limit
        self.size = 0
        self.pending = bytearray()

    async def write(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > self.limit:
            raise TooLarge()
        self.pending += data
        if len(self.pending) >= FLUSH_BYTES:
            await self.flush()

    async def flush(self) -> None:
        data, self.pending = bytes(self.pending), bytearray()
        await asyncio.to_thread(self._append, data)

    def _append(self, data: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "ab") as handle:
            handle.write(data)


async def _body(request: Any, limit: int) -> AsyncIterator[bytes]:
    """The request body as it arrives, refused past ``limit`` bytes."""
    seen = 0
    try:
        async for chunk in request.body:
            seen += len(chunk)
            if seen > limit:
                raise TooLarge()
            yield chunk
    except RequestEntityTooLarge:
        raise TooLarge() from None


async def receive_upload(request: Any, scratch: Path, limit: int) -> Incoming:
    """The upload of ``request`` in ``scratch`` (removed again on failure): at most ``limit``
    bytes of file; ``TooLarge`` past it, ``ApiError`` 400 for a form without a file."""
    content_type = request.headers.get("Content-Type", "")
    multipart = parse_options_header(content_type)[0].lower() == "multipart/form-data"
    declared = request.content_length
    if declared is not None and declared > (limit + FORM_OVERHEAD if multipart else limit):
        raise TooLarge()
    spool = _Spool(scratch, limit)
    try:
        if multipart:
            filename, file_type = await _receive_form(request, content_type, spool)
        else:
            async with aclosing(_body(request, limit)) as chunks:
                async for chunk in chunks:
                    await spool.write(chunk)
            filename, file_type = decode_file_name(request.headers.get("File-Name")), content_type
        await spool.flush()  # also creates the file of an empty upload
    except BaseException:
        await asyncio.to_thread(scratch.unlink, True)
        raise
    return Incoming(scratch, spool.size, filename, file_type.strip())


async def _receive_form(request: Any, content_type: str, spool: _Spool) -> tuple[str, str]:
    """Field ``f`` of a multipart body into ``spool``: its file name and declared type."""
    boundary = parse_options_header(content_type)[1].get("boundary", "")
    if not boundary:
        raise ApiError(400, BAD_FORM, FILE_FIELD)
    form = _Form(MultipartDecoder(boundary.encode("latin-1"), FORM_MEMORY, max_parts=MAX_PARTS), spool)
    try:
        async with aclosing(_body(request, spool.limit + FORM_OVERHEAD)) as chunks:
            async for chunk in chunks:
                await form.feed(chunk)
        await form.feed(None)
    except RequestEntityTooLarge:  # too many parts, or a part's headers too long
        raise ApiError(413, TOO_LARGE) from None
    except ValueError:  # not multipart, or cut short
        raise ApiError(400, BAD_FORM, FILE_FIELD) from None
    if form.found is None:
        raise ApiError(400, NO_FILE, FILE_FIELD)
    return form.found


class _Form:
    """The first file part named ``f`` goes to the spool; every other part is dropped."""

    def __init__(self, decoder: MultipartDecoder, spool: _Spool):
        self.decoder, self.spool = decoder, spool
        self.found: tuple[str, str] | None = None
        self.writing = False

    async def feed(self, chunk: bytes | None) -> None:
        """``None`` at the end: the decoder then raises ValueError unless the form was complete."""
        if chunk is None or len(chunk) <= FEED_BYTES:
            await self._feed(chunk)
            return
        for start in range(0, len(chunk), FEED_BYTES):
            await self._feed(chunk[start : start + FEED_BYTES])

    async def _feed(self, chunk: bytes | None) -> None:
        self.decoder.receive_data(chunk)
        while True:
            event = self.decoder.next_event()
            if isinstance(event, NeedData) or (chunk is None and isinstance(event, Epilogue)):
                return
            if isinstance(event, (File, Field)):
                self.writing = self.found is None and isinstance(event, File) and event.name == FILE_FIELD
                if self.writing:
                    self.found = (event.filename, event.headers.get("Content-Type", ""))
            elif isinstance(event, Data) and self.writing:
                await self.spool.write(event.data)
                self.writing = event.more_data
