"""The clan tag beside names: a member puts their server's clan on while another member is
reading the channel — the tag appears beside their name in the message list and the member list,
and in the user card; the friends list, the DM list and their posts show it too; when the owner deletes the
clan, it disappears from every place at once, without a reload."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.clans.helpers import verified, with_clan
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.posts.helpers import post
from tests.plugins.servers.helpers import join, ok


async def test_a_worn_clan_shows_beside_the_name_and_goes_live(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await verified(client)
    bob = await join(client, place, await member(username="bob"))
    carol = await join(client, place, await member(username="carol"))
    await with_clan(client, place, "HRTH")
    await sent(client, bob, place.general, "hello from bob")
    await make_friends(client, carol, bob)
    await open_dm(client, carol, bob)
    page = await signed_in(carol)
    url = live_server.url

    await page.goto(f"{url}/app/servers/{place.id}/{place.general}")
    message = page.get_by_test_id("message").filter(has_text="hello from bob")
    member_row = page.get_by_test_id("member-row").filter(has_text="bob")
    await expect(message).to_be_visible(timeout=BROWSER_PATIENCE_MS)  # the first load on a busy machine
    await expect(member_row).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(message.get_by_test_id("clan-badge")).to_have_count(0)

    # Bob puts the clan on: user:updated reaches Carol, both places show it without a reload.
    await ok(client, "POST", "/api/users", {"clanServerId": place.id}, bob.token)
    await expect(message.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await expect(member_row.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    # The badge's picture arrives after its text: wait for it to load (or fail), then look.
    loaded = (
        await message.get_by_test_id("clan-badge")
        .locator("img")
        .evaluate(
            """(img) => img.complete ? img.naturalWidth > 0 : new Promise((done) => {
                img.addEventListener("load", () => done(img.naturalWidth > 0), { once: true });
                img.addEventListener("error", () => done(false), { once: true });
            })"""
        )
    )
    assert loaded
    await snapshot(page, "clan-tags-channel.png")

    # His user card shows it too.
    await message.locator(".message__author").click()
    card = page.get_by_test_id("user-card")
    await expect(card.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "clan-tags-user-card.png")
    await page.keyboard.press("Escape")

    # The friends list and the DM list (loaded after he put it on).
    await page.goto(f"{url}/app/inbox")
    await page.get_by_role("tab", name="All").click(timeout=BROWSER_PATIENCE_MS)  # Bob is offline
    friend = page.get_by_test_id("friend-row").filter(has_text="bob")
    dm = page.get_by_test_id("dm-item").filter(has_text="bob")
    await expect(friend.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await expect(dm.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "clan-tags-friends.png")

    # A post's author.
    made = await post(client, bob, "a post from bob")
    await page.goto(f"{url}/app/profile/{bob.id}/posts")
    shown = page.get_by_test_id("post").filter(has_text="a post from bob")
    await expect(shown.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    assert await shown.get_attribute("data-post-id") == made["id"]
    await snapshot(page, "clan-tags-post.png")

    # Back in the channel, the owner deletes the clan: server:clan_updated takes the tag off
    # the message list and the member list while Carol reads them.
    await page.goto(f"{url}/app/servers/{place.id}/{place.general}")
    await expect(message.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await expect(member_row.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await ok(client, "DELETE", f"/api/servers/{place.id}/clans", token=place.owner.token)
    await expect(message.get_by_test_id("clan-badge")).to_have_count(0, timeout=BROWSER_PATIENCE_MS)
    await expect(member_row.get_by_test_id("clan-badge")).to_have_count(0, timeout=BROWSER_PATIENCE_MS)
    await expect(message).to_be_visible()

    # At a phone's width the tag still fits beside the name.
    await with_clan(client, place, "HRTH")
    await ok(client, "POST", "/api/users", {"clanServerId": place.id}, bob.token)
    phone = await signed_in(carol, width=390)
    await phone.goto(f"{url}/app/servers/{place.id}/{place.general}")
    narrow = phone.get_by_test_id("message").filter(has_text="hello from bob")
    await expect(narrow.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await snapshot(phone, "clan-tags-phone.png")
