"""What a user sees of voice, applications and moderation when an optional plugin of theirs is
off (the API side: each plugin's tests/plugins/<id>/test_without_optional.py)."""

from __future__ import annotations

import re

from playwright.async_api import expect

from core.identity.models import User
from core.plugins import discover, with_dependents
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.applications.helpers import new_bot
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import community

DASHBOARD = "[data-testid=dashboard-welcome], [data-testid=home-feed]"
ADMIN = 2


async def without(start_server, *plugin_ids: str):
    server = await start_server(**{"plugins.disabled": with_dependents(discover(), plugin_ids)})
    return server, server.app.quart.test_client()


async def test_moderation_without_servers_opens_on_users(start_server, signed_in):
    server, client = await without(start_server, "servers")
    admin = await member(username="warden")
    await User.filter(id=int(admin.id)).update(badges=ADMIN)
    await member(username="trouble")
    page = await signed_in(admin)
    await page.goto(f"{server.url}/app")
    await page.get_by_role("link", name="Moderation").first.click()
    await page.wait_for_url(re.compile(r"/app/moderation/users$"))
    await expect(page.get_by_test_id("moderation-users")).to_contain_text("trouble")
    tabs = page.get_by_role("navigation", name="Moderation sections")
    await expect(tabs.get_by_role("link", name="Users", exact=True)).to_be_visible()
    await expect(tabs.get_by_role("link", name="Servers", exact=True)).to_have_count(0)
    await snapshot(page, "moderation-without-servers.png")

    await tabs.get_by_role("link", name="Stats", exact=True).click()
    totals = page.get_by_test_id("moderation-totals")
    await expect(totals).to_contain_text("Registered users")
    await expect(totals).to_contain_text("Messages")  # messages still runs
    await expect(totals.get_by_text("Servers", exact=True)).to_have_count(0)
    await page.goto(f"{server.url}/app/moderation/servers/123")
    # no such screen: moderation's own "not found", not Home
    await expect(page.get_by_test_id("moderation-not-found")).to_be_visible(timeout=BROWSER_PATIENCE_MS)


async def test_a_bot_without_servers_or_explore_has_only_its_token_and_profile(start_server, signed_in):
    server, client = await without(start_server, "servers")
    bot = await new_bot(client)
    page = await signed_in(bot.developer)
    await page.goto(f"{server.url}/app/settings/developer/applications/{bot.app_id}/bot")
    tabs = page.get_by_role("navigation", name="Bot settings")
    await expect(tabs.get_by_role("link")).to_have_text(["Token", "Profile"], timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "bot-without-servers.png")
    await page.goto(f"{server.url}/app/settings/developer/applications/{bot.app_id}/bot/publish")
    await expect(page.get_by_test_id("settings-not-found")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.goto(f"{server.url}/app/explore/bots")
    await expect(page.locator(DASHBOARD)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("explore-bots-page")).to_have_count(0)


async def test_without_explore_the_bot_keeps_its_invite_link_but_not_publishing(start_server, signed_in):
    server, client = await without(start_server, "explore")
    bot = await new_bot(client)
    page = await signed_in(bot.developer)
    await page.goto(f"{server.url}/app/settings/developer/applications/{bot.app_id}/bot")
    tabs = page.get_by_role("navigation", name="Bot settings")
    await expect(tabs.get_by_role("link")).to_have_text(
        ["Token", "Profile", "Invite link"], timeout=BROWSER_PATIENCE_MS
    )


async def test_voice_without_servers_calls_from_a_dm(start_server, signed_in):
    server, client = await without(start_server, "servers")
    alice, bob = await member(username="alice"), await member(username="bob")
    channel_id = await open_dm(client, alice, bob)
    await sent(client, bob, channel_id, "call me?")
    page = await signed_in(alice)
    await page.goto(f"{server.url}/app/inbox/{channel_id}")
    await expect(page.get_by_test_id("voice-dm-call")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await snapshot(page, "voice-without-servers.png")


async def test_voice_without_inbox_calls_in_server_channels(start_server, signed_in):
    server, client = await without(start_server, "inbox")
    place = await community(client)
    page = await signed_in(place.owner)
    await page.goto(f"{server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("voice-header-join")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.locator('a[href="/app/inbox"]')).to_have_count(0)
    await snapshot(page, "voice-without-inbox.png")
