"""A user's own external embed end to end: /app/settings/external-embed creates it, shows the
widget's JSON address (which answers), and deletes it; usable at a phone's width."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member


async def test_a_user_creates_opens_and_deletes_their_embed(live_server, signed_in):
    ada = await member(username="ada")
    page = await signed_in(ada)
    await page.set_viewport_size({"width": 390, "height": 800})
    await page.goto(f"{live_server.url}/app/settings/external-embed")
    card = page.get_by_test_id("user-external-embed")
    await expect(card).to_contain_text(
        "You have no embed yet.", timeout=BROWSER_PATIENCE_MS
    )  # the first load on a busy machine
    await card.get_by_role("button", name="Create embed").click()
    address = card.get_by_test_id("user-embed-url")
    await expect(address).to_have_text(
        f"{live_server.url}/api/users/{ada.id}/external-embed.json", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(page, "user-embed.png")
    widget = await page.request.get(await address.inner_text())
    assert widget.status == 200 and (await widget.json())["userId"] == ada.id
    await card.get_by_role("button", name="Delete embed").click()
    await expect(card.get_by_role("status")).to_have_text("The embed was deleted.", timeout=BROWSER_PATIENCE_MS)
    await expect(card).to_contain_text("You have no embed yet.")
