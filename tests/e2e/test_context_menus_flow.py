"""Message and user menus (issue 33): a quick reaction and a pin from a message's menu reach the
other person live; "Copy message link" gives the app's address of the message, and opening it
jumps there. The owner kicks a member from the members list's menu and the member loses the
server live; a member without permissions gets no server actions. Pictures of both menus at
1280 and 390 px, left to right and in Arabic (right to left)."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import Community, join, ok, role_with


async def a_server(client):
    ada, bob, carol = await member(username="ada"), await member(username="bob"), await member(username="carol")
    server = await ok(client, "POST", "/api/servers", {"name": "Hearthside"}, ada.token)
    place = Community(owner=ada, server=server)
    await join(client, place, bob)
    await join(client, place, carol)
    return place, ada, bob, carol


async def open_channel(page, url, place, composer="Message"):
    await page.goto(f"{url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_role("textbox", name=composer)).to_be_visible(timeout=BROWSER_PATIENCE_MS)


async def picture(page, name):
    """A snapshot once the open menu's opening animation is over."""
    menu = page.get_by_role("menu")
    await menu.evaluate("menu => Promise.all(menu.getAnimations().map((animation) => animation.finished))")
    await snapshot(page, name)


async def on_a_phone(page, composer="Message"):
    await page.set_viewport_size({"width": 390, "height": 800})
    await page.reload()
    await expect(page.get_by_role("textbox", name=composer)).to_be_visible(timeout=BROWSER_PATIENCE_MS)


def row(page, text):
    return page.get_by_test_id("message").filter(has_text=text)


async def test_message_menu_reacts_pins_and_links(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    target = await sent(client, bob, place.general, "pick me")
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_a.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    await open_channel(page_b, url, place)
    await open_channel(page_a, url, place)

    await row(page_a, "pick me").click(button="right")
    menu = page_a.get_by_role("menu")
    entries = ("Add reaction", "Reply", "Pin message", "Copy message link", "Mark unread", "Delete", "Copy message ID")
    for entry in entries:
        await expect(menu.get_by_role("menuitem", name=entry)).to_be_visible()
    await expect(menu.get_by_role("menuitem", name="Edit")).to_have_count(0)  # not Ada's message
    await picture(page_a, "message-menu-1280.png")
    quick = menu.get_by_test_id("quick-reaction").first
    emoji = await quick.get_by_role("img").get_attribute("alt")  # a Twemoji picture
    await quick.click()
    await expect(menu).to_have_count(0)
    reaction_b = row(page_b, "pick me").get_by_test_id("reaction")
    await expect(reaction_b.get_by_role("img", name=emoji)).to_be_visible()
    await expect(reaction_b).to_contain_text("1")

    await row(page_a, "pick me").click(button="right")
    await page_a.get_by_role("menuitem", name="Pin message").click()
    await expect(row(page_b, "pick me").locator(".message__badge")).to_have_text(re.compile("Pinned"))

    await row(page_a, "pick me").click(button="right")
    await page_a.get_by_role("menuitem", name="Copy message link").click()
    link = f"{url}/app/servers/{place.id}/{place.general}?messageId={target['id']}"
    assert await page_a.evaluate("navigator.clipboard.readText()") == link

    # Enough newer messages that "pick me" is far above the newest: the link must jump to it.
    for index in range(60):
        await sent(client, ada, place.general, f"later {index}")
    await page_b.goto(link)
    jumped_to = row(page_b, "pick me")
    await expect(jumped_to).to_have_class(re.compile("message--highlighted"))
    await expect(jumped_to).to_be_in_viewport()


async def test_user_menu_kicks_live_and_fits_a_phone(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, carol = await a_server(client)
    helpers = await role_with(client, place, 0)
    await ok(client, "POST", f"/api/servers/{place.id}/roles/{helpers}", {"name": "Helpers"}, ada.token)
    await sent(client, bob, place.general, "hi from bob")
    url = live_server.url
    page_a, page_b, page_c = await signed_in(ada), await signed_in(bob), await signed_in(carol)
    await page_c.context.add_init_script("localStorage.setItem('appLanguage', 'ar-ps')")
    await open_channel(page_b, url, place)
    await open_channel(page_a, url, place)
    await open_channel(page_c, url, place, composer="رسالة")

    # Carol, without permissions: her menu on Bob has no server actions.
    await row(page_c, "hi from bob").locator(".message__author").click(button="right")
    menu_c = page_c.get_by_role("menu")
    await expect(menu_c.get_by_test_id("user-menu-copy-id")).to_be_visible()
    await expect(menu_c.get_by_test_id("user-menu-kick")).to_have_count(0)
    await expect(menu_c.get_by_test_id("user-menu-roles")).to_have_count(0)
    await picture(page_c, "user-menu-ar-ps-1280.png")
    await page_c.keyboard.press("Escape")
    await row(page_c, "hi from bob").click(button="right")
    await expect(page_c.get_by_test_id("menu-copy-link")).to_be_visible()
    await picture(page_c, "message-menu-ar-ps-1280.png")
    await page_c.keyboard.press("Escape")
    await on_a_phone(page_c, composer="رسالة")
    await row(page_c, "hi from bob").click(button="right")
    await expect(page_c.get_by_test_id("menu-copy-link")).to_be_visible()
    await picture(page_c, "message-menu-ar-ps-390.png")
    await page_c.keyboard.press("Escape")
    await row(page_c, "hi from bob").locator(".message__author").click(button="right")
    await expect(page_c.get_by_test_id("user-menu-copy-id")).to_be_visible()
    await picture(page_c, "user-menu-ar-ps-390.png")
    await page_c.keyboard.press("Escape")

    # The owner: the members list's menu on Bob, with the roles checklist, then Kick.
    bob_row = page_a.get_by_test_id("member-row").filter(has_text="bob")
    await bob_row.click(button="right")
    menu_a = page_a.get_by_role("menu")
    for entry in ("Profile", "Message", "Roles", "Time out", "Kick", "Ban", "Copy user ID"):
        await expect(menu_a.get_by_role("menuitem", name=entry)).to_be_visible()
    await picture(page_a, "user-menu-1280.png")
    await menu_a.get_by_role("menuitem", name="Roles").click()
    await expect(menu_a.get_by_role("menuitemcheckbox", name="Helpers")).to_have_attribute("aria-checked", "false")
    await page_a.keyboard.press("Escape")
    await bob_row.click(button="right")
    await menu_a.get_by_role("menuitem", name="Kick").click()
    await page_a.get_by_role("dialog").get_by_role("button", name="Kick").click()
    await expect(page_b.get_by_test_id("server-rail-item")).to_have_count(0)
    await expect(bob_row).to_have_count(0)

    await on_a_phone(page_a)
    await row(page_a, "hi from bob").click(button="right")
    await expect(page_a.get_by_test_id("menu-copy-link")).to_be_visible()
    await picture(page_a, "message-menu-390.png")
    await page_a.keyboard.press("Escape")
    await row(page_a, "hi from bob").locator(".message__author").click(button="right")
    await expect(page_a.get_by_test_id("user-menu-copy-id")).to_be_visible()
    await picture(page_a, "user-menu-390.png")
