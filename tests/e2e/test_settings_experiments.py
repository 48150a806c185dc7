"""Experiments: toggles kept in local settings (enabledExperiments) that apply at once and stay
after a reload."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import member


async def test_an_experiment_applies_and_survives_a_reload(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/experiments")
    square = page.get_by_role("switch", name="Square avatars")
    await expect(square).not_to_be_checked(timeout=BROWSER_PATIENCE_MS)
    avatar = page.locator(".user-area .avatar").first
    await expect(avatar).to_have_css("border-radius", "50%")

    await square.check()
    await expect(page.locator("html")).to_have_attribute("data-experiments", "SQUARE_AVATARS")
    await expect(avatar).to_have_css("border-radius", "8px")
    await page.reload()
    await expect(square).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await expect(avatar).to_have_css("border-radius", "8px")
    assert await page.evaluate("localStorage.getItem('enabledExperiments')") == '["SQUARE_AVATARS"]'

    await square.uncheck()
    await expect(avatar).to_have_css("border-radius", "50%")
