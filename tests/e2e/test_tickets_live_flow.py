"""Tickets live on both sides (issue 33), with no reload anywhere: a new ticket moves the admin's
Moderation badge; the admin's reply and status change appear on the user's open ticket and in
their Support badge; the user's reply appears on the admin's open ticket and flips its status
back, moving the badge again. Pictures at 1280 and 390 px, and the user's side in ar-ps."""

import re

from playwright.async_api import expect

from core.identity.models import User
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.moderation.helpers import ok
from tests.plugins.tickets.helpers import open_ticket


async def test_a_ticket_reply_and_status_change_appear_live_on_both_sides(live_server, signed_in):
    client = live_server.app.quart.test_client()
    user, admin = await member(username="asker"), await member(username="helper")
    await User.filter(id=int(admin.id)).update(badges=2)
    url = live_server.url
    admin_page, user_page = await signed_in(admin), await signed_in(user, width=390)
    await admin_page.goto(f"{url}/app/moderation/tickets")
    badge = admin_page.get_by_role("link", name="Moderation").first.locator(".nav-badge")
    await expect(
        admin_page.get_by_test_id("staff-ticket-list").or_(admin_page.get_by_text("No tickets"))
    ).to_be_visible()
    await expect(badge).to_have_count(0)

    ticket = await open_ticket(client, user, "Cannot upload", "The upload never finishes.")
    await expect(badge).to_have_text("1")  # the new ticket moves the badge live
    row = admin_page.get_by_test_id("staff-ticket-list").get_by_role("link", name=re.compile("Cannot upload"))
    await expect(row).to_be_visible()  # and joins the open list

    await user_page.goto(f"{url}/app/settings/tickets/{ticket['id']}")
    await expect(user_page.get_by_test_id("ticket-messages")).to_contain_text("The upload never finishes.")
    await expect(user_page.locator(".ticket-status")).to_have_text("Waiting for a moderator")

    await row.click()
    await expect(admin_page.get_by_test_id("ticket-messages")).to_contain_text("The upload never finishes.")
    await admin_page.get_by_label("Your reply").fill("Try a smaller picture.")
    await admin_page.get_by_role("button", name="Send").click()
    await expect(admin_page.locator(".ticket-status")).to_have_text("Waiting for the user")
    await expect(badge).to_have_count(0)  # nothing waits for a moderator now

    # the user's open ticket shows the reply and the status at once
    await expect(user_page.get_by_test_id("ticket-messages")).to_contain_text("Try a smaller picture.")
    await expect(user_page.locator(".ticket-status")).to_have_text("Waiting for your reply")
    await snapshot(user_page, "tickets-live-user-390.png")

    await user_page.get_by_label("Your reply").fill("That worked, thanks!")
    await user_page.get_by_role("button", name="Send").click()
    await expect(admin_page.get_by_test_id("ticket-messages")).to_contain_text("That worked, thanks!")
    await expect(admin_page.locator(".ticket-status")).to_have_text("Waiting for a moderator")
    await expect(badge).to_have_text("1")

    await admin_page.get_by_label("Status", exact=True).select_option(label="Closed (done)")
    await expect(user_page.get_by_test_id("ticket-closed")).to_have_text("This ticket is closed.")
    await expect(user_page.get_by_label("Your reply")).to_have_count(0)
    await expect(badge).to_have_count(0)
    await snapshot(admin_page, "tickets-live-admin-1280.png")


async def test_the_users_badge_moves_live_and_reads_right_to_left(live_server, signed_in):
    client = live_server.app.quart.test_client()
    user, admin = await member(username="asker"), await member(username="helper")
    await User.filter(id=int(admin.id)).update(badges=2)
    ticket = await open_ticket(client, user, "Verify my server", "It is a real community.")
    page = await signed_in(user)
    await page.context.add_init_script("localStorage.setItem('appLanguage', 'ar-ps')")
    await page.goto(f"{live_server.url}/app/settings/tickets")
    await expect(page.locator("html")).to_have_attribute("dir", "rtl")
    support = page.locator('a[href="/app/settings/tickets"]').first
    await expect(page.get_by_test_id("ticket-list")).to_be_visible()
    await expect(support.locator(".nav-badge")).to_have_count(0)

    await ok(client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 1}, admin.token)
    await expect(support.locator(".nav-badge")).to_have_text("1")  # live
    await expect(page.get_by_test_id("ticket-list").locator(".ticket-row--unread")).to_have_count(1)
    await snapshot(page, "tickets-live-list-ar.png")
