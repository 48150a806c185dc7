"""Moderation › Invites: an admin makes an invite code (shown once), someone registers with it on
the register page of an invite-only server, and the admin revokes it."""

import re

import pytest
from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.support import new_person


@pytest.fixture
async def server(start_server):
    return await start_server(**{"accounts.registration": "invite"})


async def test_make_use_and_revoke_an_invite(server, signed_in, page):
    admin = await new_person()
    await User.filter(id=int(admin.id)).update(badges=2)  # ADMIN
    staff = await signed_in(admin)
    await staff.goto(f"{server.url}/app/moderation/invites")
    await staff.get_by_label("Uses").fill("2")
    await staff.get_by_role("button", name="Create invite").click()
    code = await staff.get_by_test_id("new-invite-code").text_content(timeout=BROWSER_PATIENCE_MS)
    row = staff.get_by_test_id("instance-invite")
    await expect(row).to_contain_text("Used 0 of 2")
    await expect(row).to_contain_text("Never expires")
    await snapshot(staff, "moderation-invites-1280.png")

    await page.goto(f"{server.url}/register")
    await page.get_by_label("Email").fill("invited@example.com")
    await page.get_by_label("Username").fill("invited")
    await page.get_by_label("Password", exact=True).fill("secret pass")
    await page.get_by_label("Confirm password").fill("secret pass")
    await page.get_by_label("Invite code").fill("wrong")
    await page.get_by_role("button", name="Create account").click()
    await expect(page.get_by_text("This invite code is invalid, expired or used up.")).to_be_visible()
    await page.get_by_label("Invite code").fill(code)
    await page.get_by_role("button", name="Create account").click()
    await expect(page.get_by_role("heading", name="Confirm your email")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await staff.reload()
    await expect(row).to_contain_text("Used 1 of 2", timeout=BROWSER_PATIENCE_MS)
    await row.get_by_role("button", name="Revoke").click()
    await expect(row).to_contain_text("Revoked")
    await staff.goto(f"{server.url}/app/moderation/audit-logs")
    await expect(staff.get_by_text(re.compile(r"revoked an invite code"))).to_be_visible(timeout=BROWSER_PATIENCE_MS)
