"""A moderator's warning waits for the user until they dismiss it, reloads included; the badges
settings section shows and hides the user's badges, which their profile then shows."""

import re

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.moderation.helpers import pw, staff
from tests.plugins.servers.helpers import ok

DASHBOARD = "[data-testid=dashboard-welcome], [data-testid=home-feed]"
SUPPORTER, CAT_EARS_WHITE = 8, 256


async def test_a_warning_stays_until_dismissed_even_across_reloads(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod, target = await staff(client, username="keeper"), await member(username="loud")
    page = await signed_in(target, width=800)
    await page.goto(f"{live_server.url}/app")
    await expect(page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("moderation-warning")).to_have_count(0)

    await ok(client, "POST", "/api/moderation/users/warn", pw(userIds=[target.id], reason="Mind the rules."), mod.token)
    warning = page.get_by_test_id("moderation-warning")
    await expect(warning).to_contain_text(
        "Mind the rules.", timeout=BROWSER_PATIENCE_MS
    )  # live, through user:notice_created

    await page.reload()  # not dismissed yet: user:authenticated brings it back
    await expect(warning).to_contain_text("Mind the rules.", timeout=BROWSER_PATIENCE_MS)
    await expect(warning).to_contain_text("From keeper")
    await warning.get_by_role("button", name="I understand").click()
    await expect(warning).to_have_count(0)

    await page.reload()
    await expect(page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("moderation-warning")).to_have_count(0)
    assert (await client.get("/api/users", headers={"Authorization": target.token})).status_code == 200


async def test_the_badges_section_picks_what_shows_and_it_sticks(live_server, signed_in):
    person = await member(username="decorated")
    await User.filter(id=int(person.id)).update(badges=SUPPORTER | CAT_EARS_WHITE)
    page = await signed_in(person, width=800)
    await page.goto(f"{live_server.url}/app/settings/badges")

    rows = page.get_by_test_id("badge-row")
    await expect(rows).to_have_count(3, timeout=BROWSER_PATIENCE_MS)  # Supporter, Palestine (free), White cat ears
    ears = page.get_by_label("Show the White cat ears badge")
    palestine = page.get_by_label("Show the Palestine badge")
    await expect(ears).to_be_checked()
    await expect(palestine).not_to_be_checked()

    await ears.click()
    await expect(ears).not_to_be_checked()
    await expect(ears).to_be_enabled()
    await palestine.click()
    await expect(palestine).to_be_checked()
    await expect(palestine).to_be_enabled()
    await snapshot(page, "badges-800.png")

    await page.reload()
    await expect(page.get_by_label("Show the Palestine badge")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Show the White cat ears badge")).not_to_be_checked()
    await expect(page.get_by_label("Show the Supporter badge")).to_be_checked()
    assert (await User.get(id=int(person.id))).badges == SUPPORTER | 16

    await page.goto(f"{live_server.url}/app/profile/{person.id}")
    shown = page.get_by_test_id("profile-page").get_by_test_id("user-badge")
    await expect(shown).to_have_text(["Supporter", "Palestine"], timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "badges-profile-800.png")
    await expect(page).to_have_url(re.compile(rf"/app/profile/{person.id}$"))
