"""The composer's GIF picker against a local fake Tenor v2 provider: Ada opens it in a DM and sees
the trending categories, searches as she types, picks a GIF; the GIF's address arrives as a
message for her and for Bob (at 850 px). The pictures load through Hearth's image proxy, never
from the provider's host."""

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.gifs.fake_provider import provider  # noqa: F401 - the fake provider fixture
from tests.plugins.messages.helpers import member, open_dm


@pytest.fixture
def settings(base_settings, provider):
    # The fake provider and its pictures are on 127.0.0.1, a private address.
    return base_settings.with_overrides({"fetch.allow_private_networks": True, **provider.settings()})


async def test_pick_a_gif_and_it_is_sent(live_server, signed_in, provider):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    channel_id = await open_dm(client, ada, bob)
    await open_dm(client, bob, ada)
    page_a, page_b = await signed_in(ada), await signed_in(bob, width=850)
    direct: list[str] = []
    for page in (page_a, page_b):
        page.on("request", lambda request: direct.append(request.url) if f":{provider.port}/" in request.url else None)
    await page_a.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await page_b.goto(f"{live_server.url}/app/inbox/{channel_id}")
    for page in (page_a, page_b):  # two browsers start on two shared cores: allow time
        await expect(page.get_by_label("Message", exact=True)).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await page_a.get_by_role("button", name="GIF", exact=True).click()
    picker = page_a.get_by_role("dialog", name="GIFs")
    await expect(picker.get_by_text("Trending categories")).to_be_visible()
    await expect(picker.get_by_role("button", name="thumbs up")).to_be_visible()

    search = picker.get_by_label("Search GIFs")
    # one input event: a busy browser may pause between typed keys longer than the debounce, which
    # plugins/gifs/web/GifPicker.test.tsx checks with keystrokes of its own
    await search.fill("happy cat")
    picks = picker.get_by_role("button", name="Send this GIF")
    await expect(picks).to_have_count(4)
    await page_a.wait_for_function(
        "() => [...document.querySelectorAll('.gif-picker__gif img')].every((img) => img.complete && img.naturalWidth === 30)"
    )
    assert [c["q"] for c in provider.calls if c["path"] == "/v2/search"] == ["happy cat"]
    await snapshot(page_a, "gif-picker.png")

    await picks.nth(1).click()
    await expect(picker).to_have_count(0)
    gif_url = provider.media("happy-cat-1.gif")
    for page in (page_a, page_b):
        await expect(page.get_by_test_id("message").filter(has_text=gif_url)).to_be_visible()
    await snapshot(page_b, "gif-picker-received-850px.png")
    assert direct == []
