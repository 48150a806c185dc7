"""A support ticket round trip in two browsers: a user opens a ticket from Support tickets, an
admin finds it in the moderation area, answers; the user sees a badge and the answer, replies,
and the admin closes it — after which the user can no longer write."""

import re

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member


async def test_a_ticket_between_a_user_and_an_admin(live_server, signed_in):
    user, admin = await member(username="asker"), await member(username="helper")
    await User.filter(id=int(admin.id)).update(badges=2)
    user_page, admin_page = await signed_in(user), await signed_in(admin)
    url = live_server.url

    await user_page.goto(f"{url}/app")
    await user_page.get_by_role("link", name="Support tickets").first.click()
    await user_page.wait_for_url(re.compile(r"/app/settings/tickets$"))
    await expect(user_page.get_by_text("You have not opened a ticket yet.")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await user_page.get_by_role("button", name="New ticket").click()
    await user_page.get_by_label("Category").select_option(label="Account")
    await user_page.get_by_label("Title").fill("Cannot change my avatar")
    await user_page.get_by_label("What happened?").fill("The upload never finishes.")
    await user_page.get_by_role("button", name="Open ticket").click()
    await user_page.wait_for_url(re.compile(r"/app/settings/tickets/\d+$"))
    ticket_id = user_page.url.rsplit("/", 1)[1]
    await expect(user_page.get_by_test_id("ticket-messages")).to_contain_text("The upload never finishes.")
    # the user leaves the ticket (one open when staff answer counts as read: test_tickets_live_flow)
    await user_page.get_by_role("link", name=re.compile("All tickets")).click()
    await user_page.wait_for_url(re.compile(r"/app/settings/tickets$"))

    await admin_page.goto(f"{url}/app/moderation")
    await admin_page.get_by_role("link", name="Tickets", exact=True).click()
    row = admin_page.get_by_test_id("staff-ticket-list").get_by_role("link", name=re.compile("Cannot change my avatar"))
    await expect(row).to_contain_text("Opened by asker")
    await row.click()
    await admin_page.wait_for_url(re.compile(rf"/app/moderation/tickets/{ticket_id}$"))
    await expect(admin_page.get_by_test_id("ticket-messages")).to_contain_text("The upload never finishes.")
    await admin_page.get_by_label("Your reply").fill("Try a smaller picture, under 12 MB.")
    await admin_page.get_by_role("button", name="Send").click()
    await expect(admin_page.get_by_test_id("ticket-messages")).to_contain_text("Try a smaller picture")
    await expect(admin_page.locator(".ticket-status")).to_have_text("Waiting for the user")
    await snapshot(admin_page, "ticket-admin.png")

    await user_page.goto(f"{url}/app/settings/tickets")
    await expect(user_page.get_by_test_id("ticket-list")).to_contain_text("New reply", timeout=BROWSER_PATIENCE_MS)
    await expect(user_page.get_by_role("link", name="Support tickets").first.locator(".nav-badge")).to_have_text("1")
    await user_page.get_by_test_id("ticket-list").get_by_role("link").first.click()
    await expect(user_page.get_by_test_id("ticket-messages")).to_contain_text("Try a smaller picture")
    await expect(user_page.get_by_test_id("ticket-messages")).to_contain_text("Moderator")
    await expect(user_page.get_by_role("link", name="Support tickets").first.locator(".nav-badge")).to_have_count(0)
    await user_page.get_by_label("Your reply").fill("That worked, thanks!")
    await user_page.get_by_role("button", name="Send").click()
    await expect(user_page.locator(".ticket-status")).to_have_text("Waiting for a moderator")
    await snapshot(user_page, "ticket-user.png")

    await admin_page.reload()
    await expect(admin_page.get_by_test_id("ticket-messages")).to_contain_text(
        "That worked, thanks!", timeout=BROWSER_PATIENCE_MS
    )
    await admin_page.get_by_label("Status", exact=True).select_option(label="Closed (done)")
    await expect(admin_page.locator(".ticket-status")).to_have_text("Closed (done)")

    await user_page.reload()
    await expect(user_page.get_by_test_id("ticket-closed")).to_have_text(
        "This ticket is closed.", timeout=BROWSER_PATIENCE_MS
    )
    await expect(user_page.get_by_label("Your reply")).to_have_count(0)
    narrow = await signed_in(user, width=800)
    await narrow.goto(f"{url}/app/settings/tickets/{ticket_id}")
    await expect(narrow.get_by_test_id("ticket-messages")).to_contain_text(
        "That worked, thanks!", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(narrow, "ticket-user-800.png")

    # The tab bars filter both lists by status.
    await narrow.goto(f"{url}/app/settings/tickets")
    tabs = narrow.get_by_role("tablist", name="Ticket status")
    await expect(tabs.get_by_role("tab", name="All")).to_have_attribute(
        "aria-selected", "true", timeout=BROWSER_PATIENCE_MS
    )
    await expect(narrow.get_by_test_id("ticket-list")).to_contain_text("Cannot change my avatar")
    await tabs.get_by_role("tab", name="Waiting for a moderator").click()
    await expect(narrow.get_by_text("No tickets with this status.")).to_be_visible()
    await tabs.get_by_role("tab", name="Closed (done)").click()
    await expect(narrow.get_by_test_id("ticket-list")).to_contain_text("Cannot change my avatar")
    await snapshot(narrow, "ticket-tabs-user-800.png")

    await admin_page.goto(f"{url}/app/moderation/tickets")
    staff_tabs = admin_page.get_by_role("tablist", name="Ticket status")
    await expect(staff_tabs.get_by_role("tab", name="Waiting for a moderator")).to_have_attribute(
        "aria-selected", "true", timeout=BROWSER_PATIENCE_MS
    )
    await expect(admin_page.get_by_text("No tickets.")).to_be_visible()
    await staff_tabs.get_by_role("tab", name="Closed (done)").click()
    await expect(admin_page.get_by_test_id("staff-ticket-list")).to_contain_text("Cannot change my avatar")
    await staff_tabs.get_by_role("tab", name="All").click()
    await expect(admin_page.get_by_test_id("staff-ticket-list")).to_contain_text("Cannot change my avatar")
    await snapshot(admin_page, "ticket-tabs-admin.png")
