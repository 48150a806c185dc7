"""What a browser downloads to open Hearth's `/app`: the JavaScript and CSS bytes over the wire
(encoded, as the server sent them), signed out (`/app` sends a visitor to the log-in page) and
signed in (a member of a server, landing on its channel), against the issue's target of 200 KB.

A scratch Hearth (SQLite, every plugin enabled) serves the built UI; each case is a fresh
Chromium context (empty cache) that opens the page and waits until the network is idle and the
page drawn. Bytes are the Resource Timing entries' `encodedBodySize` of every `.js` and `.css`
file; Chromium asks for brotli on 127.0.0.1 as over HTTPS, and `--gzip` makes it ask for gzip
only (a browser on a plain-HTTP address that is not the loopback one). Prints figures; not a test.

    .venv/bin/python bench/app_download.py [--gzip] [--list 10]   (needs the UI built: npm run build)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.message_fanout import api, make_member  # noqa: E402
from bench.scratch import scratch_server  # noqa: E402

TARGET_BYTES = 200 * 1024
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

RESOURCES = """() => performance.getEntriesByType("resource")
  .filter((entry) => /\\.(js|css)$/.test(new URL(entry.name).pathname))
  .map((entry) => ({ name: new URL(entry.name).pathname, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize }))"""


async def signed_in_member(url: str) -> tuple[str, str, str]:
    """A member's token and the server and channel they land on (with a message in it)."""
    async with aiohttp.ClientSession() as http:
        token = await make_member(http, url, 0)
        server = await api(http, url, "POST", "/api/servers", {"name": "Downloads"}, token)
        channel = server["defaultChannelId"]
        await api(http, url, "POST", f"/api/channels/{channel}/messages", {"content": "Hello 👋 **world**"}, token)
        return token, server["id"], channel


async def opened(browser, url: str, path: str, token: str | None, gzip_only: bool, ready: str) -> list[dict]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    if token:
        await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(token)})")
    if gzip_only:
        await context.set_extra_http_headers({"Accept-Encoding": "gzip, deflate"})
    page = await context.new_page()
    await page.goto(f"{url}{path}")
    await page.locator(ready).first.wait_for(timeout=120_000)
    await page.wait_for_load_state("networkidle")
    await page.wait_for_timeout(500)
    entries = await page.evaluate(RESOURCES)
    await context.close()
    return entries


def report(label: str, entries: list[dict], listed: int) -> int:
    encoded = sum(entry["encoded"] for entry in entries)
    decoded = sum(entry["decoded"] for entry in entries)
    scripts = sum(1 for entry in entries if entry["name"].endswith(".js"))
    verdict = "within" if encoded <= TARGET_BYTES else "OVER"
    print(
        f"{label}: {encoded / 1024:.1f} KB over the wire ({decoded / 1024:.1f} KB decoded) in "
        f"{scripts} JS + {len(entries) - scripts} CSS files: {verdict} the {TARGET_BYTES // 1024} KB target"
    )
    for entry in sorted(entries, key=lambda entry: -entry["encoded"])[:listed]:
        print(f"    {entry['encoded'] / 1024:7.1f} KB  {entry['name']}")
    return encoded


async def main(gzip_only: bool, listed: int) -> None:
    from playwright.async_api import async_playwright

    async with scratch_server() as (url, _pid):
        token, server_id, channel = await signed_in_member(url)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            encoding = "gzip" if gzip_only else "brotli"
            cases = [
                ("/app signed out", "/app", None, "form"),
                ("/app signed in", "/app", token, "[data-testid='server-rail'], nav"),
                (
                    "a server's channel signed in",
                    f"/app/servers/{server_id}/{channel}",
                    token,
                    "[data-testid='message']",
                ),
            ]
            for label, path, person, ready in cases:
                entries = await opened(browser, url, path, person, gzip_only, ready)
                report(f"{label} ({encoding})", entries, listed)
            await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gzip", action="store_true", help="ask for gzip only")
    parser.add_argument("--list", type=int, default=10, help="the largest files to list")
    args = parser.parse_args()
    asyncio.run(main(args.gzip, args.list))
