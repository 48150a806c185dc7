"""What a browser downloads to start /app (issue 33's target: at most 200 KB of JavaScript and CSS
over the wire). A visitor's /app is the log-in page, which loads what /app runs at start-up (the
entry, the app shell and every plugin's start-up code, for the ways in the plugins add) and no
screen of the app. A member's /app is also their first screen: the server rail with their server,
Home's side pane and the posts feed with its composer. A fresh browser context (empty cache) opens
each, waits until it is drawn and the network is idle, and adds up the encoded size of every script
and stylesheet fetched, as the server sent them (brotli for Chromium on the loopback address).
Bytes, not times: a build that puts back into start-up what only later screens need fails here. ``bench/app_download.py`` prints the same
figure with the largest files, and those of a member's first screens."""

from __future__ import annotations

import json
from typing import Any

from playwright.async_api import expect

from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community

TARGET_BYTES = 200 * 1024

SCRIPTS_AND_STYLES = """() => performance.getEntriesByType("resource")
  .filter((entry) => /\\.(js|css)$/.test(new URL(entry.name).pathname))
  .map((entry) => ({ name: new URL(entry.name).pathname, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize }))"""


async def downloaded(browser: Any, url: str, ready: str, token: str | None = None) -> list[dict]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    if token:
        await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(token)})")
    try:
        page = await context.new_page()
        await page.goto(url)
        await expect(page.locator(ready).first).to_be_visible()
        await page.wait_for_load_state("networkidle")
        return await page.evaluate(SCRIPTS_AND_STYLES)
    finally:
        await context.close()


def over_the_wire(entries: list[dict]) -> int:
    # Every file came over the network (none from a cache), compressed (the smallest may not be).
    assert entries and all(entry["encoded"] > 0 for entry in entries), entries
    encoded = sum(entry["encoded"] for entry in entries)
    assert encoded < sum(entry["decoded"] for entry in entries) / 2
    return encoded


def largest(entries: list[dict]) -> str:
    return ", ".join(
        f"{entry['name']} {entry['encoded'] / 1024:.1f} KB"
        for entry in sorted(entries, key=lambda entry: -entry["encoded"])[:8]
    )


async def test_starting_app_downloads_at_most_200_kb(browser, live_server):
    entries = await downloaded(browser, f"{live_server.url}/app", "form input[type='password']")
    total = over_the_wire(entries)
    # The start-up code of the shell and of the plugins came with it.
    assert any(entry["name"].startswith("/assets/app-") for entry in entries), largest(entries)
    assert total <= TARGET_BYTES, f"/app signed out downloads {total / 1024:.1f} KB: {largest(entries)}"


async def test_a_member_opening_app_downloads_at_most_200_kb(browser, live_server):
    client = live_server.app.quart.test_client()
    place = await community(client, "Downloads")
    await sent(client, place.owner, place.general, "Hello 👋 **world**")
    entries = await downloaded(browser, f"{live_server.url}/app", "[data-testid='post-composer']", place.owner.token)
    total = over_the_wire(entries)
    names = [entry["name"] for entry in entries]
    # The first screen came with it (the shell, the rail, the feed); no screen it does not show.
    assert any(name.startswith("/assets/app-") for name in names), largest(entries)
    assert any(name.startswith("/assets/HomeFeed-") for name in names), largest(entries)
    assert not any(name.startswith(("/assets/ServerPage-", "/assets/MessagePane-")) for name in names), largest(entries)
    assert total <= TARGET_BYTES, f"/app signed in downloads {total / 1024:.1f} KB: {largest(entries)}"
