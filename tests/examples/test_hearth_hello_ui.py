"""The example plugin in a real Hearth (``hearth migrate`` + ``hearth serve`` with the package
installed, the UI built with its bundle) and in Chromium: the screen, the navigation entry and a
live wave; then the same Hearth with ``HEARTH_PLUGINS_DISABLED=hello``: 404, no screen, no entry."""

from __future__ import annotations

import aiohttp
import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS, Person, connect_socket
from tests.e2e.conftest import snapshot
from tests.examples.conftest import hearth_with_hello

pytestmark = pytest.mark.e2e


async def register(url: str, username: str) -> Person:
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{url}/api/users/register",
            json={"email": f"{username}@example.com", "username": username, "password": "correct horse 1"},
        ) as response:
            assert response.status == 200, await response.text()
            token = (await response.json())["token"]
        async with http.get(f"{url}/api/users", headers={"Authorization": token}) as response:
            user = (await response.json())["user"]
    return Person(token=token, id=user["id"], username=username, tag=user["tag"], email=f"{username}@example.com")


async def get(url: str, path: str, person: Person | None = None) -> tuple[int, object]:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{url}{path}", headers={"Authorization": person.token} if person else {}) as response:
            return response.status, await response.json()


async def test_the_hello_screen_then_the_plugin_disabled(hello_site, hello_webui, hello_database, signed_in):
    async with hearth_with_hello(hello_site, hello_webui, hello_database) as server:
        url = server.url
        ada, bob = await register(url, "ada"), await register(url, "bob")
        assert await get(url, "/api/hello", ada) == (200, {"message": "Hello, ada!"})
        page = await signed_in(ada)
        await page.goto(f"{url}/app")
        await page.locator('a[href="/app/hello"]').first.click()
        await expect(page.get_by_role("heading", name="Hello, ada!")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await expect(page.get_by_test_id("hello-waves")).to_have_text("Waves received: 0")

        bob_socket = await connect_socket(url, bob.token)
        try:
            await bob_socket.client.emit("hello:wave", {"to": ada.id})
            await expect(page.get_by_test_id("hello-waves")).to_have_text("Waves received: 1")
            await expect(page.get_by_role("status")).to_have_text("Someone just waved at you.")
            # and back, from the page's form
            await page.get_by_label("Their user ID").fill(bob.id)
            await page.get_by_role("button", name="Wave").click()
            assert await bob_socket.wait_for("hello:waved", timeout=10) == {"from": ada.id}
            await page.get_by_label("Their user ID").fill(ada.id)
            await page.get_by_role("button", name="Wave").click()
            await expect(page.get_by_text("You cannot wave at yourself.")).to_be_visible()
        finally:
            await bob_socket.close()
        await snapshot(page, "hello-plugin.png")
        narrow = await signed_in(ada, width=800)
        await narrow.goto(f"{url}/app/hello")
        await expect(narrow.get_by_role("heading", name="Hello, ada!")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await expect(narrow.get_by_test_id("hello-waves")).to_have_text("Waves received: 1")
        await snapshot(narrow, "hello-plugin-800.png")
        for shown in (page, narrow):  # their server stops here; a page left open may then fail to load a screen
            assert shown.errors == [], f"uncaught errors in the page: {shown.errors}"
            await shown.close()

    async with hearth_with_hello(hello_site, hello_webui, hello_database, HEARTH_PLUGINS_DISABLED="hello") as server:
        url = server.url
        assert await get(url, "/api/hello", ada) == (404, {"message": "Not found.", "path": None})
        assert await get(url, "/api/hello/waves", ada) == (404, {"message": "Not found.", "path": None})
        status, listed = await get(url, "/api/plugins")
        assert status == 200 and "hello" not in {p["id"] for p in listed["plugins"]}
        page = await signed_in(ada)
        await page.goto(f"{url}/app/hello")
        # the other plugins' entries are there (the plugins have loaded), hello's screen is not
        await expect(page.locator('a[href="/app/inbox"]').first).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await expect(page.get_by_test_id("hello-page")).to_have_count(0)
        await expect(page.locator('a[href="/app/hello"]')).to_have_count(0)
        await snapshot(page, "hello-plugin-disabled.png")
