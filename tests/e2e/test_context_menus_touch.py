"""Context menus by touch on a phone (390 × 844, a touch screen): holding a finger on a channel, a
message or a server icon opens its menu; a short tap does not (it does what a tap does), and a
finger that moves (a scroll) does not either. Real touch events, sent through the browser's
DevTools protocol as a touch screen sends them."""

import asyncio
import json
from datetime import UTC, datetime

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import Community, join, ok

PHONE = {"width": 390, "height": 844}
# Past the app's 500 ms long press (webui/src/ui/contextMenu/longPress.ts), and well short of it.
HOLD_S = 0.8
TAP_S = 0.08


async def phone(browser, person):
    context = await browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(person.token)})")
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page, await context.new_cdp_session(page)


async def centre_of(locator):
    await locator.scroll_into_view_if_needed()
    box = await locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def touch(cdp, x, y, hold, travel=0.0, steps=6):
    """A finger put down at (x, y), held ``hold`` seconds while sliding ``travel`` px upwards, and lifted."""
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        await asyncio.sleep(hold / (steps + 1))
        if travel:
            point = {"x": x, "y": y - travel * step / steps}
            await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    await asyncio.sleep(hold / (steps + 1))
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


async def long_press(page, cdp, x, y, lifted=None):
    """A finger put down at (x, y), held until the press shows (a menu, or ``lifted``: a server icon
    lifts, and its menu opens when the finger is released without moving), and lifted: as a person
    holds until they see it. A busy page runs its long-press timer late, after input that came in
    meanwhile, so a lift after a fixed time could come first and be a tap."""
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    await expect(lifted or page.get_by_role("menu")).to_be_visible()
    await asyncio.sleep(0.1)  # a person's finger does not lift the instant the menu appears
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


async def gesture_on_a_held_clock(page, cdp, x, y, hold, travel=0.0):
    """A tap or a scroll whose events all reach the page before its long-press timer may run: on a
    busy machine the page can stall past 500 ms between two events sent 80 ms apart, and a real
    phone's finger was never that slow. The page's clock stands still while the events go in."""
    await hold_the_clock(page)
    await touch(cdp, x, y, hold, travel)
    await page.clock.run_for(int(HOLD_S * 1000))  # a long press's delay passes, with room to spare
    await page.clock.resume()


async def hold_the_clock(page):
    """Pause the page's clock a moment ahead of where it is: ``pause_at`` may only move it forward,
    and the clock runs on while this asks (on a busy machine past a margin of 1 ms, once)."""
    for margin_ms in (20, 200, 2000):
        now = await page.evaluate("Date.now()")
        try:
            await page.clock.pause_at(datetime.fromtimestamp((now + margin_ms) / 1000, UTC))
            return
        except PlaywrightError as refused:
            if "to the past" not in str(refused):
                raise
    raise AssertionError("the page's clock ran past every margin before it could be paused")


async def no_menu_after(page):
    """No menu, once a long press's delay has passed."""
    await expect(page.get_by_role("menu")).to_have_count(0)


async def menu_stays(page):
    """The menu the long press opened is still open a moment after the lift: the lift chose nothing."""
    await expect(page.get_by_role("menu")).to_be_visible()
    await asyncio.sleep(0.3)
    await expect(page.get_by_role("menu")).to_be_visible()
    await expect(page.get_by_role("dialog")).to_have_count(0)


async def close_menu(page, cdp):
    """A tap far from the menu closes it, as on a phone (there is no Escape key)."""
    await touch(cdp, 20, PHONE["height"] - 20, TAP_S)
    await expect(page.get_by_role("menu")).to_have_count(0)


async def a_server(client):
    ada, bob = await member(username="ada"), await member(username="bob")
    server = await ok(client, "POST", "/api/servers", {"name": "Hearthside"}, ada.token)
    place = Community(owner=ada, server=server)
    await join(client, place, bob)
    second = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, ada.token)
    return place, ada, bob, second["id"]


async def test_long_press_opens_menus_and_taps_and_scrolls_do_not(live_server, browser):
    client = live_server.app.quart.test_client()
    place, ada, bob, second = await a_server(client)
    for index in range(40):
        await sent(client, bob, place.general, f"line {index}")
    await sent(client, bob, place.general, "hold me")
    await sent(client, bob, second, "unread over there")
    context, page, cdp = await phone(browser, ada)
    await page.clock.install()  # its time flows as usual; taps and scrolls hold it (gesture_on_a_held_clock)
    try:
        await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
        message = page.get_by_test_id("message").filter(has_text="hold me")
        await expect(message).to_be_visible()

        # A message: held, its menu; tapped, nothing; a scrolling finger, nothing (and it scrolls).
        await long_press(page, cdp, *await centre_of(message))
        await menu_stays(page)
        await expect(page.get_by_test_id("menu-copy-link")).to_be_visible()
        await expect(message.get_by_test_id("reaction")).to_have_count(0)
        await snapshot(page, "message-menu-touch-390.png")
        await close_menu(page, cdp)
        await gesture_on_a_held_clock(page, cdp, *await centre_of(message), TAP_S)
        await no_menu_after(page)
        scroller = page.locator(".chat-list")
        before = await scroller.evaluate("list => list.scrollTop")
        higher = page.get_by_test_id("message").filter(has_text="line 36")
        x, y = await centre_of(higher)
        await gesture_on_a_held_clock(page, cdp, x, y, HOLD_S, travel=-150)
        await no_menu_after(page)
        assert await scroller.evaluate("list => list.scrollTop") < before

        # A channel, in the phone's side drawer: held, its menu (marked read from it, without opening
        # it); tapped, it opens.
        await page.locator(".main-header__menu").click()
        channel = page.get_by_test_id("channel-item").filter(has_text="second")
        await expect(page.locator(".app-layout__nav")).to_be_in_viewport(ratio=1)
        await expect(channel).to_have_attribute("data-unread", "true")
        await long_press(page, cdp, *await centre_of(channel))
        await menu_stays(page)
        await snapshot(page, "channel-menu-touch-390.png")
        await page.get_by_role("menuitem", name="Mark as read").tap()
        await expect(page.get_by_role("menu")).to_have_count(0)
        await expect(channel).not_to_have_attribute("data-unread", "true")
        assert page.url.endswith(f"/{place.general}")  # holding did not open the channel
        await gesture_on_a_held_clock(page, cdp, *await centre_of(channel), TAP_S)
        await page.wait_for_url(f"**/{place.id}/{second}")
        await no_menu_after(page)

        # A server icon on the rail: held, the server menu; tapped, the server.
        await page.locator(".main-header__menu").click()
        icon = page.get_by_test_id("server-rail-item")
        await expect(page.locator(".app-layout__nav")).to_be_in_viewport(ratio=1)
        await long_press(page, cdp, *await centre_of(icon), lifted=page.get_by_test_id("rail-touch-ghost"))
        await menu_stays(page)
        await expect(page.get_by_role("menuitem", name="Invite people")).to_be_visible()
        await snapshot(page, "server-menu-touch-390.png")
        await close_menu(page, cdp)
        await gesture_on_a_held_clock(page, cdp, *await centre_of(icon), TAP_S)
        await no_menu_after(page)
        assert page.errors == []
    finally:
        await context.close()
