"""Language settings: the 19 interface languages with their native names and completeness (counted from
the locale files); a choice is kept in appLanguage and strings fall back to en-gb."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member

CODES = [
    "en-gb",
    "de-de",
    "fr-FR",
    "es-es",
    "it",
    "nl-nl",
    "pl-pl",
    "pt-br",
    "ro-ro",
    "ru-ru",
    "sv-sv",
    "tr-tr",
    "uk",
    "hu-hu",
    "ja-jp",
    "zh-hans",
    "zh-hant",
    "ar-ps",
    "th-th",
]


async def test_the_languages_are_listed_and_a_choice_survives_a_reload(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/language")
    options = page.locator(".language-option")
    await expect(options).to_have_count(19, timeout=BROWSER_PATIENCE_MS)
    assert await options.evaluate_all("items => items.map(item => item.dataset.language)") == CODES
    english = page.locator('[data-language="en-gb"]')
    await expect(english).to_contain_text("English (UK)")
    await expect(english).to_contain_text("100%")
    await expect(english.get_by_role("radio")).to_be_checked()
    await expect(page.locator('[data-language="ja-jp"]')).to_contain_text("日本語")
    await expect(page.locator('[data-language="ja-jp"]')).to_contain_text("%")
    await snapshot(page, "settings-language-1280.png")

    await page.get_by_role("radio", name="Deutsch").check()
    await expect(page.locator("html")).to_have_attribute("lang", "de-DE")
    await page.reload()
    await expect(page.get_by_role("radio", name="Deutsch")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    assert await page.evaluate("localStorage.getItem('appLanguage')") == "de-de"
    await expect(page.locator("html")).to_have_attribute("lang", "de-DE")
    await expect(page.get_by_test_id("settings-language")).to_be_visible()
