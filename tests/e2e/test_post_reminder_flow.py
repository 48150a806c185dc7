"""A reminder on a post in a browser: when it is due the reminder modal shows the post (who wrote
it and what) and "View post" opens it; a reminder on a deleted post says it is gone."""

import re
import time

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.posts.helpers import confirmed, post
from tests.support import call

PAST = int(time.time() * 1000) - 60_000


async def test_a_due_post_reminder_opens_the_post(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice, bob = await confirmed(), await confirmed()
    theirs = await post(client, bob, "Remember to water the plants on Sunday")
    status, _ = await call(
        client, "POST", "/api/reminders", {"timestamp": PAST, "postId": theirs["id"]}, token=alice.token
    )
    assert status == 200

    page = await signed_in(alice, width=800)
    await page.goto(f"{live_server.url}/app")
    due = page.get_by_test_id("reminder-due")
    await expect(due).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(due).to_contain_text(f"From {bob.username}")
    await expect(due).to_contain_text("Remember to water the plants on Sunday")
    await snapshot(page, "post-reminder-due-800.png")
    await due.get_by_role("button", name="View post").click()
    await page.wait_for_url(re.compile(rf"/app\?postId={theirs['id']}$"))
    await expect(page.get_by_test_id("post").filter(has_text="water the plants").first).to_be_visible()


async def test_a_due_reminder_on_a_deleted_post_says_so(live_server, signed_in):
    client = live_server.app.quart.test_client()
    alice, bob = await confirmed(), await confirmed()
    theirs = await post(client, bob, "soon gone")
    await call(client, "POST", "/api/reminders", {"timestamp": PAST, "postId": theirs["id"]}, token=alice.token)
    await call(client, "DELETE", f"/api/posts/{theirs['id']}", token=bob.token)

    page = await signed_in(alice)
    await page.goto(f"{live_server.url}/app")
    due = page.get_by_test_id("reminder-due")
    await expect(due).to_contain_text("The post is no longer available.", timeout=BROWSER_PATIENCE_MS)
    await expect(due.get_by_role("button", name="View post")).to_have_count(0)
    await page.get_by_role("button", name="Done").click()
    await expect(due).to_have_count(0)
    status, reminders = await call(client, "GET", "/api/reminders", token=alice.token)
    assert (status, reminders) == (200, [])
