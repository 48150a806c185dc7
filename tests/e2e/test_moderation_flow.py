"""The moderation area in real browsers: a moderator finds a user and suspends them while that
user is signed in elsewhere — their tab shows the suspension at once; a warning pops up live;
only staff see the Moderation entry; the stats page draws its charts."""

import re

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import ok
from tests.support import PASSWORD

# The signed-in home page, whether the posts plugin fills it with the feed or not.
DASHBOARD = "[data-testid=dashboard-welcome], [data-testid=home-feed]"
ADMIN = 2


async def staff(client, **kwargs):
    person = await member(**kwargs)
    await User.filter(id=int(person.id)).update(badges=ADMIN)
    return person


async def test_a_moderator_suspends_a_user_who_is_signed_in_elsewhere(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod, target = await staff(client, username="warden"), await member(username="trouble")
    await ok(client, "POST", "/api/servers", {"name": "Noisy Place"}, target.token)
    mod_page, target_page = await signed_in(mod), await signed_in(target)
    url = live_server.url

    await target_page.goto(f"{url}/app")
    await expect(target_page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(target_page.get_by_role("link", name="Moderation")).to_have_count(0)  # staff only

    await mod_page.goto(f"{url}/app")
    await mod_page.get_by_role("link", name="Moderation").first.click()
    await mod_page.wait_for_url(re.compile(r"/app/moderation$"))
    await expect(mod_page.get_by_test_id("moderation-servers")).to_contain_text("Noisy Place")
    await mod_page.get_by_role("link", name="Users", exact=True).click()
    await mod_page.get_by_label("Search").fill("trouble")
    await mod_page.get_by_role("button", name="Search").click()
    await mod_page.get_by_test_id("moderation-users").get_by_role("link", name=re.compile("trouble")).click()
    await mod_page.wait_for_url(re.compile(rf"/app/moderation/users/{target.id}$"))
    await expect(mod_page.get_by_text("Noisy Place")).to_be_visible()
    await snapshot(mod_page, "moderation-user.png")

    await mod_page.get_by_role("button", name="Suspend").click()
    dialog = mod_page.get_by_role("dialog")
    await dialog.locator("select[name=days]").select_option("3")
    await dialog.get_by_label("Reason").fill("Spamming invite links")
    await dialog.get_by_label("Your password").fill("not my password")
    await dialog.get_by_role("button", name="Suspend").click()
    await expect(dialog.get_by_text("Invalid password.")).to_be_visible()
    await snapshot(mod_page, "moderation-suspend-dialog.png")
    await dialog.get_by_label("Your password").fill(PASSWORD)
    await dialog.get_by_role("button", name="Suspend").click()
    await expect(mod_page.get_by_test_id("user-standing")).to_contain_text("Spamming invite links")

    banner = target_page.get_by_test_id("connection-banner")
    await expect(banner).to_contain_text("You are suspended.")
    await expect(target_page.get_by_test_id("refusal-details")).to_contain_text("Reason: Spamming invite links")
    await expect(target_page.get_by_test_id("refusal-details")).to_contain_text("By warden")
    await snapshot(target_page, "suspended-user.png")
    await target_page.reload()  # signing in again is refused the same way
    await expect(target_page.get_by_test_id("refusal-details")).to_contain_text("Until")

    await mod_page.get_by_role("button", name="Lift suspension").click()
    prompt = mod_page.get_by_role("dialog")
    await prompt.get_by_label("Password").fill(PASSWORD)
    await prompt.get_by_role("button", name="Lift suspension").click()
    await expect(mod_page.get_by_test_id("user-standing")).to_have_count(0)
    await target_page.get_by_role("button", name="Try again").click()
    await expect(target_page.get_by_test_id("connection-banner")).to_have_count(0)


async def test_a_warning_reaches_the_user_live(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod, target = await staff(client, username="warden"), await member(username="rude")
    mod_page, target_page = await signed_in(mod), await signed_in(target, width=800)
    url = live_server.url
    await target_page.goto(f"{url}/app")
    await expect(target_page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await mod_page.goto(f"{url}/app/moderation/users/{target.id}")
    await mod_page.get_by_role("button", name="Warn").click()
    dialog = mod_page.get_by_role("dialog")
    await dialog.get_by_label("Reason").fill("Please keep it civil.")
    await dialog.get_by_label("Your password").fill(PASSWORD)
    await dialog.get_by_role("button", name="Warn").click()
    await expect(dialog).to_have_count(0)

    warning = target_page.get_by_test_id("moderation-warning")
    await expect(warning).to_contain_text("Please keep it civil.")
    await expect(warning).to_contain_text("From warden")
    await snapshot(target_page, "warning-800.png")
    await warning.get_by_role("button", name="I understand").click()
    await expect(warning).to_have_count(0)
    await target_page.reload()
    await expect(target_page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(target_page.get_by_test_id("moderation-warning")).to_have_count(0)  # dismissed for good


async def test_the_stats_page_draws_its_charts(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod = await staff(client, username="counter")
    place = await ok(client, "POST", "/api/servers", {"name": "Busy"}, mod.token)
    await ok(client, "POST", f"/api/channels/{place['defaultChannelId']}/messages", {"content": "hi"}, mod.token)
    for width in (1280, 800):
        page = await signed_in(mod, width=width)
        await page.goto(f"{live_server.url}/app/moderation/stats")
        totals = page.get_by_test_id("moderation-totals")
        await expect(totals).to_contain_text("Registered users", timeout=BROWSER_PATIENCE_MS)
        await expect(totals).to_contain_text("1 this week")
        await expect(page.get_by_test_id("chart-bar")).to_have_count(2)
        await expect(page.get_by_test_id("chart-line")).to_have_count(1)
        await expect(page.get_by_test_id("chart-line")).to_have_attribute("aria-label", "Active users: 1")
        await snapshot(page, f"moderation-stats-{width}.png")
        await page.get_by_role("link", name="Users", exact=True).click()
        await expect(page.get_by_test_id("moderation-users")).to_contain_text("counter")
        await snapshot(page, f"moderation-users-{width}.png")


async def test_a_moderator_verifies_and_schedules_a_server(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod, owner = await staff(client, username="warden"), await member(username="owner")
    place = await ok(client, "POST", "/api/servers", {"name": "Sketchy Shop"}, owner.token)
    page = await signed_in(mod)
    await page.goto(f"{live_server.url}/app/moderation")
    await page.get_by_test_id("moderation-servers").get_by_role("link", name=re.compile("Sketchy Shop")).click()
    await page.wait_for_url(re.compile(rf"/app/moderation/servers/{place['id']}$"))
    await page.get_by_label("Verified server").check()
    await page.get_by_role("button", name="Save").click()
    prompt = page.get_by_role("dialog")
    await prompt.get_by_label("Password").fill(PASSWORD)
    await prompt.get_by_role("button", name="Save").click()
    await expect(page.locator(".moderation-profile").get_by_text("Verified", exact=True)).to_be_visible()

    await page.get_by_role("button", name="Schedule deletion").click()
    dialog = page.get_by_role("dialog")
    await dialog.get_by_label("Reason").fill("Selling stolen accounts")
    await dialog.get_by_label("Your password").fill(PASSWORD)
    await dialog.get_by_role("button", name="Schedule deletion").click()
    await expect(page.get_by_text("Deletion scheduled on")).to_be_visible()
    await expect(page.get_by_role("button", name="Cancel the deletion")).to_be_visible()
    await expect(page.get_by_role("dialog")).to_have_count(0)
    await snapshot(page, "moderation-server.png")
    await page.get_by_role("link", name="Audit logs").click()
    log = page.get_by_test_id("moderation-audit")
    await expect(log).to_contain_text("warden scheduled the deletion of Sketchy Shop")
    await expect(log).to_contain_text("warden warned owner")
    await expect(log).to_contain_text("warden updated Sketchy Shop")
