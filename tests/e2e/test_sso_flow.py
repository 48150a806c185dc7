"""Single sign-on in the browser against a real local OpenID Connect provider (authlib's, with its
own signing key): register through it, sign in again with one click, link an existing account
with its password, the register page under "sso only"; and the sessions screen's "Log out
everywhere else" signing out another browser."""

import re

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.connections.models import UserConnection
from tests.e2e.conftest import snapshot
from tests.plugins.sso.oidc_provider import oidc_provider  # noqa: F401 - the fixture
from tests.support import new_person

PUBLIC_URL = "http://hearth.test"  # the tests' server.public_url, which the provider sends the browser back to


async def behind_public_url(page, provider, server_url: str) -> None:
    """The provider sends the browser back to the public URL; here that is the live test server
    (as a reverse proxy would be)."""

    async def authorize(route):
        answer = await route.fetch(max_redirects=0)
        back = answer.headers["location"].replace(PUBLIC_URL, server_url, 1)
        await route.fulfill(status=302, headers={"Location": back})

    await page.route(f"{provider.url}/authorize?*", authorize)


@pytest.fixture
async def server(start_server, oidc_provider):
    return await start_server(**oidc_provider.settings())


async def test_register_through_the_provider_then_sign_in_with_one_click(server, page, oidc_provider):
    oidc_provider.user = {"sub": "idp-ada", "preferred_username": "ada lovelace", "email": "ada@idp.test"}
    await behind_public_url(page, oidc_provider, server.url)
    await page.goto(f"{server.url}/login")
    await page.get_by_role("button", name="Continue with Test ID").click()

    await expect(page.get_by_role("heading", name="Almost there")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page).to_have_url(re.compile(r"/login/sso/idp\?"))
    username = page.get_by_label("Username", exact=True)
    await expect(username).to_have_value("ada_lovelace")
    await snapshot(page, "sso-choice-1280.png", full_page=True)
    await username.fill("Ada")
    await page.get_by_role("button", name="Create account").click()
    await expect(page).to_have_url(re.compile(r"/app$"), timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("self-user")).to_contain_text("Ada")
    [link] = await UserConnection.filter(provider="idp")
    assert link.external_id == "idp-ada"

    await page.evaluate("localStorage.removeItem('userToken')")
    await page.goto(f"{server.url}/login")
    await page.get_by_role("button", name="Continue with Test ID").click()
    await expect(page).to_have_url(re.compile(r"/app$"), timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("self-user")).to_contain_text("Ada")


async def test_link_an_existing_account_with_its_password(server, browser, oidc_provider):
    person = await new_person()
    context = await browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = await context.new_page()
        await behind_public_url(page, oidc_provider, server.url)
        await page.goto(f"{server.url}/login")
        await page.get_by_role("button", name="Continue with Test ID").click()
        link_form = page.get_by_role("form", name="Link an account you already have")
        await expect(link_form).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        await snapshot(page, "sso-choice-390.png", full_page=True)
        await link_form.get_by_label("Email or username:tag").fill(person.email)
        await link_form.get_by_label("Password").fill("not the password")
        await link_form.get_by_role("button", name="Link and log in").click()
        await expect(link_form.get_by_text("Invalid password.")).to_be_visible()
        await link_form.get_by_label("Password").fill(person.password)
        await link_form.get_by_role("button", name="Link and log in").click()
        await expect(page).to_have_url(re.compile(r"/app$"), timeout=BROWSER_PATIENCE_MS)
        await expect(page.get_by_test_id("self-user")).to_contain_text(person.username)
        assert await UserConnection.filter(user_id=int(person.id), provider="idp", external_id="idp-alice").exists()
    finally:
        await context.close()


async def test_a_refused_sign_in_says_so(server, page, oidc_provider):
    await page.goto(f"{server.url}/login/sso/idp?state=forged&code=whatever")
    await expect(page.get_by_role("heading", name="Sign-in did not work")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_text("Invalid state. Start signing in again.")).to_be_visible()
    await page.get_by_role("link", name="Back to log in").click()
    await expect(page).to_have_url(re.compile(r"/login$"))


@pytest.fixture
async def sso_only_server(start_server, oidc_provider):
    return await start_server(**oidc_provider.settings(), **{"accounts.registration": "sso"})


async def test_the_register_page_follows_the_mode(sso_only_server, page):
    await page.goto(f"{sso_only_server.url}/register")
    await expect(
        page.get_by_role("status").filter(has_text="New accounts are made with single sign-on.")
    ).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_role("button", name="Continue with Test ID")).to_be_visible()
    await expect(page.get_by_label("Email")).to_have_count(0)
    await snapshot(page, "register-sso-only-1280.png", full_page=True)


