"""The moderation area's suggestions and channel viewer in real browsers: a MOD suggests
suspending a user from the user's page; an admin finds it under Suggestions, acts on it with the
reason filled in (the suggestion goes), and dismisses another; an admin reads a server's channel
from the server's page, a bot command shown as the reference client shows it."""

import re

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, ok
from tests.support import PASSWORD

ADMIN, MOD = 2, 64


async def staff(client, badges, **kwargs):
    person = await member(**kwargs)
    await User.filter(id=int(person.id)).update(badges=badges)
    return person


async def test_a_mod_suggests_and_an_admin_acts_or_dismisses(live_server, signed_in):
    client = live_server.app.quart.test_client()
    mod, admin = await staff(client, MOD, username="watcher"), await staff(client, ADMIN, username="chief")
    target, other = await member(username="spammer"), await member(username="noisy")
    place = await community(client, "Quiet Town")
    url = live_server.url

    mod_page = await signed_in(mod, width=800)
    await mod_page.goto(f"{url}/app/moderation/users/{target.id}")
    await mod_page.get_by_role("button", name="Suggest an action").click()
    dialog = mod_page.get_by_role("dialog")
    await expect(dialog.get_by_label("Action")).to_have_value("0")  # Suspend
    await dialog.get_by_role("button", name="Suggest").click()
    await expect(dialog.get_by_text("Give a reason.")).to_be_visible()
    await dialog.get_by_label("Reason").fill("Posts scam links in every server")
    await dialog.get_by_role("button", name="Suggest").click()
    await expect(dialog).to_have_count(0)
    await ok(
        client,
        "POST",
        "/api/moderation/suggest_action",
        {"reason": "Rude once", "actionType": 7, "userId": other.id},
        mod.token,
    )
    await mod_page.goto(f"{url}/app/moderation/servers/{place.id}")
    await mod_page.get_by_role("button", name="Suggest an action").click()
    dialog = mod_page.get_by_role("dialog")
    await expect(dialog.get_by_label("Action")).to_have_value("3")  # Delete server
    await dialog.get_by_label("Reason").fill("Looks like a scam server")
    await dialog.get_by_role("button", name="Suggest").click()
    await expect(dialog).to_have_count(0)
    await expect(mod_page.get_by_test_id("moderation-channels")).to_have_count(0)  # the viewer is for admins

    await mod_page.get_by_role("link", name="Suggestions").click()
    await mod_page.wait_for_url(re.compile(r"/app/moderation/suggestions$"))
    rows = mod_page.get_by_test_id("suggestion")
    await expect(rows).to_have_count(3)
    await expect(mod_page.get_by_role("button", name="Act")).to_have_count(0)  # MODs only suggest
    await snapshot(mod_page, "moderation-suggestions-mod-800.png", full_page=True)

    admin_page = await signed_in(admin)
    await admin_page.goto(f"{url}/app/moderation")
    await admin_page.get_by_role("link", name="Suggestions").click()
    rows = admin_page.get_by_test_id("suggestion")
    await expect(rows).to_have_count(3, timeout=BROWSER_PATIENCE_MS)
    await expect(rows.nth(0)).to_contain_text("Delete server")
    await expect(rows.nth(0)).to_contain_text("Quiet Town")
    await expect(rows.nth(2)).to_contain_text("Suspend")
    await expect(rows.nth(2)).to_contain_text("Posts scam links in every server")
    await expect(rows.nth(2)).to_contain_text("Suggested by watcher")
    await snapshot(admin_page, "moderation-suggestions.png", full_page=True)

    suspend = rows.filter(has_text="spammer")
    await suspend.get_by_role("button", name="Act").click()
    dialog = admin_page.get_by_role("dialog")
    await expect(dialog.get_by_label("Reason")).to_have_value("Posts scam links in every server")
    await dialog.get_by_label("Your password").fill(PASSWORD)
    await dialog.get_by_role("button", name="Suspend").click()
    await expect(dialog).to_have_count(0)
    await expect(rows).to_have_count(2)
    details = await ok(client, "GET", f"/api/moderation/users/{target.id}", token=admin.token)
    assert details["suspension"]["reason"] == "Posts scam links in every server"

    await rows.filter(has_text="noisy").get_by_role("button", name="Dismiss").click()
    await expect(rows).to_have_count(1)
    listed = await ok(client, "GET", "/api/moderation/suggest_action", token=admin.token)
    assert [row["serverId"] for row in listed["data"]] == [place.id]
    await rows.get_by_role("link", name="Open").click()
    await admin_page.wait_for_url(re.compile(rf"/app/moderation/servers/{place.id}$"))


async def test_an_admin_reads_a_servers_channel(live_server, signed_in):
    client = live_server.app.quart.test_client()
    admin = await staff(client, ADMIN, username="chief")
    place = await community(client, "Chatty")
    for content in ("first words", "/ping:1843058937612046336 loudly", "last words"):
        await ok(client, "POST", f"/api/channels/{place.general}/messages", {"content": content}, place.owner.token)
    url = live_server.url

    for width in (1280, 800):
        page = await signed_in(admin, width=width)
        await page.goto(f"{url}/app/moderation/servers/{place.id}")
        channels = page.get_by_test_id("moderation-channels")
        await expect(channels).to_contain_text("General", timeout=BROWSER_PATIENCE_MS)
        await channels.get_by_role("link", name=re.compile("General")).click()
        await page.wait_for_url(re.compile(rf"/app/moderation/channels/{place.general}$"))
        messages = page.get_by_test_id("moderation-messages")
        await expect(messages).to_contain_text("first words")
        await expect(messages).to_contain_text("last words")
        await expect(messages).to_contain_text("/ping loudly")
        await expect(messages).not_to_contain_text("1843058937612046336")
        await expect(page.get_by_test_id("viewed-channel")).to_have_text("# General")
        await snapshot(page, f"moderation-channel-{width}.png", full_page=True)
        await page.get_by_role("link", name=re.compile("Chatty")).first.click()
        await page.wait_for_url(re.compile(rf"/app/moderation/servers/{place.id}$"))
