"""Search, mentions and buttons in a browser.

A member of an instance without the search plugin (whose one box replaces it) searches a server
channel from the header, sees the match (author, markup) in the
drawer, jumps to it although it is far older than the loaded page, and stays there when the
connection drops and comes back; the Mentions entry lists a
message that mentioned them and opens the channel at it; a message's buttons show, and
hovering a reaction names who reacted."""

import re

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join, ok


@pytest.fixture
def settings(base_settings):
    # The pane's own search of one channel (rest.md §3.2) is its header button when the search
    # plugin does not replace it with the one search box (tests/e2e/test_hearth_search_flow.py).
    return base_settings.with_overrides({"plugins.disabled": ["search"]})


async def test_search_a_channel_and_jump_to_an_old_message(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    bob = await join(client, place)
    needle = await sent(client, place.owner, place.general, "the **needle** in the haystack")
    for n in range(70):
        await sent(client, place.owner, place.general, f"filler message {n}")
    page = await signed_in(bob)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("message").filter(has_text="filler message 69")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    old = page.locator(f'[data-testid="message"][data-message-id="{needle["id"]}"]')
    await expect(old).to_have_count(0)

    await page.get_by_test_id("open-search").click()
    panel = page.get_by_test_id("message-search")
    await expect(panel).to_be_visible()
    await expect(panel).to_contain_text("Type to search")
    box = page.get_by_label("Search this channel")
    await box.fill("NEEDLE")
    result = panel.get_by_test_id("search-result")
    await expect(result).to_have_count(1)
    await expect(result).to_contain_text(place.owner.username)
    await expect(result.locator("strong", has_text="needle")).to_be_visible()  # markup, not raw asterisks

    await box.fill("no such words")
    await expect(page.get_by_test_id("search-empty")).to_be_visible()
    await box.fill("needle")
    await result.get_by_role("button", name="Jump").click()
    # one check for both: the highlight lasts 2.5 s, a second round trip on a slow machine could miss it
    await expect(old.and_(page.locator(".message--highlighted"))).to_be_visible()
    await snapshot(page, "search-jump.png")

    await page.get_by_role("button", name="Close search").click()
    await expect(panel).to_have_count(0)

    # The connection drops and comes back: the channel reloads where the reader is, not at the present.
    def reload_around(response):
        return f"/channels/{place.general}/messages" in response.url and "around=" in response.url

    async with page.expect_response(reload_around, timeout=BROWSER_PATIENCE_MS):
        await page.context.set_offline(True)
        await expect(page.get_by_test_id("connection-banner")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await page.context.set_offline(False)
    await expect(page.get_by_test_id("connection-banner")).to_have_count(0, timeout=BROWSER_PATIENCE_MS)
    await expect(old).to_be_visible()


async def test_mentions_inbox_opens_the_channel_at_the_message(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    bob = await join(client, place)
    mention = await sent(client, place.owner, place.general, f"look here [@:{bob.id}]")
    for n in range(60):
        await sent(client, place.owner, place.general, f"chatter {n}")
    await ok(
        client,
        "POST",
        f"/api/channels/{place.general}/messages/{mention['id']}/reactions",
        {"name": "🔥"},
        place.owner.token,
    )
    buttons = await sent(
        client,
        place.owner,
        place.general,
        "choose",
        buttons=[{"id": "go", "label": "Go"}, {"id": "stop", "label": "Stop", "alert": True}],
    )

    page = await signed_in(bob)
    await page.goto(f"{live_server.url}/app")
    entry = page.get_by_role("link", name=re.compile(r"^Mentions"))  # not a server whose badge counts mentions
    await expect(entry).to_contain_text("1", timeout=BROWSER_PATIENCE_MS)
    await entry.click()
    await page.wait_for_url(re.compile(r"/app/mentions$"))
    row = page.get_by_test_id("mention-row")
    await expect(row).to_have_count(1)
    await expect(row).to_contain_text("Hearthside")
    await expect(row).to_contain_text("#General")
    await expect(row).to_contain_text(f"look here @{bob.username}")
    await snapshot(page, "mentions-inbox.png")
    await row.click()
    await page.wait_for_url(re.compile(rf"/app/servers/{place.id}/{place.general}\?messageId={mention['id']}$"))
    target = page.locator(f'[data-testid="message"][data-message-id="{mention["id"]}"]')
    await expect(target).to_be_visible()

    # who reacted, on hover
    await target.get_by_test_id("reaction").hover()
    await expect(page.get_by_test_id("reaction-users")).to_contain_text(place.owner.username)
    await snapshot(page, "reaction-users.png")

    # buttons of another message
    await page.get_by_role("button", name="Jump to present").click()
    choose = page.locator(f'[data-testid="message"][data-message-id="{buttons["id"]}"]')
    await expect(choose.get_by_test_id("message-button")).to_have_count(2)
    await expect(choose.get_by_role("button", name="Stop")).to_have_class(re.compile("button--danger"))
    await choose.get_by_role("button", name="Go").click()
    await expect(choose.get_by_role("button", name="Go")).to_have_attribute("aria-busy", "true")
