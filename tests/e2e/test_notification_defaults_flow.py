"""A server's default notification level in the browser: the owner chooses "Only @mentions" in
server settings › Notifications (at 390 px, right to left in ar-ps too); a member who chose
nothing sees it as their server's ping mode at once, and does not see the admins' card."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join, ok


async def test_the_owner_sets_the_default_and_a_member_follows_it(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Quiet place")
    alice = await join(client, place, await member(username="alice"))
    settings = f"{live_server.url}/app/servers/{place.id}/settings/notifications"

    members_page = await signed_in(alice)
    await members_page.goto(settings)
    own_ping = members_page.get_by_test_id("notifications-section").get_by_test_id("notification-ping")
    await expect(own_ping.get_by_role("radio", name="All")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await expect(members_page.get_by_test_id("notification-default")).to_have_count(0)

    owners_page = await signed_in(place.owner, width=390)
    await owners_page.goto(settings)
    card = owners_page.get_by_test_id("notification-default")
    await expect(card.get_by_role("radio", name="All messages")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    width = await card.evaluate("(element) => element.getBoundingClientRect().right")
    assert width <= 390
    await card.get_by_role("radio", name="Only @mentions").click()  # checked once the server answers
    await expect(card.get_by_role("radio", name="Only @mentions")).to_be_checked()
    stored = await ok(client, "GET", f"/api/servers/{place.id}/notification-defaults", token=alice.token)
    assert stored == {"serverId": place.id, "notificationPingMode": 1}

    await expect(own_ping.get_by_role("radio", name="Mentions only")).to_be_checked()  # live, no reload

    await owners_page.evaluate("localStorage.setItem('appLanguage', 'ar-ps')")
    await owners_page.reload()
    card = owners_page.get_by_test_id("notification-default")
    await expect(card.get_by_role("radio", name="الإشارات @ فقط")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    assert await owners_page.evaluate("document.documentElement.dir") == "rtl"
    assert owners_page.errors == [] and members_page.errors == []
