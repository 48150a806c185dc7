"""Browser tests: Playwright driving Debian's chromium against a live Hearth server that serves
the built web UI (``make test`` builds it first).

``live_server`` here is one server per test process, started for the first test that needs it and
kept (its tables are emptied before each test like everyone's), unless the module's ``settings``
fixture changes the settings: then the test gets a server of its own. ``page`` and ``signed_in``
open their pages in Chromium profiles kept for the whole process and lent to one test at a time
(``tests/e2e/profiles.py``); ``browser`` is for tests that need contexts of their own (touch, a
phone). Both run Chromium's headless shell, or the full Chromium for a test marked ``full_browser``.
A page is photographed (``test-results/``) only when its test failed."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import expect

from core.settings import ROOT
from core.testing import BROWSER_PATIENCE_MS
from tests.conftest import WEBUI_DIST
from tests.e2e.profiles import Profiles

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Debian's build of Chromium's old headless mode, what Playwright itself runs headless: no browser
# window behind the page, and about a quarter less CPU a page than the full browser. It has no
# notifications, push or choice of media devices: tests of those are marked `full_browser`.
HEADLESS_SHELL = shutil.which("chromium-headless-shell") or CHROMIUM
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # more flags for measuring what the browser's work costs a run (none by default)
    *os.environ.get("HEARTH_TEST_CHROMIUM_ARGS", "").split(),
]
SCREENSHOTS = Path(ROOT) / "test-results"
TAKE_SNAPSHOTS = os.environ.get("HEARTH_SCREENSHOTS", "") not in ("", "0")


_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def failed(node: pytest.Item) -> bool:
    """Whether the test's set-up or body failed (read in a fixture's teardown)."""
    return any(report.failed for report in node.stash.get(_REPORTS, {}).values())


async def photograph(page: Any, name: str) -> None:
    """A picture of what the failed test saw: ``test-results/<name>.png``."""
    SCREENSHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


async def snapshot(target: Any, file_name: str, full_page: bool = False) -> None:
    """A picture of a screen for people to look at (``test-results/<file_name>``), taken only when
    ``HEARTH_SCREENSHOTS=1`` (``make screenshots``): encoding them cost every run's CPU."""
    if not TAKE_SNAPSHOTS:
        return
    SCREENSHOTS.mkdir(exist_ok=True)
    options = {"full_page": True} if full_page else {}
    await target.screenshot(path=str(SCREENSHOTS / file_name), **options)


@pytest.fixture(scope="session")
async def shared_server(database: Any, base_settings: Any) -> AsyncIterator[Any]:
    from core.app import create_app
    from core.testing import serve_on_free_port
    from tests.conftest import LiveServer

    asgi = create_app(base_settings)
    url, stop, task = await serve_on_free_port(asgi)
    yield LiveServer(url, asgi)
    stop.set()
    await task


@pytest.fixture
async def live_server(settings: Any, base_settings: Any, shared_server: Any, start_server: Any) -> Any:
    """The shared server, or one of its own for a module whose ``settings`` fixture changes them."""
    if settings is base_settings:
        return shared_server
    return await start_server()


@pytest.fixture(scope="session")
async def playwright() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright, expect

    # what a test waits for without naming a time: room for a machine busy with other work
    expect.set_options(timeout=BROWSER_PATIENCE_MS)
    assert Path(CHROMIUM).exists(), "browser tests need Debian's chromium: apt-get install -y chromium"
    assert (ROOT / WEBUI_DIST / "index.html").exists(), "build the web UI first: npm run build"
    async with async_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
async def browser(playwright: Any) -> AsyncIterator[Any]:
    """A browser for tests that make contexts of their own (touch, a phone's screen)."""
    browser = await playwright.chromium.launch(executable_path=HEADLESS_SHELL, headless=True, args=CHROMIUM_ARGS)
    yield browser
    await browser.close()


