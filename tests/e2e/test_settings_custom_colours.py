"""Custom colours (interface settings): the theme's main colours are overridden at once, over
Default, AMOLED and Light alike, kept in this browser's `customColors` across a reload, refused
when they are not colours, and reset to the theme's own."""

import json

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member

NO_HORIZONTAL_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
MAIN_BACKGROUND = "getComputedStyle(document.querySelector('.app-layout')).backgroundColor"
ROOT_VARIABLE = "name => getComputedStyle(document.documentElement).getPropertyValue(name).trim()"


async def test_custom_colours_apply_at_once_survive_a_reload_and_reset(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/interface")
    await expect(page.get_by_test_id("custom-colours")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Accent", exact=True)).to_have_value("#f28c38")  # Default's own
    theme_background = await page.evaluate(MAIN_BACKGROUND)

    await page.get_by_label("Accent", exact=True).fill("#3a7bd5")
    await page.get_by_label("Main background: pick a colour").fill("#204060")
    assert await page.evaluate(MAIN_BACKGROUND) == "rgb(32, 64, 96)"
    assert await page.evaluate(ROOT_VARIABLE, "--accent") == "#3a7bd5"
    # not a colour: shown as a mistake, never applied or kept
    await page.get_by_label("Text", exact=True).fill("red; background: url(/x)")
    await expect(page.get_by_test_id("custom-colour-text")).to_contain_text("Use a hex colour such as #3a7bd5.")
    assert await page.evaluate(ROOT_VARIABLE, "--text") == "#e9eaef"
    assert json.loads(await page.evaluate("localStorage.getItem('customColors')")) == {
        "accent": "#3a7bd5",
        "bg-main": "#204060",
    }

    # the light theme keeps the overrides and shows its own colours for the rest
    await page.get_by_role("radio", name="Light").check()
    await expect(page.get_by_label("Secondary text", exact=True)).to_have_value("#5c6370")
    assert await page.evaluate(MAIN_BACKGROUND) == "rgb(32, 64, 96)"
    assert await page.evaluate(ROOT_VARIABLE, "--accent") == "#3a7bd5"
    await snapshot(page, "settings-custom-colours-1280.png", full_page=True)

    await page.reload()
    await expect(page.get_by_label("Accent", exact=True)).to_have_value("#3a7bd5", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Main background", exact=True)).to_have_value("#204060")
    assert await page.evaluate(MAIN_BACKGROUND) == "rgb(32, 64, 96)"
    for theme in ("AMOLED", "Default"):
        await page.get_by_role("radio", name=theme).check()
        assert await page.evaluate(ROOT_VARIABLE, "--accent") == "#3a7bd5"
        assert await page.evaluate(MAIN_BACKGROUND) == "rgb(32, 64, 96)"

    # one colour back to the theme's, then all of them
    await page.get_by_role("button", name="Reset Main background").click()
    assert await page.evaluate(MAIN_BACKGROUND) == theme_background
    await page.get_by_role("button", name="Reset colours to the theme's defaults").click()
    assert await page.evaluate(ROOT_VARIABLE, "--accent") == "#f28c38"
    await page.reload()
    await expect(page.get_by_label("Accent", exact=True)).to_have_value("#f28c38", timeout=BROWSER_PATIENCE_MS)
    assert await page.evaluate(ROOT_VARIABLE, "--accent") == "#f28c38"
    assert await page.evaluate("localStorage.getItem('customColors')") == "{}"


async def test_interface_settings_fit_a_phone(live_server, signed_in):
    person = await member()
    page = await signed_in(person, width=390)
    await page.add_init_script(
        "localStorage.setItem('customColors', JSON.stringify({accent: '#3a7bd5', 'bg-main': '#204060'}))"
    )
    await page.goto(f"{live_server.url}/app/settings/interface")
    await expect(page.get_by_test_id("custom-colours")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Accent", exact=True)).to_have_value("#3a7bd5")
    assert await page.evaluate(NO_HORIZONTAL_SCROLL)
    await page.get_by_test_id("custom-colours").scroll_into_view_if_needed()
    await snapshot(page, "settings-custom-colours-390.png")
