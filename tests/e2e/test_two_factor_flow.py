"""Two-factor in the browser: turning it on with a code computed from the key shown on screen,
logging in with a code and with a recovery code; passkeys with Chromium's virtual authenticator
(the DevTools protocol's WebAuthn domain): add one, sign in with it and no password, remove it;
the server settings' requirement toggle."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator
from typing import Any

import pyotp
import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.two_factor.models import Passkey, ServerRequirement
from tests.e2e.conftest import navigate, snapshot
from tests.plugins.servers.helpers import ok
from tests.support import new_person

PATIENCE = {"timeout": BROWSER_PATIENCE_MS}


async def sign_in_with_password(page: Any, url: str, person: Any) -> None:
    await page.goto(f"{url}/login")
    await page.get_by_label("Email or username:tag").fill(person.email)
    await page.get_by_label("Password", exact=True).fill(person.password)
    await page.get_by_role("button", name="Log in", exact=True).click()


async def turn_on(page: Any, person: Any) -> tuple[str, list[str]]:
    """The wizard, as a person does it: the key read off the screen, a code from it."""
    section = page.get_by_test_id("totp-section")
    await section.get_by_role("button", name="Turn on").click()
    await section.get_by_label("Current password").fill(person.password)
    await section.get_by_role("button", name="Continue").click()
    secret = (await page.get_by_test_id("totp-secret").inner_text(**PATIENCE)).replace(" ", "")
    await expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_visible()
    await snapshot(page, f"two-factor-wizard-{page.viewport_size['width']}.png")
    await section.get_by_label("Six-digit code from the app").fill(pyotp.TOTP(secret).now())
    await section.get_by_role("button", name="Turn on two-factor").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    await expect(codes).to_have_count(10, **PATIENCE)
    return secret, [text.strip() for text in await codes.all_inner_texts()]


async def test_turn_on_then_log_in_with_a_code_and_with_a_recovery_code(live_server, signed_in, browser):
    person = await new_person(confirmed=True)
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/account/two-factor")
    await expect(page.get_by_role("heading", name="Two-factor authentication")).to_be_visible(**PATIENCE)
    await snapshot(page, "two-factor-settings-off-1280.png")
    secret, recovery = await turn_on(page, person)
    await snapshot(page, "two-factor-recovery-codes-1280.png")
    await page.get_by_role("button", name="I have saved them").click()
    section = page.get_by_test_id("totp-section")
    await expect(section.get_by_role("status")).to_have_text(
        "On. Logging in asks for a code from your authenticator app."
    )
    await expect(section).to_contain_text("Recovery codes left: 10")
    await expect(page.get_by_test_id("security-log")).to_contain_text("Two-factor turned on")

    # A fresh browser: the password, then the second step with the next code of the app.
    context = await browser.new_context()
    visitor = await context.new_page()
    try:
        await sign_in_with_password(visitor, live_server.url, person)
        step = visitor.get_by_test_id("two-factor-step")
        await expect(step).to_be_visible(**PATIENCE)
        await snapshot(visitor, "two-factor-login-step-1280.png")
        await step.get_by_label("Code", exact=True).fill(pyotp.TOTP(secret).at(time.time() + 30))
        await step.get_by_role("button", name="Log in", exact=True).click()
        await expect(visitor).to_have_url(f"{live_server.url}/app", **PATIENCE)

        # Again with a recovery code; the same one a second time is refused.
        await visitor.evaluate("localStorage.removeItem('userToken')")
        for attempt in range(2):
            await sign_in_with_password(visitor, live_server.url, person)
            step = visitor.get_by_test_id("two-factor-step")
            await step.get_by_role("button", name="Use a recovery code").click()
            await step.get_by_label("Recovery code").fill(recovery[0])
            await step.get_by_role("button", name="Log in", exact=True).click()
            if attempt == 0:
                await expect(visitor).to_have_url(f"{live_server.url}/app", **PATIENCE)
                await visitor.evaluate("localStorage.removeItem('userToken')")
            else:
                await expect(step.get_by_text("Invalid code.")).to_be_visible(**PATIENCE)
        await step.get_by_role("button", name="Back to log in").click()
        await expect(visitor.get_by_label("Email or username:tag")).to_be_visible()
    finally:
        await context.close()

    await page.reload()
    await expect(page.get_by_test_id("totp-section")).to_contain_text("Recovery codes left: 9", **PATIENCE)


async def test_the_settings_page_at_phone_width_and_right_to_left(live_server, signed_in):
    person = await new_person(confirmed=True)
    phone = await signed_in(person, 390)
    await phone.goto(f"{live_server.url}/app/settings/account/two-factor")
    await expect(phone.get_by_role("heading", name="Two-factor authentication")).to_be_visible(**PATIENCE)
    await turn_on(phone, person)
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "two-factor-recovery-codes-390.png")

    await phone.evaluate("localStorage.setItem('appLanguage', 'ar-ps')")
    await phone.reload()
    await expect(phone.locator("html")).to_have_attribute("dir", "rtl", **PATIENCE)
    await expect(phone.get_by_test_id("passkeys-section")).to_be_visible(**PATIENCE)
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "two-factor-settings-rtl-390.png")


@pytest.fixture
async def localhost_server(settings: Any) -> AsyncIterator[str]:
    """A server whose public URL is its own address on ``localhost``: WebAuthn takes a relying
    party named by a host, not by an IP address, and checks the page's origin against it."""
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    from core.app import create_app

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    url = f"http://localhost:{listener.getsockname()[1]}"
    config = Config()
    config.bind = [f"fd://{listener.detach()}"]
    config.accesslog = config.errorlog = None
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve(create_app(settings.with_overrides({"server.public_url": url})), config, shutdown_trigger=stop.wait)
    )
    port = int(url.rsplit(":", 1)[1])
    for _ in range(500):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            break
        except OSError:
            await asyncio.sleep(0.02)
    yield url
    stop.set()
    await asyncio.wait_for(task, 10)


