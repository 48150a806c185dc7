"""The settings area: the "Settings" entry opens it, every section has its own URL (deep links,
the back button), the sidebar lists the sections of the enabled plugins and the shell, and below
850 px it is a drawer opened from the menu button."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member

SIDEBAR_AT_1280 = [
    "Account",
    "Profile",
    "Two-factor",
    "Clan",
    "Badges",
    "Interface",
    "Custom CSS",
    "Notifications",
    "Call settings",
    "Connections",
    "Privacy",
    "Web embed",
    "Activity status",
    "Language",
    "Developer",
    "Applications",
    "Experiments",
    "About",
    "Support tickets",
]


async def test_sections_have_their_own_urls_and_the_back_button_works(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    url = live_server.url

    await page.goto(f"{url}/app")
    await page.get_by_test_id("rail-settings").click()
    await page.wait_for_url(re.compile(r"/app/settings/account$"))
    sidebar = page.get_by_test_id("settings-sidebar")
    await expect(sidebar.get_by_role("link")).to_have_text(SIDEBAR_AT_1280, timeout=BROWSER_PATIENCE_MS)
    await expect(sidebar.get_by_role("link", name="Account")).to_have_attribute("aria-current", "page")
    await expect(page.locator(".main-header__title")).to_have_text("Account")
    await snapshot(page, "settings-account-1280.png")

    await sidebar.get_by_role("link", name="Interface").click()
    await page.wait_for_url(re.compile(r"/app/settings/interface$"))
    await expect(page.get_by_test_id("settings-interface")).to_be_visible()
    await sidebar.get_by_role("link", name="Language").click()
    await expect(page.get_by_test_id("settings-language")).to_be_visible()
    await page.go_back()
    await page.wait_for_url(re.compile(r"/app/settings/interface$"))
    await expect(page.get_by_test_id("settings-interface")).to_be_visible()
    await expect(sidebar.get_by_role("link", name="Interface")).to_have_attribute("aria-current", "page")

    # a deep link opens straight into its section, pages of a plugin's section keep the sidebar
    await page.goto(f"{url}/app/settings/developer/applications")
    await expect(page.get_by_test_id("developer-page")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(sidebar.get_by_role("link", name="Applications")).to_have_attribute("aria-current", "page")
    await page.goto(f"{url}/app/settings")
    await page.wait_for_url(re.compile(r"/app/settings/account$"))
    await page.goto(f"{url}/app/settings/no-such-section")
    await expect(page.get_by_test_id("settings-not-found")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(sidebar).to_be_visible()


async def test_below_850px_the_sidebar_is_a_drawer(live_server, signed_in):
    person = await member()
    page = await signed_in(person, width=800)
    await page.goto(f"{live_server.url}/app/settings/interface")
    await expect(page.get_by_test_id("settings-interface")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    sidebar = page.get_by_test_id("settings-sidebar")
    await expect(sidebar).to_be_hidden()
    no_horizontal_scroll = "document.documentElement.scrollWidth <= window.innerWidth"
    assert await page.evaluate(no_horizontal_scroll)
    await snapshot(page, "settings-interface-800.png")

    await page.get_by_role("button", name="Open menu").click()
    await expect(sidebar).to_be_visible()
    await expect(page.locator(".app-layout__nav")).to_be_in_viewport(ratio=1)  # slid in whole
    await page.wait_for_timeout(300)  # only for the picture: let the drawer finish sliding in
    await snapshot(page, "settings-drawer-800.png")
    await sidebar.get_by_role("link", name="Privacy").click()
    await page.wait_for_url(re.compile(r"/app/settings/privacy$"))
    await expect(page.get_by_test_id("settings-privacy")).to_be_visible()
    await expect(sidebar).to_be_hidden()  # the drawer closes once a section is chosen
