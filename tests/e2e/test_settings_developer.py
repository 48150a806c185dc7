"""Developer settings: developer mode adds "Copy user ID" to the user area's menu (messages have
"Copy message ID" with or without it, issue 33), stays on after a reload, and the section leads to
the applications. The rail's Developer place is for developers only: people with developer mode on
or an application of their own; everyone else reaches the area from Settings."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import dm_pair, member
from tests.support import call


async def test_developer_mode_adds_copy_user_id_and_survives_a_reload(live_server, signed_in):
    client = live_server.app.quart.test_client()
    person, other, channel_id = await dm_pair(client)
    status, body = await call(
        client, "POST", f"/api/channels/{channel_id}/messages", token=other.token, json={"content": "ids please"}
    )
    assert status == 200, body
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/developer")
    await expect(page.get_by_test_id("settings-developer")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    identity = page.get_by_test_id("self-user")
    await expect(identity).to_contain_text(person.username, timeout=BROWSER_PATIENCE_MS)

    await identity.click(button="right")
    await expect(page.get_by_role("menuitem", name="Log out")).to_be_visible()
    await expect(page.get_by_role("menuitem", name="Copy user ID")).to_have_count(0)
    await page.keyboard.press("Escape")

    await page.get_by_role("switch", name="Enable developer mode").check()
    await identity.click(button="right")
    await expect(page.get_by_role("menuitem", name="Copy user ID")).to_be_visible()
    await page.keyboard.press("Escape")

    await page.reload()
    await expect(page.get_by_role("switch", name="Enable developer mode")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await page.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await page.locator(".message", has_text="ids please").click(button="right")
    await expect(page.get_by_role("menuitem", name="Copy message ID")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.keyboard.press("Escape")
    await page.goto(f"{live_server.url}/app/settings/developer")
    await page.get_by_role("switch", name="Enable developer mode").uncheck()
    await page.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await page.locator(".message", has_text="ids please").click(button="right")
    await expect(page.get_by_role("menuitem", name="Copy text")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_role("menuitem", name="Copy message ID")).to_be_visible()
    await page.keyboard.press("Escape")

    await page.goto(f"{live_server.url}/app/settings/developer")
    await page.get_by_test_id("settings-developer").get_by_role("link", name="Applications").click()
    await page.wait_for_url(re.compile(r"/app/settings/developer/applications$"))
    await expect(page.get_by_test_id("developer-page")).to_be_visible(timeout=BROWSER_PATIENCE_MS)


async def test_the_rail_shows_the_developer_place_only_to_developers(live_server, signed_in):
    client = live_server.app.quart.test_client()
    maker, moded, plain = await member(username="maker"), await member(username="moded"), await member(username="plain")
    status, body = await call(client, "POST", "/api/applications", token=maker.token, json={"name": "Weather"})
    assert status == 200, body
    url = live_server.url
    page_maker, page_moded, page_plain = await signed_in(maker), await signed_in(moded), await signed_in(plain)
    await page_moded.context.add_init_script("localStorage.setItem('developerMode', 'true')")
    for page in (page_maker, page_moded, page_plain):
        await page.goto(f"{url}/app")
        await expect(page.get_by_test_id("rail-settings")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await expect(page_maker.get_by_test_id("rail-developer")).to_be_visible()  # owns an application
    await expect(page_moded.get_by_test_id("rail-developer")).to_be_visible()  # developer mode
    await expect(page_plain.get_by_test_id("rail-developer")).to_have_count(0)

    # Everyone reaches the area from Settings; the rail shows it from the first application made.
    await page_plain.get_by_test_id("rail-settings").click()
    await page_plain.get_by_test_id("settings-sidebar").get_by_role("link", name="Applications").click()
    await expect(page_plain.get_by_text("You have no applications yet.")).to_be_visible()
    await expect(page_plain.get_by_test_id("rail-developer")).to_have_count(0)
    await page_plain.get_by_role("button", name="Create an application").click()  # asks the name first
    await page_plain.get_by_label("Application name").fill("Clock")
    await page_plain.get_by_role("button", name="Create an application").click()
    await page_plain.wait_for_url(re.compile(r"/settings/developer/applications/\d+$"))
    await expect(page_plain.get_by_test_id("rail-developer")).to_be_visible()

    # Deleting the last one takes the place away again (developer mode is off).
    await page_plain.get_by_role("button", name="Delete application").click()
    await page_plain.get_by_role("dialog").get_by_role("button", name="Delete application").click()
    await page_plain.wait_for_url(re.compile(r"/settings/developer/applications$"))
    await expect(page_plain.get_by_text("You have no applications yet.")).to_be_visible()
    await expect(page_plain.get_by_test_id("rail-developer")).to_have_count(0)

    # Turning developer mode on shows it at once.
    await page_plain.goto(f"{url}/app/settings/developer")
    await page_plain.get_by_role("switch", name="Enable developer mode").check()
    await expect(page_plain.get_by_test_id("rail-developer")).to_be_visible()
