"""Window settings only mean something in a desktop shell: a browser's sidebar does not list
them, and their URL says so."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.plugins.messages.helpers import member


async def test_window_settings_are_hidden_in_a_browser(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/window-settings")
    await expect(page.get_by_test_id("window-settings-unavailable")).to_contain_text(
        "only in the desktop app", timeout=BROWSER_PATIENCE_MS
    )
    sidebar = page.get_by_test_id("settings-sidebar")
    await expect(sidebar.get_by_role("link", name="Language")).to_be_visible()
    await expect(sidebar.get_by_role("link", name="Window settings")).to_have_count(0)
