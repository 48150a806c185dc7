"""A repost notifies the author live (issue 33): the bell counts it while the author reads the
feed, the notifications page lists "… reposted your post", and a repost made while that page is
open appears in it without a reload. The reposter hears nothing."""

from playwright.async_api import expect

from tests.e2e.conftest import snapshot
from tests.plugins.posts.helpers import confirmed, post


async def repost_from_profile(page, url, author, text, reposts):
    await page.goto(f"{url}/app/profile/{author.id}/posts")
    shown = page.get_by_test_id("post").filter(has_text=text)
    await shown.get_by_test_id("post-repost").click()
    await expect(shown.get_by_test_id("post-repost")).to_contain_text(str(reposts))


async def test_a_repost_notification_arrives_live(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice, bob, carol = await confirmed(), await confirmed(), await confirmed()
    await post(client, alice, "Worth sharing")
    url = live_server.url
    author = await signed_in(alice)
    await author.goto(f"{url}/app")
    bell = author.get_by_role("link", name="Notifications").first
    await expect(author.get_by_test_id("post").filter(has_text="Worth sharing")).to_be_visible()
    await expect(bell.locator(".nav-badge")).to_have_count(0)

    reposter = await signed_in(bob)
    await repost_from_profile(reposter, url, alice, "Worth sharing", 1)
    await expect(bell.locator(".nav-badge")).to_have_text("1")  # live, no reload
    await expect(reposter.get_by_role("link", name="Notifications").first.locator(".nav-badge")).to_have_count(0)

    await bell.click()
    notes = author.get_by_test_id("post-notification")
    await expect(notes).to_have_count(1)
    await expect(notes.first).to_contain_text(f"{bob.username} reposted your post")
    await expect(notes.first).to_contain_text("Worth sharing")
    await expect(bell.locator(".nav-badge")).to_have_count(0)

    # while the page is open, another repost comes in without a reload
    other = await signed_in(carol, width=390)
    await repost_from_profile(other, url, alice, "Worth sharing", 2)
    await expect(notes).to_have_count(2)
    await expect(notes.first).to_contain_text(f"{carol.username} reposted your post")
    await snapshot(author, "posts-repost-notification.png")
