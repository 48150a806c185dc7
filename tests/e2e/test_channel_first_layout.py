"""The channel-first layout (issue 33): a server's sidebar starts with its name, whose menu creates
a channel with the name typed first (another member sees it live); a channel's context menu, opened
from the keyboard, marks it read for that member only; Home's side pane lists a DM with its unread
count; on a phone Escape closes the drawers; unknown moderation paths do not fall back to Home."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.moderation.helpers import staff
from tests.plugins.servers.helpers import community, join, ok


async def in_arabic(page) -> None:
    await page.evaluate("localStorage.setItem('appLanguage', 'ar-ps')")
    await page.reload()


async def test_server_menu_creates_a_named_channel_and_a_channel_menu_marks_read_for_one_member(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Hearthside")
    bob, carol = await join(client, place, await member(username="bob")), await join(client, place)
    news = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "news", "type": 1}, place.owner.token)
    await sent(client, place.owner, news["id"], "Big news")
    url = f"{live_server.url}/app/servers/{place.id}/{place.general}"
    owner_page, bob_page, carol_page = (
        await signed_in(place.owner),
        await signed_in(bob),
        await signed_in(carol),
    )
    for page in (owner_page, bob_page, carol_page):
        await page.goto(url)
        await expect(page.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)

    # The rail icon's menu is the server menu; the sidebar's name button opens it too.
    await owner_page.get_by_test_id("server-rail-item").click(button="right")
    await expect(owner_page.get_by_role("menuitem", name="Create category")).to_be_visible()
    await owner_page.keyboard.press("Escape")
    await expect(owner_page.get_by_role("menu")).to_have_count(0)
    await owner_page.get_by_role("button", name="Server menu").click()
    await owner_page.get_by_role("menuitem", name="Create channel").click()
    dialog = owner_page.get_by_role("dialog", name="Create a channel")
    await dialog.get_by_label("Channel name").fill("plans")
    await dialog.get_by_role("button", name="Create", exact=True).click()
    await expect(owner_page.get_by_test_id("channel-title")).to_have_text("plans")
    await expect(owner_page).to_have_url(re.compile(rf"/app/servers/{place.id}/\d+$"))
    await expect(bob_page.get_by_test_id("channel-item").filter(has_text="plans")).to_be_visible()  # live
    # Bob may not manage channels: no "Create channel" in his server menu.
    await bob_page.get_by_role("button", name="Server menu").click()
    await expect(bob_page.get_by_role("menuitem", name="Leave server")).to_be_visible()
    await expect(bob_page.get_by_role("menuitem", name="Create channel")).to_have_count(0)
    await bob_page.keyboard.press("Escape")
    await snapshot(owner_page, "layout-server-1280.png")

    # Bob marks #news read from the keyboard; Carol's #news stays unread, and Bob's stays read after a reload.
    bob_news = bob_page.locator(f'[data-testid=channel-item][data-channel-id="{news["id"]}"]')
    carol_news = carol_page.locator(f'[data-testid=channel-item][data-channel-id="{news["id"]}"]')
    await expect(bob_news).to_have_attribute("data-unread", "true")
    await expect(carol_news).to_have_attribute("data-unread", "true")
    await bob_news.focus()
    await bob_page.keyboard.press("Shift+F10")
    await bob_page.get_by_role("menuitem", name="Mark as read").click()
    await expect(bob_news).not_to_have_attribute("data-unread", "true")
    await bob_page.reload()
    await expect(bob_page.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)
    await expect(bob_news).not_to_have_attribute("data-unread", "true")
    await expect(carol_news).to_have_attribute("data-unread", "true")

    await owner_page.set_viewport_size({"width": 850, "height": 800})  # the drawers' width
    await owner_page.locator(".main-header__menu").click()
    await expect(owner_page.locator(".app-layout__nav")).to_be_in_viewport(ratio=1)  # slid in whole
    await snapshot(owner_page, "layout-server-850.png")
    await owner_page.set_viewport_size({"width": 1280, "height": 800})

    await in_arabic(owner_page)
    await expect(owner_page.get_by_test_id("channel-title")).to_have_text("plans", timeout=BROWSER_PATIENCE_MS)
    await snapshot(owner_page, "layout-server-1280-ar-ps.png")


async def test_home_lists_dms_with_unread_and_escape_closes_the_phone_drawers(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice, bob = await staff(client, username="alice"), await member(username="bob")
    channel_id = await open_dm(client, alice, bob)
    await open_dm(client, bob, alice)
    await sent(client, bob, channel_id, "Are you there?")
    await sent(client, bob, channel_id, "Hello?")
    page = await signed_in(alice, width=390)
    await page.goto(f"{live_server.url}/app")

    # Home's side pane, a drawer on a phone: the conversation with Bob and its unread count.
    await page.locator(".main-header__menu").click()
    nav = page.locator(".app-layout__nav")
    await expect(nav).to_be_in_viewport(ratio=1)
    dm = page.get_by_test_id("home-sidebar").get_by_test_id("dm-item").filter(has_text="bob")
    await expect(dm.locator(".nav-badge")).to_have_text("2", timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "layout-home-390.png")
    await page.keyboard.press("Escape")
    await expect(page.locator(".app-layout--side-open")).to_have_count(0)
    await expect(page.locator(".main-header__menu")).to_be_focused()

    # The right-hand panel of the conversation closes with Escape too.
    await page.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await expect(page.get_by_test_id("message").filter(has_text="Hello?")).to_be_visible()
    await page.locator(".main-header > button[aria-expanded]").click()
    await expect(page.locator(".right-drawer")).to_be_in_viewport(ratio=1)
    await page.keyboard.press("Escape")
    await expect(page.locator(".app-layout--drawer-open")).to_have_count(0)

    # Moderation: the servers tab's address leads to it; an unknown one says so instead of showing Home.
    await page.goto(f"{live_server.url}/app/moderation/servers")
    await expect(page).to_have_url(re.compile(r"/app/moderation$"))
    await expect(page.get_by_role("heading", name="Servers", level=2)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.goto(f"{live_server.url}/app/moderation/nothing-here")
    await expect(page.get_by_test_id("moderation-not-found")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await page.goto(f"{live_server.url}/app")
    await in_arabic(page)
    await page.locator(".main-header__menu").click()
    await expect(nav).to_be_in_viewport(ratio=1)
    await expect(page.get_by_test_id("home-sidebar").get_by_test_id("dm-item")).to_be_visible()
    await snapshot(page, "layout-home-390-ar-ps.png")
