"""Interface settings: the theme (Default, AMOLED, Light) and font size apply at once and stay
after a reload; the custom CSS editor previews its draft on the page, keeps it when saved and puts
the saved CSS back when the draft is discarded."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot, status_of
from tests.plugins.messages.helpers import member

BODY_BACKGROUND = "getComputedStyle(document.body).backgroundColor"
BODY_FONT_SIZE = "getComputedStyle(document.body).fontSize"


async def test_theme_and_font_size_apply_at_once_and_survive_a_reload(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/interface")
    await expect(page.get_by_test_id("settings-interface")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    dark = await page.evaluate(BODY_BACKGROUND)

    await page.get_by_role("radio", name="Light").check()
    await expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert await page.evaluate(BODY_BACKGROUND) != dark
    await page.get_by_role("slider", name="Font size").fill("19")
    await expect(page.get_by_test_id("font-size-value")).to_have_text("19 px")
    assert await page.evaluate(BODY_FONT_SIZE) == "19px"
    await snapshot(page, "settings-interface-light-1280.png")

    await page.reload()
    await expect(page.get_by_role("radio", name="Light")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert await page.evaluate(BODY_FONT_SIZE) == "19px"
    await expect(page.get_by_test_id("font-size-value")).to_have_text("19 px")

    await page.get_by_role("radio", name="AMOLED").check()
    await page.get_by_role("button", name="Reset to default").click()
    await page.reload()
    await expect(page.get_by_role("radio", name="AMOLED")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    assert await page.evaluate(BODY_FONT_SIZE) == "15px"


async def test_custom_css_previews_saves_and_discards(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    url = live_server.url
    await page.goto(f"{url}/app/settings/interface")
    await page.get_by_role("link", name="Open the custom CSS editor").click()
    await expect(page.get_by_test_id("settings-custom-css")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    preview = page.get_by_test_id("custom-css-preview")
    editor = page.get_by_label("CSS rules")

    await editor.fill(".custom-css-preview { background: rgb(10, 120, 30) !important; }")
    await expect(preview).to_have_css("background-color", "rgb(10, 120, 30)")  # the draft, before saving
    await page.get_by_role("button", name="Save").click()
    await expect(status_of(page)).to_have_text("Saved.")
    await snapshot(page, "settings-custom-css-1280.png")

    await page.reload()
    await expect(editor).to_have_value(
        ".custom-css-preview { background: rgb(10, 120, 30) !important; }", timeout=BROWSER_PATIENCE_MS
    )
    await expect(preview).to_have_css("background-color", "rgb(10, 120, 30)")

    await editor.fill(".custom-css-preview { background: rgb(200, 0, 0) !important; }")
    await expect(preview).to_have_css("background-color", "rgb(200, 0, 0)")
    await page.get_by_role("button", name="Discard changes").click()
    await expect(preview).to_have_css("background-color", "rgb(10, 120, 30)")

    # a draft left unsaved does not follow the user to other pages
    await editor.fill("body { outline: 5px solid rgb(1, 2, 3) !important; }")
    await page.get_by_test_id("settings-sidebar").get_by_role("link", name="Language").click()
    await expect(page.get_by_test_id("settings-language")).to_be_visible()
    assert "rgb(1, 2, 3)" not in await page.evaluate("getComputedStyle(document.body).outlineColor")
    assert (
        await page.evaluate("localStorage.getItem('customCss')")
        == ".custom-css-preview { background: rgb(10, 120, 30) !important; }"
    )
