"""Passive delivery in the browser (issue 41): Alice, whose server notifies her of mentions only,
reads #general while messages arrive in #second; its unread dot and mention badge follow the
summaries and mentions, and opening #second shows every message, later ones live; #general, left,
becomes the summarised one. Bob, whose channels all notify him, keeps a channel's messages when he
leaves it and opening it again asks the server for nothing."""

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


async def test_switching_back_to_a_channel_delivered_in_full_paints_its_kept_messages_without_a_request(
    live_server, signed_in
):
    client = live_server.app.quart.test_client()
    place = await community(client, "Loud")
    second = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    bob = await join(client, place, await member(username="bob"))  # "all messages": nothing summarised
    page = await signed_in(bob)
    history_requests = []
    page.on("request", lambda request: "/messages" in request.url and history_requests.append(request.url))
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)
    await viewing(live_server, bob.id, place.general, [])
    messages = page.get_by_test_id("message")
    await sent(client, place.owner, place.general, "before leaving")
    await expect(messages.filter(has_text="before leaving")).to_have_count(1)

    await page.locator(f'[data-testid=channel-item][data-channel-id="{second["id"]}"]').click()
    await expect(page.get_by_test_id("channel-title")).to_have_text("second")
    await viewing(live_server, bob.id, second["id"], [])
    await sent(client, place.owner, place.general, "while on second")
    general = page.locator(f'[data-testid=channel-item][data-channel-id="{place.general}"]')
    await expect(general).to_have_attribute("data-unread", "true")

    def general_loads():
        return len([url for url in history_requests if f"/channels/{place.general}/messages" in url])

    assert general_loads() == 1  # its first opening

    await general.click()
    for text in ("before leaving", "while on second"):
        await expect(messages.filter(has_text=text)).to_have_count(1)
    await viewing(live_server, bob.id, place.general, [])
    await sent(client, place.owner, place.general, "live again")  # a barrier: the answer came before it
    await expect(messages.filter(has_text="live again")).to_have_count(1)
    assert general_loads() == 1  # kept, and nothing was withheld: no catch-up request