async def test_add_a_passkey_sign_in_with_it_alone_and_remove_it(localhost_server, page):
    url = localhost_server
    person = await new_person(confirmed=True)
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("WebAuthn.enable")
    authenticator = await cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    await sign_in_with_password(page, url, person)
    await expect(page).to_have_url(f"{url}/app", **PATIENCE)
    await navigate(page, "/app/settings/account/two-factor")
    passkeys = page.get_by_test_id("passkeys-section")
    await passkeys.get_by_role("button", name="Add a passkey").click()
    await passkeys.get_by_label("Current password").fill(person.password)
    await passkeys.get_by_label("Passkey name").fill("Laptop")
    await passkeys.get_by_role("button", name="Add", exact=True).click()
    await expect(passkeys.get_by_test_id("passkey-row")).to_contain_text("Laptop", **PATIENCE)
    stored = await cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator["authenticatorId"]})
    assert len(stored["credentials"]) == 1 and stored["credentials"][0]["isResidentCredential"]
    await snapshot(page, "two-factor-passkeys-1280.png")

    # Out, and back in with the passkey alone.
    await page.evaluate("localStorage.removeItem('userToken')")
    await page.goto(f"{url}/login")
    await snapshot(page, "login-with-passkey-button-1280.png")
    await page.get_by_role("button", name="Sign in with a passkey").click()
    await expect(page).to_have_url(f"{url}/app", **PATIENCE)
    passkey = await Passkey.get(user_id=int(person.id))
    assert passkey.last_used_at is not None and passkey.sign_count >= 1

    await navigate(page, "/app/settings/account/two-factor")
    row = page.get_by_test_id("passkey-row")
    await row.get_by_role("button", name="Remove: Laptop").click()
    await page.get_by_role("dialog").get_by_role("button", name="Remove").click()
    await expect(row).to_have_count(0, **PATIENCE)
    assert not await Passkey.exists(user_id=int(person.id))

    # A removed passkey signs nobody in.
    await page.evaluate("localStorage.removeItem('userToken')")
    await page.goto(f"{url}/login")
    await page.get_by_role("button", name="Sign in with a passkey").click()
    await expect(page.get_by_text("This passkey is not registered here.")).to_be_visible(**PATIENCE)


async def test_the_owner_turns_on_the_servers_requirement(live_server, signed_in):
    person = await new_person(confirmed=True)
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/account/two-factor")
    await expect(page.get_by_role("heading", name="Two-factor authentication")).to_be_visible(**PATIENCE)
    await turn_on(page, person)
    client = live_server.app.quart.test_client()
    server = await ok(client, "POST", "/api/servers", {"name": "Guarded"}, person.token)
    await navigate(page, f"/app/servers/{server['id']}/settings/security")
    card = page.get_by_test_id("server-two-factor")
    toggle = card.get_by_role("checkbox", name="Require two-factor for moderation")
    await expect(toggle).not_to_be_checked(**PATIENCE)
    await toggle.check()
    await expect(card.get_by_role("status")).to_have_text("Saved", **PATIENCE)
    assert await ServerRequirement.exists(server_id=int(server["id"]))
    await snapshot(page, "server-two-factor-1280.png")
