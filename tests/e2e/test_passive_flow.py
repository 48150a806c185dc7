"""Passive delivery in the browser (issue 41): Alice, whose server notifies her of mentions only,
reads #general while messages arrive in #second; its unread dot and mention badge follow the
summaries and mentions, and opening #second shows every message, later ones live; #general, left,
becomes the summarised one."""

import asyncio

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import member, sent
from tests.plugins.messages.passive_helpers import mentions_only
from tests.plugins.servers.helpers import community, join, ok


async def viewing(live_server, user_id, channel_id, summarised):
    """Until the server holds the user's one socket as passive with this channel open, hearing
    ``summarised`` summarised when it is not open."""
    passive = live_server.app.quart.extensions["hearth"].gateway.passive

    def views():
        return [view for view in passive.views.values() if view.user == user_id]

    async def until():
        while [view.room for view in views()] != [channel_id]:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(until(), BROWSER_PATIENCE_MS / 1000)
    assert set(summarised) <= views()[0].summarised


async def test_unread_dot_mention_badge_and_opening_a_summarised_channel(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Hearthside")
    second = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    alice = await join(client, place, await member(username="alice"))
    await mentions_only(client, alice, place.id)  # #second is summarised while not open
    page = await signed_in(alice)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)
    await viewing(live_server, alice.id, place.general, [place.general, second["id"]])

    item = page.locator(f'[data-testid=channel-item][data-channel-id="{second["id"]}"]')
    await expect(item).not_to_have_attribute("data-unread", "true")
    await sent(client, place.owner, second["id"], "first while away")
    await expect(item).to_have_attribute("data-unread", "true")
    await expect(item.get_by_role("img", name="Unread messages")).to_be_visible()

    await sent(client, place.owner, second["id"], f"[@:{alice.id}] are you there?")
    await expect(item.get_by_role("img", name="Mentions: 1")).to_be_visible()
    await sent(client, place.owner, second["id"], "third while away")

    await item.click()
    await expect(page.get_by_test_id("channel-title")).to_have_text("second")
    messages = page.get_by_test_id("message")
    for text in ("first while away", "are you there?", "third while away"):
        await expect(messages.filter(has_text=text)).to_have_count(1)
    await viewing(live_server, alice.id, second["id"], [place.general, second["id"]])
    await expect(item.get_by_role("img", name="Mentions: 1")).to_have_count(0)

    await sent(client, place.owner, second["id"], "live now")
    await expect(messages.filter(has_text="live now")).to_have_count(1)
    general = page.locator(f'[data-testid=channel-item][data-channel-id="{place.general}"]')
    await sent(client, place.owner, place.general, "back in general")
    await expect(general).to_have_attribute("data-unread", "true")
    await general.click()
    await expect(messages.filter(has_text="back in general")).to_have_count(1)
