"""Threads (issue 35): Ada creates a thread from Bob's message (its name asked first), the thread
opens beside the channel; Bob opens it from the channel's threads list and replies (and so
follows it, until he unfollows it by hand); Ada, who follows it, sees the unread badge under the
channel and the reply's notice, and opening it clears the badge. Pictures of the panel at 1280
and 390 px (full screen), left to right and in Arabic (right to left)."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.e2e.test_accessibility import AXE, readable, violations_on
from tests.e2e.test_context_menus_flow import a_server, open_channel, row
from tests.plugins.messages.helpers import sent
from tests.plugins.threads.helpers import tok


async def test_a_thread_from_a_message_a_reply_and_the_unread_badge(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    await sent(client, bob, place.general, "shall we plan the trip?")
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    for page in (page_a, page_b):
        await page.context.add_init_script(path=str(AXE))
    await open_channel(page_a, url, place)
    await open_channel(page_b, url, place)

    # Ada: the message's menu, the name first, then the thread opens beside the channel
    await row(page_a, "shall we plan").click(button="right")
    await page_a.get_by_role("menuitem", name="Create thread").click()
    dialog = page_a.get_by_role("dialog", name="Create thread")
    name = dialog.get_by_role("textbox", name="Thread name")
    await expect(name).to_have_value("shall we plan the trip?")
    await name.fill("Trip planning")
    await dialog.get_by_role("button", name="Create thread").click()
    panel_a = page_a.get_by_test_id("thread-panel")
    await expect(panel_a).to_be_visible()
    await expect(panel_a.get_by_role("button", name="Unfollow")).to_be_visible()  # the creator follows
    await expect(panel_a.get_by_role("textbox")).to_have_attribute("placeholder", "Message Trip planning")
    await expect(panel_a.get_by_text("shall we plan the trip?")).to_be_visible()  # the starter, at the top
    found = await violations_on(page_a, "thread panel")
    assert not found, readable("thread panel", found)
    await snapshot(page_a, "thread-panel-1280.png")
    await panel_a.get_by_role("button", name="Close thread").click()
    await expect(panel_a).to_have_count(0)
    followed = page_a.get_by_test_id("followed-threads")
    await expect(followed.get_by_role("button", name="Trip planning")).to_be_visible()

    # Bob: the channel's threads, then a reply in the thread's own composer
    await page_b.get_by_test_id("open-threads").click()
    await expect(page_b.get_by_test_id("thread-list-item").filter(has_text="Trip planning")).to_be_visible()
    found = await violations_on(page_b, "threads list")
    assert not found, readable("threads list", found)
    await page_b.get_by_test_id("thread-list-item").filter(has_text="Trip planning").click()
    panel_b = page_b.get_by_test_id("thread-panel")
    composer_b = panel_b.get_by_role("textbox")
    await composer_b.fill("Saturday works for me")
    await composer_b.press("Enter")
    await expect(panel_b.get_by_test_id("message").filter(has_text="Saturday works for me")).to_be_visible()
    await expect(row(page_b, "Saturday works")).to_have_count(1)  # in the thread, not the channel's history
    # replying made Bob follow it: it shows under the channel; unfollowing by hand takes it away
    followed_b = page_b.get_by_test_id("followed-threads")
    await expect(followed_b.get_by_role("button", name="Trip planning")).to_be_visible()
    await panel_b.get_by_role("button", name="Unfollow").click()
    await expect(panel_b.get_by_role("button", name="Follow", exact=True)).to_be_visible()
    await expect(followed_b.get_by_role("button", name="Trip planning")).to_have_count(0)

    # Ada: the unread badge under the channel, cleared by opening the thread; the reply in the
    # thread she follows notifies her as one in its channel would (her settings: all messages)
    await expect(followed.get_by_test_id("thread-unread")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page_a.get_by_test_id("notification-toast")).to_contain_text("Saturday works for me")
    await expect(page_a.locator(".server-channel").get_by_text("Saturday works for me")).to_have_count(0)
    await snapshot(page_a, "thread-unread-badge-1280.png")
    await followed.get_by_role("button", name="Trip planning").click()
    await expect(page_a.get_by_test_id("thread-panel").get_by_text("Saturday works for me")).to_be_visible()
    await expect(followed.get_by_test_id("thread-unread")).to_have_count(0)

    # a phone: the thread takes the whole screen
    await page_a.set_viewport_size({"width": 390, "height": 800})
    await page_a.get_by_test_id("open-threads").click()
    await page_a.get_by_test_id("thread-list-item").filter(has_text="Trip planning").click()
    phone_panel = page_a.get_by_test_id("thread-panel")
    await expect(phone_panel.get_by_text("Saturday works for me")).to_be_visible()
    await page_a.locator(".right-drawer").evaluate("d => Promise.all(d.getAnimations().map((a) => a.finished))")
    box = await page_a.locator(".right-drawer").bounding_box()
    assert box is not None and box["x"] <= 1 and box["width"] >= 389, box
    await snapshot(page_a, "thread-panel-390.png")

    # right to left
    await page_a.set_viewport_size({"width": 1280, "height": 800})
    await page_a.evaluate("document.documentElement.dir = 'rtl'")
    await page_a.locator(".right-drawer").evaluate("d => Promise.all(d.getAnimations().map((a) => a.finished))")
    box = await page_a.locator(".right-drawer").bounding_box()  # mirrored: on the left, whole
    assert box is not None and box["x"] == 0 and box["width"] >= 400, box
    await snapshot(page_a, "thread-panel-rtl-1280.png")


async def test_a_reply_to_a_thread_beyond_the_loaded_list_brings_it_up_live(live_server, signed_in):
    """Bob's threads list of #general holds the first page (50) of 52 threads: a reply to the
    oldest, which he has not loaded, brings it to the top of the open list at once."""
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    made = [
        await tok(client, "POST", "/api/threads", {"channelId": place.general, "name": f"topic {n}"}, ada.token)
        for n in range(52)
    ]
    page_b = await signed_in(bob)
    await open_channel(page_b, live_server.url, place)
    await page_b.get_by_test_id("open-threads").click()
    names = page_b.get_by_test_id("thread-list").locator(".thread-list__name")
    await expect(names).to_have_count(50, timeout=BROWSER_PATIENCE_MS)
    await expect(names.first).to_have_text("topic 51")
    await expect(names.filter(has_text="topic 0")).to_have_count(0)

    await tok(client, "POST", f"/api/channels/{made[0]['id']}/messages", {"content": "back to this"}, ada.token)
    await expect(names.first).to_have_text("topic 0")
    await expect(names).to_have_count(51)
