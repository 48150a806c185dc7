"""Posts in a browser: the home feed, a post with a picture and a poll, live votes and likes,
the notification bell, the profile tabs, the post view with replies, edit and delete."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.posts.helpers import confirmed, post
from tests.plugins.social.helpers import follow
from tests.support import call


async def test_a_post_with_a_picture_and_a_poll_is_voted_and_liked_live(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    alice, bob = await confirmed(), await confirmed()
    await follow(client, bob, alice.id)
    await call(client, "POST", "/api/posts/notifications/dismiss", token=alice.token)  # the follow's
    picture = tmp_path / "sunset.png"
    picture.write_bytes(png_bytes((320, 200), (240, 120, 40)))

    mine = await signed_in(alice)
    await mine.goto(f"{live_server.url}/app")
    composer = mine.get_by_test_id("post-composer")
    await expect(composer).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await composer.get_by_label("Write a post").fill("Tea or coffee this morning?")
    await mine.get_by_test_id("post-image-input").set_input_files(str(picture))
    await expect(composer.get_by_text("sunset.png")).to_be_visible()
    await composer.get_by_role("button", name="Add a poll").click()
    await composer.get_by_label("Choice 1").fill("Tea")
    await composer.get_by_label("Choice 2").fill("Coffee")
    await composer.get_by_role("button", name="Post", exact=True).click()

    written = mine.get_by_test_id("post").filter(has_text="Tea or coffee this morning?")
    await expect(written).to_be_visible()
    await expect(written.get_by_test_id("post-image")).to_be_visible()
    await expect(composer.get_by_label("Write a post")).to_have_value("")

    theirs = await signed_in(bob)
    await theirs.goto(f"{live_server.url}/app")
    seen = theirs.get_by_test_id("post").filter(has_text="Tea or coffee this morning?")
    await expect(seen).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(seen.get_by_test_id("post-image")).to_be_visible()
    await seen.get_by_role("button", name="Coffee").click()
    await expect(seen.get_by_test_id("poll-results")).to_contain_text("Coffee")
    await expect(seen.get_by_test_id("poll-choice-count").nth(1)).to_have_text("100% (1)")
    await seen.get_by_test_id("post-like").click()
    await expect(seen.get_by_test_id("post-like")).to_have_attribute("aria-pressed", "true")
    await snapshot(theirs, "posts-poll-results.png")

    # the author sees the vote and the like arrive without reloading
    await expect(written.get_by_test_id("post-like")).to_contain_text("1")
    await expect(written).to_contain_text(re.compile(r"1 vote(?!s)"))  # singular since plural forms
    bell = mine.get_by_role("link", name="Notifications").first
    await expect(bell).to_contain_text("1")
    await snapshot(mine, "posts-feed-live.png")

    await bell.click()
    await mine.wait_for_url(re.compile(r"/app/notifications$"))
    notes = mine.get_by_test_id("post-notification")
    await expect(notes).to_have_count(2)
    await expect(notes.first).to_contain_text(f"{bob.username} liked your post")
    await expect(notes.first).to_contain_text("Tea or coffee this morning?")
    await expect(notes.nth(1)).to_contain_text(f"{bob.username} followed you")
    await expect(bell).not_to_contain_text("1")
    await snapshot(mine, "posts-notifications.png")

    # the profile tabs: the author's posts, and the liker's liked posts
    await mine.goto(f"{live_server.url}/app/profile/{alice.id}/posts")
    await expect(mine.get_by_test_id("post").filter(has_text="Tea or coffee")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    await theirs.goto(f"{live_server.url}/app/profile/{bob.id}/liked")
    await expect(theirs.get_by_test_id("post").filter(has_text="Tea or coffee")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    await theirs.get_by_role("link", name="With replies").click()
    await expect(theirs.get_by_test_id("post-list")).to_contain_text("No posts yet.")


async def test_the_post_view_replies_edits_and_deletes(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice, bob = await confirmed(), await confirmed()
    first = await post(client, alice, "First thoughts")
    await post(client, bob, "A reply from bob", postId=first["id"])
    pinned = await post(client, alice, "Pinned announcement of mine")
    status, _ = await call(client, "POST", f"/api/posts/{pinned['id']}/pin", token=alice.token)
    assert status == 200

    page = await signed_in(alice, width=800)
    await page.goto(f"{live_server.url}/p/{first['id']}")
    await page.wait_for_url(re.compile(rf"/app\?postId={first['id']}$"))
    view = page.get_by_test_id("post-view")
    await expect(view.get_by_test_id("post").filter(has_text="A reply from bob")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    reply_box = view.get_by_test_id("post-composer")
    await reply_box.get_by_label("Write a reply").fill("Thanks bob")
    await reply_box.get_by_role("button", name="Reply", exact=True).click()
    await expect(view.get_by_test_id("post").filter(has_text="Thanks bob")).to_be_visible()
    await snapshot(page, "posts-view.png")

    main = view.locator(f'[data-testid="post"][data-post-id="{first["id"]}"]')
    await main.get_by_role("button", name="More").click()
    await page.get_by_role("menuitem", name="Edit").click()
    await main.get_by_label("Edit the post").fill("Second thoughts")
    await main.get_by_role("button", name="Save").click()
    await expect(view.get_by_test_id("post").filter(has_text="Second thoughts").first).to_contain_text("edited")

    await page.goto(f"{live_server.url}/app/profile/{alice.id}/posts")
    pinned_box = page.get_by_test_id("pinned-posts")
    await expect(pinned_box).to_contain_text("Pinned announcement of mine", timeout=BROWSER_PATIENCE_MS)
    listed = page.get_by_test_id("post-list").get_by_test_id("post").filter(has_text="Second thoughts")
    await expect(listed).to_be_visible()
    await snapshot(page, "posts-profile.png")
    await listed.get_by_role("button", name="More").click()
    await page.get_by_role("menuitem", name="Delete").click()
    await page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    await expect(listed).to_have_count(0)
    status, gone = await call(client, "GET", f"/api/posts/{first['id']}", token=alice.token)
    assert gone["deleted"] is True


async def test_the_feed_at_phone_width(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice = await confirmed()
    for n in range(3):
        await post(client, alice, f"Small screen post {n}", poll={"choices": ["yes", "no"]} if n == 1 else None)
    page = await signed_in(alice, width=390)
    await page.goto(f"{live_server.url}/app")
    await expect(page.get_by_test_id("post").filter(has_text="Small screen post 2")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    await snapshot(page, "posts-feed-390.png")
    await page.goto(f"{live_server.url}/app/profile/{alice.id}/posts")
    await expect(page.get_by_test_id("post").filter(has_text="Small screen post 0")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    assert await page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    await snapshot(page, "posts-profile-390.png")
