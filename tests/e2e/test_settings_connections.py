"""The connections section: linking an account of a configured OpenID Connect provider (a local
fake whose authorize page sends the browser straight back), seeing it after a reload, unlinking;
and the plain word when the server offers nothing to link."""

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.connections.models import UserConnection
from tests.e2e.conftest import snapshot
from tests.plugins.connections.fake_provider import provider  # noqa: F401 - the fixture
from tests.support import new_person

PUBLIC_URL = "http://hearth.test"  # the tests' server.public_url, which providers send the browser back to


async def behind_public_url(page, provider, server_url: str) -> None:
    """The provider sends the browser back to the public URL; here that is the live test server
    (as a reverse proxy would be): its authorize page's redirect is pointed there."""

    async def authorize(route):
        answer = await route.fetch(max_redirects=0)
        back = answer.headers["location"].replace(PUBLIC_URL, server_url, 1)
        await route.fulfill(status=302, headers={"Location": back})

    await page.route(f"{provider.url}/authorize?*", authorize)


@pytest.fixture
async def server(start_server, provider):
    return await start_server(**provider.oidc_settings(), **provider.google_settings())


async def test_link_see_it_after_a_reload_and_unlink(server, signed_in, provider):
    person = await new_person()
    page = await signed_in(person)
    await behind_public_url(page, provider, server.url)
    await page.goto(f"{server.url}/app/settings/connections")
    row = page.get_by_test_id("connection-fake")
    await expect(row).to_contain_text("Not linked", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_role("button", name="Link Google Drive")).to_be_visible()

    await page.get_by_role("button", name="Link Fake ID").click()
    await expect(page.get_by_role("status").filter(has_text="Your Fake ID account is linked.")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    await expect(page).to_have_url(f"{server.url}/app/settings/connections")
    await expect(row).to_contain_text("Linked as alice")
    assert provider.authorize_calls[0]["code_challenge_method"] == "S256"
    await snapshot(page, "settings-connections-1280.png")

    await page.reload()
    await expect(row).to_contain_text("Linked as alice", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_text("Your Fake ID account is linked.")).to_have_count(0)  # announced once
    [stored] = await UserConnection.filter(user_id=int(person.id))
    assert (stored.provider, stored.external_id) == ("fake", "ext-1")

    phone = await signed_in(person, 390)
    await phone.goto(f"{server.url}/app/settings/connections")
    await expect(phone.get_by_test_id("connection-fake")).to_contain_text(
        "Linked as alice", timeout=BROWSER_PATIENCE_MS
    )
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "settings-connections-390.png")

    await page.get_by_role("button", name="Unlink Fake ID").click()
    await expect(row).to_contain_text("Not linked")
    await expect(phone.get_by_test_id("connection-fake")).to_contain_text(
        "Not linked", timeout=BROWSER_PATIENCE_MS
    )  # the other tab hears it
    await page.reload()
    await expect(row).to_contain_text("Not linked", timeout=BROWSER_PATIENCE_MS)
    assert await UserConnection.filter(user_id=int(person.id)).count() == 0


async def test_link_google_through_the_reference_routes(server, signed_in, provider):
    person = await new_person()
    page = await signed_in(person)
    await behind_public_url(page, provider, server.url)
    await page.goto(f"{server.url}/app/settings/connections")
    await page.get_by_role("button", name="Link Google", exact=True).click()
    await expect(page.get_by_role("status").filter(has_text="Your Google account is linked.")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    await expect(page.get_by_test_id("connection-GOOGLE")).to_contain_text("Linked since")
    assert provider.authorize_calls[0]["redirect_uri"] == f"{PUBLIC_URL}/connections/google-redirect"
    [stored] = await UserConnection.filter(user_id=int(person.id))
    assert (stored.provider, stored.external_id) == ("GOOGLE", "ext-1")


async def test_a_refusal_is_shown_in_the_section(server, signed_in, provider):
    provider.mode = "deny"
    person = await new_person()
    page = await signed_in(person)
    await behind_public_url(page, provider, server.url)
    await page.goto(f"{server.url}/app/settings/connections")
    await page.get_by_role("button", name="Link Fake ID").click()
    await expect(page.get_by_role("alert")).to_have_text(
        "Fake ID did not link the account: access_denied (The user said no).", timeout=BROWSER_PATIENCE_MS
    )
    await expect(page.get_by_test_id("connection-fake")).to_contain_text("Not linked")


async def test_nothing_to_link_is_said_plainly(live_server, signed_in):
    person = await new_person()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/connections")
    await expect(page.get_by_test_id("connections-none")).to_contain_text(
        "This server does not offer any service to link accounts with", timeout=BROWSER_PATIENCE_MS
    )
    await expect(page.get_by_role("link", name="Connections")).to_be_visible()
    await snapshot(page, "settings-connections-none-1280.png")
