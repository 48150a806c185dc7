"""The small things of a channel in two browsers (issue 33): a message that failed to send offers
Retry — which sends it in the same row, the other person receives it, the composer is left
empty and the failure's notice goes — and Delete; "(edited)" sits on the text's line; a reply's
preview follows an edit of the original live; opening a channel's settings logs no error for
its missing notice."""

import re

from playwright.async_api import expect

from tests.e2e.conftest import snapshot
from tests.plugins.servers.helpers import community, join


def offline_sends(route):
    return route.abort() if route.request.method == "POST" else route.continue_()


async def test_a_failed_message_is_retried_and_another_deleted(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Garden")
    ada, bob = place.owner, await join(client, place)
    channel = f"{live_server.url}/app/servers/{place.id}/{place.general}"
    page_a, page_b = await signed_in(ada), await signed_in(bob, width=390)
    await page_a.goto(channel)
    await page_b.goto(channel)
    box = page_a.get_by_label("Message", exact=True)
    await expect(box).to_be_visible()
    await expect(page_b.get_by_label("Message", exact=True)).to_be_visible()

    await page_a.route("**/api/channels/*/messages", offline_sends)
    await box.fill("Is anyone there?")
    await box.press("Enter")
    failed = page_a.locator('[data-testid="message"][data-sent-status="failed"]').filter(has_text="Is anyone there?")
    await expect(failed.get_by_test_id("message-retry")).to_be_visible()
    await expect(failed.get_by_test_id("message-discard")).to_be_visible()
    await expect(box).to_have_value("Is anyone there?")  # spec §4: the draft comes back
    notice = page_a.get_by_test_id("message").filter(has_text="Could not connect to server.")
    await expect(notice).to_be_visible()
    await snapshot(page_a, "messages-failed-retry-1280.png")

    await page_a.unroute("**/api/channels/*/messages")
    await failed.get_by_test_id("message-retry").click()
    sent = page_a.get_by_test_id("message").filter(has_text="Is anyone there?")
    await expect(sent).to_have_count(1)
    await expect(sent).to_have_attribute("data-message-id", re.compile(r"^\d+$"))
    await expect(sent).not_to_have_attribute("data-sent-status", "failed")
    await expect(notice).to_have_count(0)
    await expect(box).to_have_value("")  # not sent twice later
    await expect(page_b.get_by_test_id("message").filter(has_text="Is anyone there?")).to_have_count(1)

    # another one fails and is given up: it and its notice go, nothing reaches bob
    await page_a.route("**/api/channels/*/messages", offline_sends)
    await box.fill("Never mind")
    await box.press("Enter")
    gone = page_a.locator('[data-testid="message"][data-sent-status="failed"]').filter(has_text="Never mind")
    await gone.get_by_test_id("message-discard").click()
    await expect(gone).to_have_count(0)
    await expect(notice).to_have_count(0)
    await page_a.unroute("**/api/channels/*/messages")
    await expect(page_b.get_by_test_id("message").filter(has_text="Never mind")).to_have_count(0)


async def test_edited_inline_and_reply_previews_follow_edits(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Garden")
    ada, bob = place.owner, await join(client, place)
    channel = f"{live_server.url}/app/servers/{place.id}/{place.general}"
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_a.goto(channel)
    await page_b.goto(channel)
    box_a, box_b = page_a.get_by_label("Message", exact=True), page_b.get_by_label("Message", exact=True)
    await box_a.fill("Meet at noon")
    await box_a.press("Enter")
    original = page_b.get_by_test_id("message").filter(has_text="Meet at noon")
    await expect(original).to_have_attribute("data-message-id", re.compile(r"^\d+$"))
    await original.hover()
    await original.get_by_role("button", name="Reply").click()
    await box_b.fill("See you there")
    await box_b.press("Enter")
    reply = page_b.get_by_test_id("message").filter(has_text="See you there")
    await expect(reply.locator(".message__reply-content")).to_have_text("Meet at noon")

    mine = page_a.get_by_test_id("message").filter(has_text="Meet at noon").first
    await mine.hover()
    await mine.get_by_role("button", name="Edit").click()
    await box_a.fill("Meet at one")
    await box_a.press("Enter")
    # bob's reply preview changes live, and "(edited)" follows the text on its line
    await expect(reply.locator(".message__reply-content")).to_have_text("Meet at one")
    edited_original = page_b.get_by_test_id("message").filter(has_text="Meet at one").first
    mark = edited_original.locator(".message__edited")
    await expect(mark).to_have_text("(edited)")
    # inside the text's line (checked until the layout settles: the edit re-renders the row)
    await page_b.wait_for_function(
        """(message) => {
          const text = message.querySelector('.message__text'), mark = message.querySelector('.message__edited');
          if (!text || !mark) return false;
          const t = text.getBoundingClientRect(), m = mark.getBoundingClientRect();
          return m.height < t.height + 1 && m.y >= t.y && m.y < t.y + t.height;
        }""",
        arg=await edited_original.element_handle(),
    )
    await snapshot(page_b, "messages-edited-inline.png")


async def test_channel_settings_log_no_error_for_a_missing_notice(live_server, signed_in):
    place = await community(live_server.app.quart.test_client(), "Garden")
    page = await signed_in(place.owner)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    failed_requests = []
    page.on("response", lambda response: failed_requests.append(response.url) if response.status >= 400 else None)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/channels/{place.general}")
    notice = page.get_by_label("Channel notice")
    await expect(notice).to_be_visible()
    await expect(notice).to_be_enabled()
    assert [url for url in failed_requests if "/notice" in url] == []
    assert [text for text in errors if "400" in text] == []