async def test_log_out_everywhere_else(live_server, signed_in):
    person = await new_person()
    here = await signed_in(person)
    elsewhere = await signed_in(person)
    await here.goto(f"{live_server.url}/app/settings/account")
    other_token = await here.evaluate(
        """async ([email, password]) => {
            const answer = await fetch('/api/users/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({email, password})});
            return (await answer.json()).token;
        }""",
        [person.email, person.password],
    )
    await elsewhere.add_init_script(f"localStorage.setItem('userToken', {other_token!r})")
    await elsewhere.goto(f"{live_server.url}/app")
    await expect(elsewhere.get_by_test_id("self-user")).to_contain_text(person.username, timeout=BROWSER_PATIENCE_MS)

    await here.reload()
    rows = here.get_by_test_id("session-row")
    # this browser's session (made by the test, no user agent) and the other browser's, from its log-in
    await expect(rows).to_have_count(2, timeout=BROWSER_PATIENCE_MS)
    await expect(rows.filter(has_text="This device")).to_contain_text("Unknown device")
    await expect(rows.filter(has_text=re.compile(r"Chrome \d+ · Linux"))).to_have_count(1)
    await rows.first.scroll_into_view_if_needed()
    await snapshot(here.locator("section").filter(has=rows.first), "settings-sessions-1280.png")
    await here.get_by_role("button", name="Log out everywhere else").click()
    dialog = here.get_by_role("dialog")
    await dialog.get_by_label("Password").fill(person.password)
    await dialog.get_by_role("button", name="Log out everywhere else").click()
    await expect(rows).to_have_count(1)
    await expect(here.get_by_role("button", name="Log out everywhere else")).to_have_count(0)

    await expect(elsewhere.get_by_text("Signed out by the server: Session Destroyed.")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    status = await elsewhere.evaluate(
        "async (token) => (await fetch('/api/users', {headers: {Authorization: token}})).status", other_token
    )
    assert status == 401


async def test_the_sign_in_button_right_to_left(server, page):
    await page.context.add_init_script("localStorage.setItem('appLanguage', 'ar-ps')")
    await page.goto(f"{server.url}/login")
    await expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=BROWSER_PATIENCE_MS)
    button = page.get_by_role("button", name="المتابعة باستخدام Test ID")
    await expect(button).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    card = await page.locator(".auth-card").bounding_box()
    box = await button.bounding_box()
    assert card and box and abs((box["x"] + box["width"]) - (card["x"] + card["width"])) < 40  # spans the card
    await snapshot(page, "login-sso-ar-ps-1280.png", full_page=True)


async def test_an_account_made_through_the_provider_sets_a_password_then_changes_its_email(
    server, browser, oidc_provider
):
    """Issue 38: no password, a placeholder e-mail. Settings › Account offers "Set a password"
    (no current one); afterwards the e-mail changes with it, and this browser stayed signed in."""
    oidc_provider.user = {"sub": "idp-nomail", "preferred_username": "nomad"}
    context = await browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = await context.new_page()
        await behind_public_url(page, oidc_provider, server.url)
        await page.goto(f"{server.url}/login")
        await page.get_by_role("button", name="Continue with Test ID").click()
        await page.get_by_role("button", name="Create account").click()
        await expect(page).to_have_url(re.compile(r"/app$"), timeout=BROWSER_PATIENCE_MS)
        await page.goto(f"{server.url}/app/settings/account")

        setting = page.locator("section").filter(has=page.get_by_role("heading", name="Set a password"))
        await expect(setting).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await expect(page.get_by_label("Current password")).to_have_count(0)  # nowhere on the page
        await expect(page.get_by_test_id("no-password-yet")).to_have_count(2)  # username and e-mail say why
        await setting.scroll_into_view_if_needed()
        await snapshot(setting, "settings-set-password-390.png")
        await setting.get_by_label("New password", exact=True).fill("nomad's own password")
        await setting.get_by_label("Confirm new password").fill("nomad's own password")
        await setting.get_by_role("button", name="Set password").click()
        await expect(page.get_by_text("Password set. You are still signed in everywhere.")).to_be_visible()
        await expect(page.get_by_role("heading", name="Password", exact=True)).to_be_visible()
        await expect(page.get_by_test_id("no-password-yet")).to_have_count(0)

        email = page.locator("section").filter(has=page.get_by_role("heading", name="Email", exact=True))
        await email.get_by_label("Email", exact=True).fill("nomad@example.com")
        await email.get_by_label("Current password").fill("nomad's own password")
        await email.get_by_role("button", name="Save").click()
        await expect(email.get_by_text("Saved.")).to_be_visible()
        await page.reload()  # still signed in: setting a first password logs nobody out
        await expect(page.get_by_label("Email", exact=True)).to_have_value("nomad@example.com")

        await page.goto(f"{server.url}/app/settings/account/two-factor")
        await expect(page.get_by_test_id("security-log")).to_contain_text("First password set")
    finally:
        await context.close()
