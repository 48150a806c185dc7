"""A message with a link gets its preview live: Ada sends a link to a local test page in a DM,
Bob (already looking at the conversation) sees the card appear under the message — site name,
linked title, description and the large image at its reserved size — and the title opens
through the external-link warning. The browser loads the preview image through Hearth's image
proxy, never from the test server itself."""

import re
from urllib.parse import quote

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, open_dm
from tests.testsite import site  # noqa: F401 - the test web server fixture


@pytest.fixture
def settings(base_settings):
    # The test page is served from 127.0.0.1, a private address.
    return base_settings.with_overrides({"fetch.allow_private_networks": True})


async def test_a_link_preview_appears_live_for_the_other_user(live_server, signed_in, site):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    channel_id = await open_dm(client, ada, bob)
    await open_dm(client, bob, ada)
    page_a, page_b = await signed_in(ada), await signed_in(bob, width=850)
    direct: list[str] = []
    for page in (page_a, page_b):
        page.on("request", lambda request: direct.append(request.url) if f":{site.port}/" in request.url else None)
    await page_a.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await page_b.goto(f"{live_server.url}/app/inbox/{channel_id}")
    for page in (page_a, page_b):  # two browsers start on two shared cores: allow time
        await expect(page.get_by_label("Message", exact=True)).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    link = site.url("/hearth-test")
    box = page_a.get_by_label("Message", exact=True)
    await box.fill(f"Have a look: {link}")
    await box.press("Enter")

    message = page_b.get_by_test_id("message").filter(has_text="Have a look")
    await expect(message).to_have_attribute("data-message-id", re.compile(r"^\d+$"))
    embed = message.get_by_test_id("message-embed")
    await expect(embed).to_be_visible()
    await expect(embed.get_by_text("Test Site")).to_be_visible()
    await expect(embed.get_by_text("Previewed live.")).to_be_visible()
    image = embed.get_by_role("img", name="Image for Hearth test page")
    await expect(image).to_have_attribute("width", "400")
    await expect(image).to_have_attribute("height", "200")
    # the picture comes through Hearth's image proxy: the reader's browser never contacts the site
    await expect(image).to_have_attribute("src", "/cdn/proxy/" + quote(site.url("/wide.png"), safe="") + "/wide.png")
    await page_b.wait_for_function(
        "() => { const img = document.querySelector('[data-testid=message-embed] img');"
        " return img && img.complete && img.naturalWidth === 640; }"
    )

    assert direct == [] and site.hits["/wide.png"] == 2  # the preview's measure, then the proxy

    # the sender sees it too
    await expect(
        page_a.get_by_test_id("message")
        .filter(has_text="Have a look")
        .get_by_role("link", name="Hearth test page", exact=True)
    ).to_be_visible()

    # a page without a large card shows a thumbnail beside the text
    await box.fill(f"and {site.url('/og')}")
    await box.press("Enter")
    card = page_b.get_by_test_id("message").filter(has_text="and http").get_by_test_id("message-embed")
    thumbnail = card.get_by_role("img", name="Image for Hearth & friends")
    await expect(thumbnail).to_have_attribute("width", "80")
    await expect(thumbnail).to_have_attribute("height", "40")
    await expect(card.get_by_text("Hearth Blog")).to_be_visible()

    await snapshot(page_b, "link-embeds-850px.png")
    await snapshot(page_a, "link-embeds-sender.png")

    await embed.get_by_role("link", name="Hearth test page", exact=True).click()
    await expect(page_b.get_by_text("This link will take you to")).to_be_visible()
    await expect(page_b.get_by_test_id("external-link-url")).to_have_text(link)
    await page_b.get_by_role("button", name="Don't Visit").click()
    await expect(page_b.get_by_text("This link will take you to")).to_have_count(0)
