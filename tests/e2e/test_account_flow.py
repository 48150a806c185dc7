"""A person registers, confirms the e-mail with the code the SMTP server received, lands in
/app, reloads and is still signed in, then logs out."""

import re

from playwright.async_api import expect

from tests.support import Inbox


async def test_register_verify_reload_logout(page, start_server, smtp_server):
    server = await start_server(**smtp_server.overrides)
    await page.goto(f"{server.url}/register")
    await page.get_by_label("Email", exact=True).fill("ada@example.com")
    await page.get_by_label("Username").fill("ada")
    await page.get_by_label("Password", exact=True).fill("analytical engine")
    await page.get_by_label("Confirm password").fill("analytical engine")
    await page.get_by_role("button", name="Create account").click()

    code_input = page.get_by_label("Confirmation code")
    await expect(code_input).to_be_visible()
    mail = await smtp_server.inbox.wait_for("ada@example.com")
    code = re.search(r"\b(\d{5})\b", Inbox.text(mail)).group(1)
    await code_input.fill(code)
    await page.get_by_role("button", name="Verify").click()

    await expect(page).to_have_url(re.compile(r"/app$"))
    me = page.get_by_test_id("self-user")
    await expect(me).to_contain_text("ada")
    await page.reload()
    await expect(page.get_by_test_id("self-user")).to_contain_text("ada")
    assert "/app" in page.url

    await page.get_by_role("button", name="Log out").click()
    await expect(page).to_have_url(re.compile(r"/login"))
    await page.goto(f"{server.url}/app")
    await expect(page).to_have_url(re.compile(r"/login\?redirect="))


async def test_login_page_shows_the_server_error_text(page, live_server):
    await page.goto(f"{live_server.url}/login")
    await page.get_by_label("Email or username:tag").fill("nobody@example.com")
    await page.get_by_label("Password").fill("whatever1")
    await page.get_by_role("button", name="Log in").click()
    await expect(page.get_by_text("Invalid email address.")).to_be_visible()


async def test_client_side_password_rules(page, live_server):
    await page.goto(f"{live_server.url}/register")
    await page.get_by_label("Email", exact=True).fill("bea@example.com")
    await page.get_by_label("Username").fill("bea")
    await page.get_by_label("Password", exact=True).fill("one password")
    await page.get_by_label("Confirm password").fill("another password")
    await page.get_by_role("button", name="Create account").click()
    await expect(page.get_by_text("Confirm password does not match.")).to_be_visible()
    await page.get_by_label("Password", exact=True).fill("x" * 80)
    await page.get_by_label("Confirm password").fill("x" * 80)
    await page.get_by_role("button", name="Create account").click()
    await expect(page.get_by_text("Password must be less than 72 characters.")).to_be_visible()
