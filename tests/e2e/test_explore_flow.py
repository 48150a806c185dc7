"""Two people in two browsers: the owner publishes a server from its settings ("Publish server"),
another user opens Explore from the navigation, searches, finds the server's card and joins;
the server opens for them and its card then says "Joined". The verify section says the
server is not verified; the owner makes and deletes the server's external embed."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import ok


async def test_owner_publishes_and_another_user_finds_and_joins(live_server, signed_in):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    server = await ok(client, "POST", "/api/servers", {"name": "Pottery Club"}, ada.token)
    await ok(client, "POST", "/api/servers", {"name": "Unlisted Place"}, ada.token)
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    url = live_server.url

    # The owner publishes from the server settings.
    await page_a.goto(f"{url}/app/servers/{server['id']}/settings/publish-server")
    section = page_a.get_by_test_id("publish-server")
    await expect(section.get_by_test_id("publish-status")).to_have_text("Not listed", timeout=BROWSER_PATIENCE_MS)
    await section.get_by_label("Description").fill("Clay, wheels and kilns. Beginners welcome!")
    await section.get_by_role("button", name="Publish").click()
    await expect(section.get_by_test_id("publish-status")).to_have_text("Listed on the explore page")
    await expect(section.get_by_role("button", name="Update description")).to_be_visible()
    await expect(section.get_by_test_id("publish-bumps")).to_have_text("Bumps this week: 1 · all time: 1")
    await snapshot(page_a, "explore-publish-section.png")
    await page_a.get_by_role("link", name="Verify", exact=True).click()
    await expect(page_a.get_by_test_id("verify-status")).to_have_text(re.compile("This server is not verified."))

    # Bob opens Explore from the navigation and searches.
    await page_b.goto(f"{url}/app")
    await page_b.get_by_role("link", name="Explore").first.click()
    await page_b.wait_for_url(re.compile(r"/app/explore/servers$"))
    card = page_b.get_by_test_id("explore-card").filter(has_text="Pottery Club")
    await expect(card).to_contain_text("Clay, wheels and kilns. Beginners welcome!")
    await expect(card).to_contain_text("1 member")
    await expect(page_b.get_by_test_id("explore-card").filter(has_text="Unlisted Place")).to_have_count(0)
    await page_b.get_by_label("Search servers").fill("kilns")
    await expect(page_b.get_by_test_id("explore-card")).to_have_count(1)
    await page_b.get_by_label("Search servers").fill("nothing like it")
    await expect(page_b.get_by_text("No server matches.")).to_be_visible()
    await page_b.get_by_label("Search servers").fill("")
    await card.get_by_role("button", name="Join").click()

    # The server opens for Bob, with its channel.
    await page_b.wait_for_url(re.compile(rf"/app/servers/{server['id']}(/\d+)?$"))
    await expect(page_b.get_by_test_id("channel-title")).to_have_text("General")
    await page_b.goto(f"{url}/app/explore/servers")
    card = page_b.get_by_test_id("explore-card").filter(has_text="Pottery Club")
    await expect(card).to_contain_text("2 members")
    # named by what it says, described by the server's name
    opener = card.get_by_role("link", name="Joined · Open")
    await expect(opener).to_have_accessible_description("Pottery Club")
    await snapshot(page_b, "explore-page.png")
    await page_b.set_viewport_size({"width": 800, "height": 800})
    await expect(card).to_be_visible()
    await snapshot(page_b, "explore-page-narrow.png")

    # The invite page of the servers bundle still works beside the explore pages.
    invite = await ok(client, "POST", f"/api/servers/{server['id']}/invites", token=ada.token)
    await page_b.goto(f"{url}/app/explore/servers/invites/{invite['code']}")
    await expect(page_b.get_by_test_id("invite-preview")).to_contain_text("Pottery Club")

    # The owner makes the server's external embed from that invite, then deletes it.
    await page_a.get_by_role("link", name="External embed", exact=True).click()
    embed = page_a.get_by_test_id("external-embed")
    await expect(embed.get_by_label("Invite used by the widget")).to_have_value(invite["code"])
    await embed.get_by_role("button", name="Create embed").click()
    await expect(embed.get_by_test_id("external-embed-status")).to_contain_text(invite["code"])
    await expect(embed.get_by_test_id("external-embed-url")).to_have_text(
        f"{url}/api/servers/{server['id']}/external-embed.json"
    )
    await snapshot(page_a, "external-embed-section.png")
    widget = await ok(client, "GET", f"/api/servers/{server['id']}/external-embed.json")
    assert widget["serverInviteCode"] == invite["code"] and widget["onlineMembersCount"] == 2
    await embed.get_by_role("button", name="Delete embed").click()
    await expect(embed.get_by_text("The embed was deleted.")).to_be_visible()
