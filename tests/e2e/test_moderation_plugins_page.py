"""The moderation area's read-only Plugins page: staff see every installed plugin, enabled or
not; a plain user is turned away."""

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member


async def test_staff_see_what_runs_on_the_instance(start_server, signed_in):
    server = await start_server(**{"plugins.disabled": ["reminders"]})
    mod, person = await member(username="modder"), await member(username="plain")
    await User.filter(id=int(mod.id)).update(badges=64)

    page = await signed_in(mod)
    await page.goto(f"{server.url}/app/moderation")
    await page.get_by_role("link", name="Plugins", exact=True).click()
    rows = page.get_by_test_id("moderation-plugin")
    await expect(page.get_by_test_id("moderation-plugins")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    reminders = page.locator('[data-plugin-id="reminders"]')
    await expect(reminders).to_contain_text("Disabled")
    await expect(reminders).to_contain_text("Requires: accounts, messages")
    inbox = page.locator('[data-plugin-id="inbox"]')
    await expect(inbox).to_contain_text("Enabled")
    await expect(inbox).to_contain_text("Uses when enabled: friends, servers")
    await expect(page.locator('[data-plugin-id="accounts"]')).to_contain_text("Essential")
    assert await rows.count() >= 18
    await snapshot(page, "moderation-plugins.png")
    narrow = await signed_in(mod, width=800)
    await narrow.goto(f"{server.url}/app/moderation/plugins")
    await expect(narrow.locator('[data-plugin-id="reminders"]')).to_contain_text(
        "Disabled", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(narrow, "moderation-plugins-800.png")

    outsider = await signed_in(person)
    await outsider.goto(f"{server.url}/app/moderation/plugins")
    await expect(outsider.get_by_test_id("moderation-forbidden")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(outsider.get_by_test_id("moderation-plugins")).to_have_count(0)
