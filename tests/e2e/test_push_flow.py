"""Push in the browser: the Notifications settings section with its switch (at 850 px), and the
service worker served from the site root that shows a pushed notification (delivered through
Chromium's DevTools protocol, as a push service would)."""

import asyncio
import json

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member

pytestmark = pytest.mark.full_browser  # push and notifications: the headless shell has neither


async def registration_id(cdp, updates: list) -> str:
    for _ in range(200):
        for update in updates:
            for registration in update["registrations"]:
                if registration["scopeURL"].endswith("/") and not registration["isDeleted"]:
                    return registration["registrationId"]
        await asyncio.sleep(0.1)
    raise AssertionError(f"no service worker registration: {updates}")


async def test_the_section_and_the_worker_show_a_push(live_server, signed_in):
    person = await member()
    page = await signed_in(person, width=850)
    await page.context.grant_permissions(["notifications"], origin=live_server.url)
    await page.goto(f"{live_server.url}/app/settings/notifications")
    section = page.get_by_test_id("settings-notifications")
    await expect(section.get_by_role("heading", name="Notifications", exact=True)).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    await expect(page.get_by_role("switch", name="Push notifications")).to_be_enabled(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("push-status")).to_have_text("Push notifications are off for this browser.")

    response = await page.request.get(f"{live_server.url}/push-worker.js")
    assert response.ok and "javascript" in response.headers["content-type"]

    cdp = await page.context.new_cdp_session(page)
    updates: list = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: updates.append(event))
    await cdp.send("ServiceWorker.enable")
    scope = await page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.register('/push-worker.js', {scope: '/'});
        await navigator.serviceWorker.ready;
        return registration.scope;
    }""")
    assert scope == f"{live_server.url}/"
    payload = {"title": "ada", "body": "hello there", "url": "/app/inbox/1", "tag": "channel-1"}
    push = {
        "origin": live_server.url,
        "registrationId": await registration_id(cdp, updates),
        "data": json.dumps(payload),
    }
    shown = None
    for attempt in range(300):
        if attempt % 30 == 0:  # DevTools may drop a push sent while the worker starts: send again (same tag)
            await cdp.send("ServiceWorker.deliverPushMessage", push)
        shown = await page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data}));
        }""")
        if shown:
            break
        await asyncio.sleep(0.1)
    assert shown == [{"title": "ada", "body": "hello there", "tag": "channel-1", "data": {"url": "/app/inbox/1"}}]
    await snapshot(page, "push-settings.png")
