"""Browser tests: Playwright driving Debian's chromium against a live Hearth server that serves
the built web UI (``make test`` builds it first)."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from core.settings import ROOT
from core.testing import BROWSER_PATIENCE_MS
from tests.conftest import WEBUI_DIST

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(ROOT) / "test-results"


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright, expect

    # what a test waits for without naming a time: room for a machine busy with other work
    expect.set_options(timeout=BROWSER_PATIENCE_MS)
    assert Path(CHROMIUM).exists(), "browser tests need Debian's chromium: apt-get install -y chromium"
    assert (ROOT / WEBUI_DIST / "index.html").exists(), "build the web UI first: npm run build"
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def page(browser: Any, request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    SCREENSHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"))
    await context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


class SignedIn:
    """Browser contexts already holding a person's token, closed with a screenshot of every page
    and a check that no page had an uncaught error."""

    def __init__(self, browser: Any, name: str):
        self.browser, self.name = browser, name
        self.contexts: list[Any] = []

    async def open(self, person: Any, width: int = 1280) -> Any:
        import json

        context = await self.browser.new_context(viewport={"width": width, "height": 800})
        context.set_default_timeout(BROWSER_PATIENCE_MS)
        await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(person.token)})")
        self.contexts.append(context)
        page = await context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    async def close(self) -> None:
        for index, context in enumerate(self.contexts):
            for page in context.pages:
                SCREENSHOTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(SCREENSHOTS / f"{self.name}-{index}.png"))
                assert page.errors == [], f"uncaught errors in the page: {page.errors}"
            await context.close()


@pytest.fixture
async def signed_in(browser: Any) -> AsyncIterator[Any]:
    """``page = await signed_in(person)``: a new browser context already holding the token."""
    pages = SignedIn(browser, "signed-in")
    yield pages.open
    await pages.close()
