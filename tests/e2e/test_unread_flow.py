"""A channel's unread dot when the server's answers come late: the echo of Bob's own "Mark as read"
(`notification:dismissed`, which carries no time) reaching his page after a newer message must not
take that message for read. The server read the channel before the message came, so after a reload
it is unread too. (Seen in a CI run of test_passive_flow.py, whose echo came late on a busy machine.)"""

import asyncio

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import community, join, ok


def hold_echoes(live_server, monkeypatch) -> tuple[asyncio.Event, asyncio.Event]:
    """Holds every ``notification:dismissed`` the server sends until ``release`` is set; ``held`` is set
    once one waits. Sent after the dismissal's transaction committed, so nothing else waits on it."""
    sio = live_server.app.quart.extensions["hearth"].gateway.sio
    held, release = asyncio.Event(), asyncio.Event()
    emit = sio.emit

    async def late_echo(event, *args, **kwargs):
        if event == "notification:dismissed":
            held.set()
            await release.wait()
        return await emit(event, *args, **kwargs)

    monkeypatch.setattr(sio, "emit", late_echo)
    return held, release


async def test_a_late_echo_of_mark_as_read_leaves_a_newer_message_unread(live_server, signed_in, monkeypatch):
    client = live_server.app.quart.test_client()
    place = await community(client, "Hearthside")
    second = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    bob = await join(client, place, await member(username="bob"))
    page = await signed_in(bob)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{second['id']}")
    await expect(page.get_by_test_id("channel-title")).to_have_text("second", timeout=BROWSER_PATIENCE_MS)
    general = page.locator(f'[data-testid=channel-item][data-channel-id="{place.general}"]')
    await sent(client, place.owner, place.general, "one")
    await expect(general).to_have_attribute("data-unread", "true")

    held, release = hold_echoes(live_server, monkeypatch)
    await general.focus()
    await page.keyboard.press("Shift+F10")
    await page.get_by_role("menuitem", name="Mark as read").click()
    await expect(general).not_to_have_attribute("data-unread", "true")
    await asyncio.wait_for(held.wait(), BROWSER_PATIENCE_MS / 1000)  # the server has read it: its echo waits

    await sent(client, place.owner, place.general, "two")
    await expect(general).to_have_attribute("data-unread", "true")
    release.set()
    await sent(client, place.owner, second["id"], "after the echo")  # the same socket: it came after the echo
    await expect(page.get_by_test_id("message").filter(has_text="after the echo")).to_have_count(1)
    await expect(general).to_have_attribute("data-unread", "true")

    await page.reload()
    await expect(page.get_by_test_id("channel-title")).to_have_text("second", timeout=BROWSER_PATIENCE_MS)
    await expect(general).to_have_attribute("data-unread", "true")
