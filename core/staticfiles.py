"""The built web UI's files, sent precompressed: the build writes ``name.br`` and ``name.gz``
beside each compressible file (webui/build/compress.ts), and a browser that accepts one of them
gets it as that file's representation, with the original's Content-Type, its own length and ETag,
and ``Vary: Accept-Encoding``. Nothing is compressed while serving."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from quart import Response, request, send_file

# What the build precompresses (and so what may have a sibling ``.br`` / ``.gz``).
COMPRESSIBLE = frozenset({".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".webmanifest", ".map"})
# Best first: brotli is 15–20 % smaller than gzip for the same script.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def inside(root: Path, path: str) -> Path | None:
    """The file ``path`` names under ``root`` (already resolved), or None when it is no file there
    or points outside it (``..``, a symbolic link out)."""
    try:
        candidate = (root / path).resolve()
        return candidate if root in candidate.parents and candidate.is_file() else None
    except (OSError, ValueError):  # a NUL byte, a name too long
        return None


def preferred() -> list[tuple[str, str]]:
    """The encodings of ENCODINGS the request accepts, highest q-value first (brotli on a tie)."""
    qualities = {encoding: request.accept_encodings.quality(encoding) for encoding, _ in ENCODINGS}
    accepted = [item for item in ENCODINGS if qualities[item[0]] > 0]
    return sorted(accepted, key=lambda item: -qualities[item[0]])


def precompressed(original: Path) -> tuple[str, Path] | None:
    """The encoding and file to send for ``original``: the best one the browser accepts whose
    file exists and is not older than the original (a stale one from an earlier build is skipped)."""
    # A byte range of an encoded file is a range of the encoded bytes, which some clients get
    # wrong; ranges (media seeking, resumed downloads) are answered from the original.
    if original.suffix not in COMPRESSIBLE or "Range" in request.headers:
        return None
    mtime = original.stat().st_mtime
    for encoding, suffix in preferred():
        encoded = original.with_name(original.name + suffix)
        if encoded.is_file() and encoded.stat().st_mtime >= mtime:
            return encoding, encoded
    return None


async def send_static(original: Path) -> Response:
    """``original`` (or its precompressed form), with conditional requests, ranges and HEAD."""
    mimetype = mimetypes.guess_type(original.name)[0] or "application/octet-stream"
    chosen = precompressed(original)
    # Quart's ETag names the file sent, so each encoding has its own: a cache never answers a
    # gzip-only client's If-None-Match with the brotli bytes.
    response = await send_file(chosen[1] if chosen else original, mimetype=mimetype, conditional=True)
    if chosen:
        response.headers["Content-Encoding"] = chosen[0]
    if original.suffix in COMPRESSIBLE:
        response.vary.add("Accept-Encoding")
    return response
