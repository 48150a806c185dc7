"""The built web UI is sent precompressed (core/staticfiles.py): brotli or gzip by the request's
Accept-Encoding, the original otherwise, each with its own length and ETag, the original's
Content-Type and ``Vary: Accept-Encoding``; HEAD, 304s and ranges stay right, a missing or stale
``.br`` falls back, and no path leaves the build folder."""

from __future__ import annotations

import gzip
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

SCRIPT = ("console.log('hello from the web UI');\n" * 200).encode()


def fake_brotli(body: bytes) -> bytes:
    """Stands in for brotli's bytes (the server never decodes them; Chromium does in the e2e tests)."""
    return b"BROTLI" + gzip.compress(body)


def from_fake_brotli(body: bytes) -> bytes:
    assert body.startswith(b"BROTLI")
    return gzip.decompress(body[len(b"BROTLI") :])


def write_built(folder: Path, relative: str, body: bytes, encodings: tuple[str, ...] = ("br", "gz")) -> None:
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)
    if "br" in encodings:
        path.with_name(path.name + ".br").write_bytes(fake_brotli(body))
    if "gz" in encodings:
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(body))


@pytest.fixture
async def dist(make_app, tmp_path) -> AsyncIterator[tuple[Any, Path]]:
    folder = tmp_path / "dist"
    write_built(folder, "index.html", b"<!doctype html><title>Hearth</title>" + b" " * 2000)
    write_built(folder, "assets/app-abc123.js", SCRIPT)
    write_built(folder, "assets/only-gzip.css", b"body { color: red; }\n" * 100, encodings=("gz",))
    write_built(folder, "assets/emoji/1f600.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>" * 30)
    (folder / "assets" / "picture.png").write_bytes(b"\x89PNG not really" * 100)
    (tmp_path / "secret.txt").write_text("root:x:0:0")
    app = make_app(**{"server.webui_dist": str(folder)})
    async with app.test_app():
        yield app.test_client(), folder


async def test_brotli_gzip_or_the_original_by_accept_encoding(dist):
    client, _ = dist
    cases = [
        ("gzip, deflate, br, zstd", "br", from_fake_brotli),
        ("br;q=0.5, gzip;q=0.9", "gzip", gzip.decompress),
        ("gzip", "gzip", gzip.decompress),
        ("*", "br", from_fake_brotli),
        ("identity", None, bytes),
        ("br;q=0, gzip;q=0", None, bytes),
        (None, None, bytes),
    ]
    etags = set()
    for accept, encoding, decode in cases:
        headers = {"Accept-Encoding": accept} if accept else {}
        response = await client.get("/assets/app-abc123.js", headers=headers)
        body = await response.get_data()
        assert response.status_code == 200, accept
        assert response.headers.get("Content-Encoding") == encoding, accept
        assert response.mimetype in ("text/javascript", "application/javascript")
        assert int(response.headers["Content-Length"]) == len(body)
        assert decode(body) == SCRIPT
        assert "Accept-Encoding" in response.headers["Vary"]
        assert "immutable" in response.headers["Cache-Control"]
        etags.add((encoding, response.headers["ETag"]))
    assert len({etag for _, etag in etags}) == 3  # one per representation, stable per encoding
    assert len(etags) == 3


async def test_the_app_page_and_other_files_are_precompressed_too(dist):
    client, _ = dist
    page = await client.get("/app/servers/1/2", headers={"Accept-Encoding": "br"})
    assert page.headers["Content-Encoding"] == "br" and page.mimetype == "text/html"
    assert page.headers["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert from_fake_brotli(await page.get_data()).startswith(b"<!doctype html>")
    emoji = await client.get("/assets/emoji/1f600.svg", headers={"Accept-Encoding": "gzip"})
    assert emoji.mimetype == "image/svg+xml" and emoji.headers["Content-Encoding"] == "gzip"
    picture = await client.get("/assets/picture.png", headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in picture.headers and "Vary" not in picture.headers


async def test_a_missing_or_stale_brotli_file_falls_back(dist):
    client, folder = dist
    css = await client.get("/assets/only-gzip.css", headers={"Accept-Encoding": "br, gzip"})
    assert css.headers["Content-Encoding"] == "gzip" and css.mimetype == "text/css"
    assert gzip.decompress(await css.get_data()).startswith(b"body { color: red; }")
    css = await client.get("/assets/only-gzip.css", headers={"Accept-Encoding": "br"})
    assert "Content-Encoding" not in css.headers
    assert (await css.get_data()).startswith(b"body { color: red; }")

    # A rebuilt original with an older .br beside it: the .br is not sent.
    script = folder / "assets" / "app-abc123.js"
    stale = script.stat().st_mtime - 60
    os.utime(script.with_name(script.name + ".br"), (stale, stale))
    response = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "br, gzip"})
    assert response.headers["Content-Encoding"] == "gzip"


async def test_head_and_conditional_requests(dist):
    client, _ = dist
    full = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "br"})
    head = await client.head("/assets/app-abc123.js", headers={"Accept-Encoding": "br"})
    assert head.status_code == 200  # (hypercorn sends no body for HEAD: hypercorn.utils.suppress_body)
    for name in ("Content-Encoding", "Content-Length", "ETag", "Vary", "Content-Type"):
        assert head.headers[name] == full.headers[name], name

    again = await client.get(
        "/assets/app-abc123.js", headers={"Accept-Encoding": "br", "If-None-Match": full.headers["ETag"]}
    )
    assert again.status_code == 304
    assert await again.get_data() == b""
    assert "Accept-Encoding" in again.headers["Vary"]
    # The brotli file's ETag does not validate the gzip representation.
    other = await client.get(
        "/assets/app-abc123.js", headers={"Accept-Encoding": "gzip", "If-None-Match": full.headers["ETag"]}
    )
    assert other.status_code == 200 and other.headers["Content-Encoding"] == "gzip"


async def test_a_range_is_answered_from_the_original(dist):
    client, _ = dist
    response = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "br", "Range": "bytes=0-6"})
    assert response.status_code == 206
    assert "Content-Encoding" not in response.headers
    assert await response.get_data() == b"console"
    assert response.headers["Content-Range"] == f"bytes 0-6/{len(SCRIPT)}"


async def test_no_path_leaves_the_build_folder(dist):
    client, folder = dist
    (folder / "assets" / "outside.txt").symlink_to(folder.parent / "secret.txt")
    for path in (
        "/..%2fsecret.txt",
        "/../secret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/assets/outside.txt",
        "/%2e%2e/secret.txt",
        "/assets/app-abc123.js%00.txt",
        "/" + "a" * 300 + ".js",
    ):
        response = await client.get(path, headers={"Accept-Encoding": "br, gzip"})
        body = await response.get_data()
        assert b"root:x" not in body, path
        if response.status_code == 200:  # the SPA's page, never the file
            assert response.mimetype == "text/html", path


async def test_a_missing_built_file_is_a_404_not_the_app(dist):
    client, _ = dist
    response = await client.get("/assets/twemoji-15.0.0/1f600-200d-1f600.svg", headers={"Accept-Encoding": "br"})
    assert response.status_code == 404
    assert response.mimetype == "text/plain"
