"""Two people in two browsers: the owner creates a server, a category and a private channel (the
default role loses "View channel"), each named before it is created, and an invite; B opens a bad invite, then joins with the real
one, chats live in the public channel, cannot see (or open) the private channel; the owner gives the
default role "View channel" back and B sees the channel appear without reloading and reads it."""

import re

from playwright.async_api import expect

from tests.plugins.messages.helpers import member


async def test_create_server_private_channel_invite_join_and_live_permissions(live_server, signed_in):
    ada, bob = await member(username="ada"), await member(username="bob")
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    url = live_server.url

    # The owner creates a server from the rail's "Add a server" dialog.
    await page_a.goto(f"{url}/app")
    await page_a.get_by_role("button", name="Add a server").click()
    await page_a.get_by_label("Server name").fill("Hearthside")
    await page_a.get_by_role("button", name="Create server").click()
    await page_a.wait_for_url(re.compile(r"/app/servers/\d+/\d+$"))
    server_id, general_id = page_a.url.rsplit("/", 2)[-2:]
    await expect(page_a.get_by_test_id("server-rail-item")).to_have_accessible_name("Hearthside")
    await expect(page_a.get_by_test_id("channel-title")).to_have_text("General")

    # A category and a channel, through the settings.
    await page_a.get_by_role("button", name="Server menu").click()
    await page_a.get_by_role("menuitem", name="Server settings").click()
    await page_a.wait_for_url(re.compile(rf"/app/servers/{server_id}/settings/general$"))
    await page_a.get_by_role("link", name="Channels", exact=True).click()
    # Each asks for its name first, then opens the new one's editor.
    await page_a.get_by_role("button", name="New category").click()
    await page_a.get_by_label("Category name").fill("Plans")
    await page_a.get_by_role("button", name="Create", exact=True).click()
    await page_a.wait_for_url(re.compile(r"/settings/channels/\d+$"))
    await expect(page_a.get_by_test_id("channel-editor")).to_contain_text("Category: Plans")
    await page_a.get_by_role("link", name="All channels").click()
    await page_a.get_by_role("button", name="New channel").click()
    await page_a.get_by_label("Channel name").fill("secret")
    await page_a.get_by_role("button", name="Create", exact=True).click()
    await page_a.wait_for_url(re.compile(r"/settings/channels/\d+$"))
    secret_id = page_a.url.rsplit("/", 1)[1]
    await expect(page_a.get_by_role("heading", name="#secret")).to_be_visible()
    await page_a.get_by_role("combobox", name="Category").select_option(label="Plans")
    secret_row = page_a.get_by_test_id("channel-item").and_(page_a.locator(f'[data-channel-id="{secret_id}"]'))
    await page_a.get_by_role("link", name="Permissions").click()
    everyone = page_a.get_by_test_id("channel-permission-row").filter(has_text="(everyone)")
    view = everyone.get_by_role("checkbox", name="View channel")
    await expect(view).to_be_checked()
    await view.uncheck()
    await expect(view).not_to_be_checked()
    await expect(view).to_be_enabled()

    # An invite.
    await page_a.get_by_role("link", name="Invites", exact=True).click()
    await page_a.get_by_role("button", name="Create invite").click()
    code = (await page_a.get_by_test_id("invite-code").first.inner_text()).strip()
    assert re.fullmatch(r"[A-Za-z0-9]{5}", code), code

    # The owner writes in the private channel (listed for them, with a lock), then reads the public one.
    await page_a.goto(f"{url}/app/servers/{server_id}/{secret_id}")
    await expect(secret_row).to_be_visible()
    await expect(secret_row.get_by_label("Private channel")).to_be_visible()
    await expect(page_a.get_by_test_id("channel-category")).to_contain_text("Plans")
    box_a = page_a.get_by_label("Message", exact=True)
    await box_a.fill("Top secret plans")
    await box_a.press("Enter")
    await expect(page_a.get_by_test_id("message").filter(has_text="Top secret plans")).to_have_attribute(
        "data-message-id", re.compile(r"^\d+$")
    )
    await page_a.get_by_test_id("channel-item").filter(has_text="General").click()
    await expect(page_a.get_by_test_id("channel-title")).to_have_text("General")

    # B: a bad code, then the real invite through the /i/ short link.
    await page_b.goto(f"{url}/app/explore/servers/invites/nope0")
    await expect(page_b.get_by_text("Invalid Invite Code")).to_be_visible()
    await page_b.goto(f"{url}/i/{code}")
    await page_b.wait_for_url(re.compile(rf"/app/explore/servers/invites/{code}$"))
    preview = page_b.get_by_test_id("invite-preview")
    await expect(preview).to_contain_text("Hearthside")
    await expect(preview).to_contain_text("Members: 1")
    await preview.get_by_role("button", name="Join server").click()
    await page_b.wait_for_url(re.compile(rf"/app/servers/{server_id}/{general_id}$"))
    await expect(page_b.get_by_test_id("channel-title")).to_have_text("General")
    await expect(page_b.get_by_test_id("channel-item").filter(has_text="General")).to_be_visible()
    await expect(page_b.locator(f'[data-channel-id="{secret_id}"]')).to_have_count(0)

    # The owner sees B join the member list live.
    await expect(page_a.get_by_test_id("member-row").filter(has_text="bob")).to_be_visible()

    # B chats; the owner sees it without reloading.
    box_b = page_b.get_by_label("Message", exact=True)
    await box_b.fill("Hello from Bob")
    await box_b.press("Enter")
    await expect(page_a.get_by_test_id("message").filter(has_text="Hello from Bob")).to_be_visible()
    await box_a.fill("Welcome, Bob!")
    await box_a.press("Enter")
    await expect(page_b.get_by_test_id("message").filter(has_text="Welcome, Bob!")).to_be_visible()

    # The private channel's address leads B back to the default channel.
    await page_b.goto(f"{url}/app/servers/{server_id}/{secret_id}")
    await page_b.wait_for_url(re.compile(rf"/app/servers/{server_id}/{general_id}$"))
    await expect(page_b.get_by_test_id("channel-title")).to_have_text("General")
    await expect(page_b.locator(f'[data-channel-id="{secret_id}"]')).to_have_count(0)

    # The owner gives the default role "View channel" back: B's list gains the channel live.
    await page_a.goto(f"{url}/app/servers/{server_id}/settings/channels/{secret_id}/permissions")
    view = (
        page_a.get_by_test_id("channel-permission-row")
        .filter(has_text="(everyone)")
        .get_by_role("checkbox", name="View channel")
    )
    await expect(view).not_to_be_checked()
    await view.check()
    await expect(view).to_be_checked()

    secret_for_b = page_b.get_by_test_id("channel-item").and_(page_b.locator(f'[data-channel-id="{secret_id}"]'))
    await expect(secret_for_b).to_be_visible()
    await expect(secret_for_b).to_contain_text("secret")
    await secret_for_b.click()
    await page_b.wait_for_url(re.compile(rf"/app/servers/{server_id}/{secret_id}$"))
    await expect(page_b.get_by_test_id("message").filter(has_text="Top secret plans")).to_be_visible()
    assert page_a.errors == [] and page_b.errors == []
