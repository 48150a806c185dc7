"""Going back and forth between two channels (issue 33: the pane of the channel left is kept out of
the page and shown again on return). The page holds one channel's messages at a time; a channel
comes back at the place the reader left it; what arrived meanwhile comes under the "new messages"
line, which is gone on the next visit once read; the pins panel of a channel left is closed."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join, ok

FIRST_SHOWN = """(list) => {
  const top = list.getBoundingClientRect().top;
  const row = [...list.querySelectorAll('[data-testid="message"]')].find((m) => m.getBoundingClientRect().bottom > top + 1);
  return row ? [row.dataset.messageId, Math.round(row.getBoundingClientRect().top - top)] : null;
}"""


async def test_switching_back_keeps_the_place_and_marks_what_arrived(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    bob = await join(client, place)
    second = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    for n in range(40):
        await sent(client, place.owner, place.general, f"general line {n}")
    await sent(client, place.owner, second["id"], "second says hi")

    page = await signed_in(bob)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    messages = page.get_by_test_id("message")
    log = page.get_by_role("log", name="Messages")
    channel = page.get_by_test_id("channel-item")
    general_item = channel.and_(page.locator(f'[data-channel-id="{place.general}"]'))
    second_item = channel.and_(page.locator(f'[data-channel-id="{second["id"]}"]'))
    divider = page.get_by_test_id("new-messages-divider")
    await expect(messages.filter(has_text="general line 39")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    # The other channel: only its messages are in the page, the pane left is not.
    await second_item.click()
    await expect(messages.filter(has_text="second says hi")).to_be_visible()
    await expect(messages.filter(has_text="general line")).to_have_count(0)
    await expect(log).to_have_count(1)

    # A message arrives in the channel left: back there, it is under the "new messages" line.
    await sent(client, place.owner, place.general, "news while away")
    await expect(general_item).to_have_attribute("data-unread", "true")
    await general_item.click()
    await expect(messages.filter(has_text="news while away")).to_be_visible()
    await expect(messages.filter(has_text="second says hi")).to_have_count(0)
    await expect(divider).to_be_visible()
    await expect(general_item).not_to_have_attribute("data-unread", "true")

    # Read: the next visit has no line.
    await second_item.click()
    await expect(messages.filter(has_text="second says hi")).to_be_visible()
    await general_item.click()
    await expect(messages.filter(has_text="news while away")).to_be_visible()
    await expect(divider).to_have_count(0)

    # Scrolled up to older messages, the reader comes back to the same place.
    await log.evaluate("(list) => list.scrollBy(0, -500)")
    await expect(page.get_by_role("button", name="Jump to present")).to_be_visible()
    place_left = await log.evaluate(FIRST_SHOWN)
    assert place_left is not None
    await second_item.click()
    await expect(messages.filter(has_text="second says hi")).to_be_visible()
    await general_item.click()
    await expect(messages.filter(has_text="general line")).not_to_have_count(0)
    await expect(page.get_by_role("button", name="Jump to present")).to_be_visible()
    assert await log.evaluate(FIRST_SHOWN) == place_left

    # The pins panel belongs to the visit: open here, closed after going away and back.
    pins = page.get_by_role("region", name="Pinned messages")
    await page.get_by_role("button", name="Pinned messages").click()
    await expect(pins).to_be_visible()
    await second_item.click()
    await expect(messages.filter(has_text="second says hi")).to_be_visible()
    await expect(pins).to_have_count(0)
    await general_item.click()
    await expect(messages.filter(has_text="general line")).not_to_have_count(0)
    assert await log.evaluate(FIRST_SHOWN) == place_left
    await expect(pins).to_have_count(0)
