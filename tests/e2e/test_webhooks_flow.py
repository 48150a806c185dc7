"""The owner creates a webhook in a channel's settings, renames it and copies its URL; a POST to
that URL (a service outside, here the test) shows the message live for a member reading the
channel, with the webhook's name, the webhook tag and the override avatar (through Hearth's image
proxy); then the owner
deletes the webhook and its URL stops working."""

import base64
import re

import aiohttp
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.servers.helpers import community, join

PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


async def test_create_a_webhook_copy_its_url_and_post_through_it(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    bob = await join(client, place)
    url = live_server.url
    page_a, page_b = await signed_in(place.owner, width=800), await signed_in(bob, width=800)

    # The override avatar loads through Hearth's image proxy (tests/core/test_image_proxy.py fetches
    # for real); this machine has no outside network, so the proxy's answer is given in the browser,
    # and any request straight to the avatar's host is counted: there must be none.
    proxy_path = "/cdn/proxy/https%3A%2F%2Fimages.example.com%2Fci.png/ci.png"
    await page_b.route(
        f"{url}{proxy_path}", lambda route: route.fulfill(status=200, content_type="image/png", body=PIXEL)
    )
    direct: list[str] = []
    await page_b.route("https://images.example.com/**", lambda route: (direct.append(route.request.url), route.abort()))
    await page_b.goto(f"{url}/app/servers/{place.id}/{place.general}")
    await expect(page_b.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)

    # The owner: channel settings → Webhooks → Create webhook → open it.
    await page_a.goto(f"{url}/app/servers/{place.id}/settings/channels/{place.general}")
    await page_a.get_by_role("link", name="Webhooks").click(timeout=BROWSER_PATIENCE_MS)
    await page_a.wait_for_url(re.compile(r"/settings/channels/\d+/webhooks$"))
    await expect(page_a.get_by_text("No webhooks in this channel yet.")).to_be_visible()
    await page_a.get_by_role("button", name="Create webhook").click()
    row = page_a.get_by_test_id("webhook-row")
    await expect(row).to_have_count(1)
    await row.click()
    await page_a.wait_for_url(re.compile(r"/settings/channels/\d+/webhooks/\d+$"))
    webhook_id = page_a.url.rsplit("/", 1)[1]
    detail = page_a.get_by_test_id("webhook-detail")
    await expect(detail.get_by_role("heading", name="Webhook 1")).to_be_visible()

    # A refused name says why; a good one is saved.
    name = detail.get_by_label("Name", exact=True)
    await name.fill("a@b")
    await detail.get_by_role("button", name="Save").click()
    await expect(detail.get_by_text("Name cannot contain @ or :")).to_be_visible()
    await name.fill("Build bot")
    await detail.get_by_role("button", name="Save").click()
    await expect(detail.get_by_role("heading", name="Build bot")).to_be_visible()

    # Copy the URL (fetched from the token route).
    await page_a.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    await detail.get_by_role("button", name="Copy URL").click()
    field = detail.get_by_test_id("webhook-url")
    await expect(field).to_have_value(re.compile(rf"^{re.escape(url)}/api/webhooks/{webhook_id}/[\w-]+\.[\w-]+$"))
    execute_url = await field.input_value()
    await snapshot(page_a, "webhooks-detail.png", full_page=True)
    assert await page_a.evaluate("navigator.clipboard.readText()") == execute_url

    # A service posts through it: the member sees it live.
    async with aiohttp.ClientSession() as http:
        async with http.post(
            execute_url, json={"content": "Deploy **finished**", "avatarUrl": "https://images.example.com/ci.png"}
        ) as response:
            assert response.status == 200, await response.text()
    message = page_b.get_by_test_id("message").filter(has_text="Deploy finished")
    await expect(message).to_be_visible()
    await expect(message.get_by_test_id("webhook-tag")).to_have_text("Webhook")
    await expect(message.locator(".message__author")).to_have_text("Build bot")
    await expect(message.locator("img.avatar")).to_have_attribute("src", proxy_path)
    await expect(message.locator("img.avatar")).to_have_attribute("referrerpolicy", "no-referrer")
    assert await message.locator("img.avatar").evaluate("(img) => img.complete && img.naturalWidth === 1")
    assert direct == []
    await snapshot(page_b, "webhooks-message.png")

    # Delete it (with a confirmation): back to the list, the URL stops working, its message goes.
    await detail.get_by_role("button", name="Delete webhook").click()
    await page_a.get_by_role("dialog").get_by_role("button", name="Delete webhook").click()
    await page_a.wait_for_url(re.compile(r"/settings/channels/\d+/webhooks$"))
    await expect(page_a.get_by_text("No webhooks in this channel yet.")).to_be_visible()
    async with aiohttp.ClientSession() as http:
        async with http.post(execute_url, json={"content": "again"}) as response:
            assert (response.status, await response.json()) == (
                401,
                {"message": "Invalid webhook token.", "path": None},
            )
    await page_b.reload()
    await expect(page_b.get_by_test_id("channel-title")).to_have_text("General")
    await expect(page_b.get_by_test_id("message").filter(has_text="Deploy finished")).to_have_count(0)
