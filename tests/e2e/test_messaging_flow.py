"""Two people in two browsers: A adds B, B accepts, A opens a DM and sends a message with a reply
and a reaction, B sees all of it live; a send while the server is unreachable is marked failed
and the draft comes back."""

import re

from playwright.async_api import expect

from tests.plugins.messages.helpers import member


async def test_friends_dm_reply_reaction_live_and_a_failed_send(live_server, signed_in):
    ada, bob = await member(username="ada"), await member(username="bob")
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_a.goto(f"{live_server.url}/app/inbox")
    await page_b.goto(f"{live_server.url}/app/inbox")

    add = page_a.get_by_role("combobox", name="Name")
    await add.fill("nobody:ZZZZ")
    await page_a.get_by_role("button", name="Send friend request").click()
    await expect(page_a.get_by_text("User not found.")).to_be_visible()
    await add.fill(f"bob:{bob.tag}")
    await page_a.get_by_role("button", name="Send friend request").click()

    await page_b.get_by_role("tab", name=re.compile("Pending")).click()
    await page_b.get_by_role("button", name="Accept").click()
    await page_a.get_by_role("tab", name=re.compile("^All")).click()
    row = page_a.get_by_test_id("friend-row").filter(has_text="bob")
    await row.get_by_role("button", name="Message").click()
    await page_a.wait_for_url(re.compile(r"/app/inbox/\d+"))
    channel_id = page_a.url.rsplit("/", 1)[1]

    box = page_a.get_by_label("Message", exact=True)
    await box.fill("Hello **Bob**")
    await page_a.get_by_role("button", name="Send", exact=True).click()
    first = page_a.get_by_test_id("message").filter(has_text="Hello")
    await expect(first).to_have_attribute("data-message-id", re.compile(r"^\d+$"))
    first_id = await first.get_attribute("data-message-id")

    await page_b.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await expect(page_b.get_by_test_id("message").filter(has_text="Hello")).to_be_visible()

    mine = page_a.locator(f'[data-message-id="{first_id}"]')
    await mine.hover()
    await mine.get_by_role("button", name="Reply").click()
    await box.fill("This is a reply")
    await box.press("Enter")
    await mine.hover()
    await mine.get_by_role("button", name="React").click()
    await page_a.get_by_role("dialog", name="Emoji picker").get_by_label("Search emoji").fill("thumbs up")
    await page_a.get_by_role("button", name="thumbs up", exact=True).first.click()

    # B sees the reply (with its link to the original) and the reaction live, without reloading
    reply = page_b.get_by_test_id("message").filter(has_text="This is a reply")
    await expect(reply).to_be_visible()
    await expect(reply.get_by_role("button", name=re.compile("original message by"))).to_be_visible()
    await expect(page_b.locator(f'[data-message-id="{first_id}"]').get_by_role("button", name="👍 1")).to_be_visible()

    # the server becomes unreachable for the send: failed, draft restored, a local error shown
    await page_a.route(
        "**/api/channels/*/messages",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    await box.fill("this will fail")
    await box.press("Enter")
    await expect(page_a.locator('[data-testid="message"][data-sent-status="failed"]')).to_be_visible()
    await expect(box).to_have_value("this will fail")
    await expect(page_a.get_by_test_id("message").filter(has_text="Could not connect to server.")).to_be_visible()
    await expect(page_b.get_by_test_id("message").filter(has_text="this will fail")).to_have_count(0)