@pytest.fixture(scope="session")
async def profile_pools(
    playwright: Any, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[dict[str, Profiles]]:
    """Chromium profiles lent to one test at a time (tests/e2e/profiles.py: why), by executable."""
    pools = {
        executable: Profiles(playwright, tmp_path_factory.mktemp("chromium"), executable, CHROMIUM_ARGS)
        for executable in {HEADLESS_SHELL, CHROMIUM}
    }
    yield pools
    for pool in pools.values():
        await pool.close()


@pytest.fixture
def profiles(profile_pools: dict[str, Profiles], request: pytest.FixtureRequest) -> Profiles:
    """The headless shell's profiles, or the full Chromium's for a test marked ``full_browser``."""
    return profile_pools[CHROMIUM if request.node.get_closest_marker("full_browser") else HEADLESS_SHELL]


@pytest.fixture
async def page(profiles: Profiles, request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    profile = await profiles.lend()
    profile.context.set_default_timeout(BROWSER_PATIENCE_MS)
    page = await profile.context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    if failed(request.node) and not page.is_closed():
        await photograph(page, request.node.name)
    await profiles.give_back(profile)
    assert errors == [], f"uncaught errors in the page: {errors}"


async def open_signed_in(context: Any, person: Any) -> Any:
    """A new page of ``context`` already holding ``person``'s token, recording its uncaught errors
    in ``page.errors``."""
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(person.token)})")
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


async def looked_over(node: pytest.Item, name: str, pages: list[Any]) -> list[str]:
    """The uncaught errors of ``pages``, each photographed first when the test failed."""
    errors: list[str] = []
    for page in pages:
        if failed(node):
            await photograph(page, name)
        errors += getattr(page, "errors", [])
    return errors


class SignedIn:
    """Browser contexts already holding a person's token, closed with a screenshot of every page
    and a check that no page had an uncaught error."""

    def __init__(self, browser: Any, node: pytest.Item, label: str = ""):
        self.browser, self.node, self.label = browser, node, label
        self.contexts: list[Any] = []

    async def open(self, person: Any, width: int = 1280) -> Any:
        context = await self.browser.new_context(viewport={"width": width, "height": 800})
        self.contexts.append(context)
        return await open_signed_in(context, person)

    async def close(self) -> None:
        errors: list[str] = []
        for index, context in enumerate(self.contexts):
            errors += await looked_over(self.node, f"{self.node.name}{self.label}-{index}", context.pages)
            await context.close()
        assert errors == [], f"uncaught errors in the page: {errors}"


class LentPages:
    """As :class:`SignedIn`, with pages of lent profiles (one profile a page, so that each holds its
    own person's token), given back instead of closed."""

    def __init__(self, profiles: Profiles, node: pytest.Item, label: str = ""):
        self.profiles, self.node, self.label = profiles, node, label
        self.lent: list[Any] = []

    async def open(self, person: Any, width: int = 1280) -> Any:
        profile = await self.profiles.lend()
        self.lent.append(profile)
        page = await open_signed_in(profile.context, person)
        if width != 1280:
            await page.set_viewport_size({"width": width, "height": 800})
        return page

    async def close(self) -> None:
        errors: list[str] = []
        for index, profile in enumerate(self.lent):
            pages = [] if profile.closed else profile.pages()
            errors += await looked_over(self.node, f"{self.node.name}{self.label}-{index}", pages)
            await self.profiles.give_back(profile)
        assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
async def signed_in(profiles: Profiles, request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """``page = await signed_in(person)``: a page of a lent profile already holding the token."""
    pages = LentPages(profiles, request.node)
    yield pages.open
    await pages.close()


def status_of(page: Any) -> Any:
    """The page's status message: not the connection banner, a status too, shown while the socket
    connects or reconnects (which a loaded machine makes last)."""
    return page.get_by_role("status").and_(page.locator(":not([data-testid='connection-banner'])"))


async def add_server_tab_on_a_phone(page: Any, url: str, tab: str) -> None:
    """Opens the Add a server dialog from the servers' drawer at phone width, on ``tab``."""
    await page.goto(f"{url}/app")
    await page.locator(".main-header__menu").click(timeout=BROWSER_PATIENCE_MS)  # the servers' drawer
    await page.get_by_role("button", name="Add a server").click(timeout=BROWSER_PATIENCE_MS)
    await page.get_by_role("tab", name=tab).click()


async def navigate(page: Any, path: str) -> None:
    """Goes to ``path`` inside the app as its own links do (the router follows the history), without
    loading the page again: much cheaper than ``page.goto`` for a test that visits several screens."""
    await page.evaluate(
        "(path) => { history.pushState(null, '', path); dispatchEvent(new PopStateEvent('popstate')); }", path
    )
    # the new screen has rendered (two frames) and its lazily loaded code and data have arrived
    await page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    await expect(page.locator(".pane-loading")).to_have_count(0)
