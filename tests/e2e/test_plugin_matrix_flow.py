"""The web UI with a plugin disabled (tests/contracts/test_plugin_matrix.py does every plugin's
routes): for a few representative plugins, their navigation entries and screens are gone and the
rest of the app works; with every plugin enabled the same entries and screens are there."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.async_api import expect

from core.plugins import discover, with_dependents
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member


@dataclass(frozen=True)
class Case:
    plugin: str
    nav: str | None  # the href of its navigation entry
    path: str  # a screen it fills
    screen: str  # a test id only its screen shows
    instead: str  # a test id shown at that path without it


CASES = [
    Case("explore", "/app/explore/servers", "/app/explore/servers", "explore-page", "home-feed"),  # the dashboard
    Case("posts", "/app/notifications", "/app", "home-feed", "dashboard-welcome"),
    Case("friends", None, "/app/inbox", "friends-pane", "inbox-without-friends"),
]


async def open_app(page, url: str, path: str) -> None:
    await page.goto(f"{url}{path}")
    # accounts is essential: its entry shows once the plugins have loaded
    await expect(page.locator('a[href="/app/settings"]').first).to_be_visible(timeout=BROWSER_PATIENCE_MS)


async def test_with_every_plugin_the_entries_and_screens_are_there(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    for case in CASES:
        await open_app(page, live_server.url, case.path)
        await expect(page.get_by_test_id(case.screen)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        if case.nav:
            await expect(page.locator(f'a[href="{case.nav}"]').first).to_be_visible()


@pytest.mark.parametrize("case", CASES, ids=[case.plugin for case in CASES])
async def test_a_disabled_plugin_leaves_no_entry_and_no_screen(start_server, signed_in, case):
    server = await start_server(**{"plugins.disabled": with_dependents(discover(), [case.plugin])})
    person = await member()
    page = await signed_in(person)
    await open_app(page, server.url, case.path)
    await expect(page.get_by_test_id(case.instead)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id(case.screen)).to_have_count(0)
    if case.nav:
        await expect(page.locator(f'a[href="{case.nav}"]')).to_have_count(0)
    # the rest still works: the inbox (or, without it, account settings) opens
    await page.locator('a[href="/app/inbox"]').first.click()
    await expect(page.get_by_role("navigation", name="Direct messages")).to_be_visible()
    await snapshot(page, f"without-{case.plugin}.png")
