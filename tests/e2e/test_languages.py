"""Interface languages in the browser: switching in /app/settings/language re-renders the UI in the
chosen language without a reload; ar-ps lays the app out right to left (the sidebar and the
drawer below 850 px on the right); no raw key (`servers.members.title`) shows on the main screens.

The translations live in `webui/src/i18n/locales/<code>.json` and `plugins/*/web/locales/`; the
tests that need them pick the languages that have files when they run and skip when none has."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import expect

from core.settings import ROOT
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import navigate, snapshot
from tests.plugins.servers.helpers import community

CODES = [
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
# <html lang> for each code (webui/src/i18n/languageCodes.ts)
HTML_LANG = {
    "en-gb": "en-GB",
    "de-de": "de-DE",
    "fr-FR": "fr-FR",
    "es-es": "es-ES",
    "it": "it",
    "nl-nl": "nl-NL",
    "pl-pl": "pl-PL",
    "pt-br": "pt-BR",
    "ro-ro": "ro-RO",
    "ru-ru": "ru-RU",
    "sv-sv": "sv-SE",
    "tr-tr": "tr-TR",
    "uk": "uk",
    "hu-hu": "hu-HU",
    "ja-jp": "ja-JP",
    "zh-hans": "zh-Hans",
    "zh-hant": "zh-Hant",
    "ar-ps": "ar",
    "th-th": "th-TH",
}
SHELL_LOCALES = Path(ROOT) / "webui" / "src" / "i18n" / "locales"
TRANSLATED = [code for code in CODES if (SHELL_LOCALES / f"{code}.json").exists()]
NO_FILES = "no translation file exists yet (webui/src/i18n/locales/<code>.json): nothing to switch to"

# Visible text (and placeholders) that looks like a dotted translation key.
RAW_KEYS = r"""() => {
  const key = /^[a-z]+(\.[a-zA-Z0-9_]+)+$/;
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (key.test(text) && node.parentElement?.checkVisibility()) found.push(text);
  }
  for (const field of document.querySelectorAll("[placeholder]")) {
    if (key.test(field.placeholder) && field.checkVisibility()) found.push(field.placeholder);
  }
  return found;
}"""


def strings(code: str) -> dict[str, Any]:
    return json.loads((SHELL_LOCALES / f"{code}.json").read_text("utf-8"))


async def in_language(page: Any, code: str) -> None:
    await page.context.add_init_script(f"localStorage.setItem('appLanguage', {json.dumps(code)})")


async def expect_language(page: Any, code: str) -> None:
    await expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[code], timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("language-loading")).to_have_count(0, timeout=BROWSER_PATIENCE_MS)


async def test_switching_language_rerenders_the_ui_without_a_reload(live_server, signed_in):
    if not TRANSLATED:
        pytest.skip(NO_FILES)
    place = await community(live_server.app.quart.test_client())
    page = await signed_in(place.owner)
    await page.goto(f"{live_server.url}/app/settings/language")
    heading = page.get_by_test_id("settings-language").get_by_role("heading", level=2)
    await expect(heading).to_have_text("Language", timeout=BROWSER_PATIENCE_MS)
    await page.evaluate("window.sameDocument = true")  # gone if the page reloads

    for code in TRANSLATED:
        native = page.locator(f'[data-language="{code}"]')
        await native.get_by_role("radio").check()
        await expect_language(page, code)
        title = strings(code).get("settings", {}).get("language", {}).get("title")
        if title:
            await expect(heading).to_have_text(title)
        # the app's frame too, not only the page that was open
        open_menu = strings(code).get("app", {}).get("openMenu")
        if open_menu and open_menu != "Open menu":
            await expect(page.get_by_role("button", name="Open menu", exact=True)).to_have_count(0)
        await expect(native.get_by_role("radio")).to_be_checked()
        assert await page.evaluate("window.sameDocument === true"), f"switching to {code} reloaded the page"
    await snapshot(page, f"languages-{TRANSLATED[-1]}.png")

    await page.locator('[data-language="en-gb"]').get_by_role("radio").check()
    await expect_language(page, "en-gb")
    await expect(heading).to_have_text("Language")
    assert await page.evaluate("window.sameDocument === true")


async def test_arabic_lays_the_app_out_right_to_left(live_server, signed_in):
    place = await community(live_server.app.quart.test_client())
    page = await signed_in(place.owner)
    await page.goto(f"{live_server.url}/app/settings/language")
    await expect(page.get_by_test_id("settings-language")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.locator("html")).to_have_attribute("dir", "ltr")
    nav_left = await page.locator(".app-layout__nav").bounding_box()
    assert nav_left and nav_left["x"] < 10

    await page.get_by_role("radio", name="العربية").check()
    await expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=BROWSER_PATIENCE_MS)
    await expect(page.locator("html")).to_have_attribute("lang", "ar")
    await expect(page.get_by_test_id("language-loading")).to_have_count(0, timeout=BROWSER_PATIENCE_MS)
    nav = await page.locator(".app-layout__nav").bounding_box()
    assert nav and nav["x"] + nav["width"] > 1280 - 10, f"the navigation is not on the right: {nav}"
    sidebar = await page.get_by_test_id("settings-sidebar").bounding_box()
    content = await page.get_by_test_id("settings-language").bounding_box()
    assert sidebar and content and sidebar["x"] > content["x"], "the settings sidebar is not right of its content"
    await snapshot(page, "languages-ar-ps-1280.png")

    # below 850 px the navigation is a drawer that slides in from the right
    narrow = await signed_in(place.owner, width=800)
    await in_language(narrow, "ar-ps")
    await narrow.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(narrow.locator("html")).to_have_attribute("dir", "rtl", timeout=BROWSER_PATIENCE_MS)
    await expect(narrow.locator(".app-layout__nav")).not_to_be_in_viewport()
    await narrow.locator(".main-header__menu").click()
    drawer = narrow.locator(".app-layout__nav")
    await expect(drawer).to_be_in_viewport(ratio=1)
    await narrow.wait_for_timeout(300)  # let it finish sliding before measuring
    box = await drawer.bounding_box()
    assert box and abs(box["x"] + box["width"] - 800) < 2 and box["x"] > 0, f"the drawer is not on the right: {box}"
    await snapshot(narrow, "languages-ar-ps-drawer-800.png")


# Every language, a third of them in each test (one page each, side by side in the parallel pass):
# the first opens the app already in it, the others are switched to in settings.
CHECKED = ["en-gb", *(TRANSLATED or ["ar-ps"])]
GROUPS = [CHECKED[start::3] for start in range(min(3, len(CHECKED)))]


class Requests:
    """The page's requests in flight: a screen has settled when none has been for a moment (its
    lazily loaded panes, their strings and their data have arrived)."""

    QUIET_S = 0.15

    def __init__(self, page: Any):
        self.in_flight, self.changed = 0, time.monotonic()
        page.on("request", lambda _: self._count(1))
        page.on("requestfinished", lambda _: self._count(-1))
        page.on("requestfailed", lambda _: self._count(-1))

    def _count(self, step: int) -> None:
        self.in_flight += step
        self.changed = time.monotonic()

    async def settled(self) -> None:
        deadline = time.monotonic() + BROWSER_PATIENCE_MS / 1000
        while self.in_flight > 0 or time.monotonic() - self.changed < self.QUIET_S:
            assert time.monotonic() < deadline, f"{self.in_flight} requests still in flight"
            await asyncio.sleep(0.05)


@pytest.mark.parametrize("codes", GROUPS, ids=["-".join(group[:1]) for group in GROUPS])
async def test_no_raw_key_on_the_main_screens(live_server, signed_in, codes):
    place = await community(live_server.app.quart.test_client())
    page = await signed_in(place.owner)
    requests = Requests(page)
    await in_language(page, codes[0])
    url = live_server.url
    screens = [
        ("/app", page.locator(".dashboard")),
        (f"/app/servers/{place.id}/{place.general}", page.get_by_role("textbox").first),
        ("/app/settings/account", page.get_by_test_id("settings-sidebar")),
        ("/app/settings/language", page.get_by_test_id("settings-language")),
    ]
    await page.goto(f"{url}/app")
    for code in codes:
        if code != codes[0]:  # switched to, as a person would
            await navigate(page, "/app/settings/language")
            await page.locator(f'[data-language="{code}"]').get_by_role("radio").check()
        for path, ready in screens:  # then through the app's own router
            await navigate(page, path)
            await expect(ready).to_be_visible(timeout=BROWSER_PATIENCE_MS)
            await expect_language(page, code)
            await requests.settled()
            assert await page.evaluate(RAW_KEYS) == [], f"raw keys on {path} in {code}"
            await snapshot(page, f"languages-raw-keys-{code}-{re.sub(r'[^a-z]+', '-', path)}.png")
