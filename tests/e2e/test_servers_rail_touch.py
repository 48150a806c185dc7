"""The server rail by touch at 850 px (long press, then drag: reorder, and drop a server onto
another to make a folder), and the "scheduled for deletion" banner coming and going live when a
moderator schedules and unschedules the server's deletion."""

import asyncio
import json
import re

from playwright.async_api import expect

from core.identity.models import User
from plugins.servers.models import ServerOrder
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import ok
from tests.support import PASSWORD


async def touch_page(browser, person, width=850):
    context = await browser.new_context(viewport={"width": width, "height": 800}, has_touch=True)
    await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(person.token)})")
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


async def center(locator):
    box = await locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


async def touch_drag(page, cdp, start, end, steps=8):
    """Press at ``start``, hold until the entry lifts (long press), slide to ``end`` and lift — real
    touch events. The finger waits for the lift as a person does, not for a fixed time: a busy page
    runs its long-press timer late, after input that came in meanwhile, and a move before the lift
    is a scroll."""
    x0, y0 = start
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    await expect(page.get_by_test_id("rail-touch-ghost")).to_have_count(1)
    x1, y1 = end
    for step in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        await asyncio.sleep(0.03)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


async def rail_ids(page):
    return await page.get_by_test_id("server-rail-item").evaluate_all("els => els.map(e => e.dataset.serverId)")


async def test_touch_reorder_and_folder_at_850px(live_server, browser):
    client = live_server.app.quart.test_client()
    ada = await member(username="ada")
    ids = [
        (await ok(client, "POST", "/api/servers", {"name": name}, ada.token))["id"] for name in ("One", "Two", "Three")
    ]
    context, page = await touch_page(browser, ada)
    try:
        await page.goto(f"{live_server.url}/app")
        await page.get_by_role("button", name="Open menu").click()
        # the drawer slides in (200 ms): a finger aimed at an icon before it has stopped misses it
        await expect(page.locator(".app-layout__nav")).to_be_in_viewport(ratio=1)
        items = page.get_by_test_id("server-rail-item")
        await expect(items).to_have_count(3)
        assert await rail_ids(page) == ids
        cdp = await context.new_cdp_session(page)

        # Reorder: "Three" lifted and dropped on the top quarter of "One".
        x3, y3, _ = await center(items.nth(2))
        x1, _, box1 = await center(items.nth(0))
        await touch_drag(page, cdp, (x3, y3), (x1, box1["y"] + 4))
        await expect(items.nth(0)).to_have_attribute("data-server-id", ids[2])
        assert await rail_ids(page) == [ids[2], ids[0], ids[1]]
        await expect(page.get_by_test_id("rail-touch-ghost")).to_have_count(0)
        assert page.url.endswith("/app")  # the drop did not click through to the server

        # Folder: "Two" (now last) dropped on the middle of "Three" (now first).
        items = page.get_by_test_id("server-rail-item")
        x2, y2, _ = await center(items.nth(2))
        xt, yt, _ = await center(items.nth(0))
        await touch_drag(page, cdp, (x2, y2), (xt, yt))
        folder = page.get_by_test_id("server-folder")
        await expect(folder).to_have_count(1)
        stored = await ServerOrder.get(user_id=int(ada.id))
        assert [f["serverIds"] for f in stored.folders] == [[ids[2], ids[1]]]
        await snapshot(page, "servers-rail-touch-850.png")
        assert page.errors == []
    finally:
        await context.close()


async def test_the_deletion_banner_follows_the_moderators_schedule(live_server, browser):
    client = live_server.app.quart.test_client()
    ada, mod = await member(username="ada"), await member(username="mod")
    await User.filter(id=int(mod.id)).update(badges=2)
    server = await ok(client, "POST", "/api/servers", {"name": "Doomed"}, ada.token)
    context, page = await touch_page(browser, ada, width=1280)
    try:
        await page.goto(f"{live_server.url}/app/servers/{server['id']}")
        await page.wait_for_url(re.compile(rf"/app/servers/{server['id']}/\d+$"))
        banner = page.get_by_test_id("server-deletion-banner")
        await expect(page.get_by_test_id("channel-title")).to_have_text("General")
        await expect(banner).to_have_count(0)
        await ok(
            client,
            "DELETE",
            f"/api/moderation/servers/{server['id']}",
            {"password": PASSWORD, "reason": "spam"},
            mod.token,
        )
        await expect(banner).to_contain_text("This server is scheduled for deletion.")
        await snapshot(page, "servers-deletion-banner.png")
        await ok(
            client,
            "DELETE",
            f"/api/moderation/servers/{server['id']}/schedule-delete",
            {"password": PASSWORD},
            mod.token,
        )
        await expect(banner).to_have_count(0)
        assert page.errors == []
    finally:
        await context.close()
