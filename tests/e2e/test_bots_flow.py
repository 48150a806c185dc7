"""A developer creates an application and its bot, reveals its token and makes an invite link
with chosen permissions; the server owner adds the bot from /bot/{appId}; the example bot runs
with that token; a member types / in the composer, picks the bot's command, sends it and clicks
the button of the bot's answer. The bot's listing shows on explore's bots section."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot, status_of
from tests.examples.bots.test_ping_bot import _start_bot
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.servers.helpers import community, join, ok


async def test_build_invite_and_use_a_bot(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Bot Lab")
    member = await join(client, place)
    url = live_server.url
    owner = await signed_in(place.owner, width=800)

    # Developer settings: create the application with its name (asked first), rename it, create
    # its bot with its name.
    await owner.goto(f"{url}/app/settings/developer/applications")
    await expect(owner.get_by_text("You have no applications yet.")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await owner.get_by_role("button", name="Create an application").click()
    await owner.get_by_role("button", name="Create an application").click()  # no name yet: refused here
    await expect(owner.get_by_text("Enter at least 3 characters.")).to_be_visible()
    await owner.get_by_label("Application name").fill("Weathr")
    await owner.get_by_role("button", name="Create an application").click()
    await owner.wait_for_url(re.compile(r"/settings/developer/applications/\d+$"))
    app_id = owner.url.rsplit("/", 1)[1]
    await expect(owner.get_by_role("heading", name="Weathr", level=2)).to_be_visible()
    await owner.get_by_label("Name", exact=True).fill("Weather")
    await owner.get_by_role("button", name="Save").click()
    await expect(owner.get_by_role("heading", name="Weather", level=2)).to_be_visible()
    await snapshot(owner, "bots-application.png", full_page=True)
    await owner.get_by_role("button", name="Create a bot").click()
    await owner.get_by_label("Bot's username").fill("Weather Bot")
    await owner.get_by_role("button", name="Create a bot").click()
    await owner.wait_for_url(re.compile(r"/applications/\d+/bot$"))

    # The token: hidden until revealed.
    token_box = owner.get_by_test_id("bot-token")
    await expect(token_box).to_have_text("•" * 32)
    await owner.get_by_role("button", name="Reveal").click()
    await expect(token_box).not_to_have_text("•" * 32)
    token = (await token_box.text_content()).strip()
    await snapshot(owner, "bots-token.png", full_page=True)

    # Its profile: a picture through the upload protocol, a name and a bio.
    await owner.get_by_role("link", name="Profile").click()
    await owner.locator("input[type=file]").first.set_input_files(
        files=[{"name": "bot.png", "mimeType": "image/png", "buffer": png_bytes((64, 64), (40, 120, 220))}]
    )
    await expect(owner.locator(".developer-picture img.avatar")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await owner.get_by_label("Username").fill("Weather Bot")
    await owner.get_by_label("Bio").fill("Forecasts on demand")
    await owner.get_by_role("button", name="Save").click()
    await expect(status_of(owner)).to_have_text("Saved.")
    await snapshot(owner, "bots-profile.png", full_page=True)

    # The invite link with Send messages (default) + Kick.
    await owner.get_by_role("link", name="Invite link").click()
    await owner.get_by_label(re.compile("^Kick")).check()
    await expect(owner.get_by_test_id("invite-link")).to_have_text(f"{url}/bot/{app_id}?perms=18")
    await snapshot(owner, "bots-create-link.png", full_page=True)

    # The owner opens the link and adds the bot to their server.
    await owner.goto(f"{url}/bot/{app_id}?perms=18")
    await owner.wait_for_url(re.compile(rf"/app/bot/{app_id}\?perms=18$"))
    invite = owner.get_by_test_id("bot-invite-page")
    await expect(invite.get_by_test_id("permission-list")).to_contain_text("Send messages")
    await expect(invite.get_by_test_id("permission-list")).to_contain_text("Kick")
    await expect(invite.get_by_role("combobox", name="Server")).to_have_value(place.id)
    await invite.get_by_role("button", name="Add to server").click()
    await expect(invite.get_by_text("The bot was added to Bot Lab.")).to_be_visible()
    await expect(invite.get_by_role("heading", name=re.compile("Weather Bot"))).to_be_visible()
    await snapshot(owner, "bots-invite.png", full_page=True)
    roles = await ok(client, "GET", f"/api/applications/{app_id}", token=place.owner.token)
    bot_id = roles["botUser"]["id"]

    process = await _start_bot(url, token)
    try:
        # A member, at the mobile width: / lists the bot's commands; the picked one is sent to that bot.
        page = await signed_in(member, width=800)
        await page.goto(f"{url}/app/servers/{place.id}/{place.general}")
        composer = page.get_by_role("textbox", name="Message")
        await expect(composer).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await composer.fill("/")
        await composer.press_sequentially("pi")
        suggestions = page.get_by_role("listbox", name="Bot commands")
        await expect(suggestions.get_by_role("option")).to_have_count(1)
        await expect(suggestions).to_contain_text("/ping")
        await expect(suggestions).to_contain_text("Answers with pong and two buttons")
        await snapshot(page, "bots-commands.png")
        await composer.press("Enter")
        await expect(composer).to_have_value("/ping ")
        await composer.press("Enter")

        answer = page.locator(".message", has_text="Pong!").filter(has=page.locator('img[alt="🏓"]'))
        await expect(answer).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await expect(answer.get_by_test_id("bot-tag")).to_have_text("BOT")
        sent = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=member.token)
        assert any(m["content"] == f"/ping:{bot_id}" for m in sent)
        # The invocation is drawn as the reference client draws it: the command without the bot's id.
        invocation = page.locator(".message__text").filter(has_text=re.compile(r"^/ping$"))
        await expect(invocation).to_have_count(1)
        await expect(page.get_by_text(f"/ping:{bot_id}")).to_have_count(0)
        await answer.get_by_role("button", name="Ping again").click()
        await expect(page.get_by_text("Pong again,")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await snapshot(page, "bots-answer.png")
    finally:
        process.terminate()
        await process.wait()

    # Publish it, and find it on explore's bots section.
    await owner.goto(f"{url}/app/settings/developer/applications/{app_id}/bot/publish")
    await owner.get_by_label("Description").fill("Forecasts on demand")
    await owner.get_by_role("button", name="Publish").click()
    await expect(owner.get_by_text("The bot is listed on the explore page.")).to_be_visible()
    await owner.goto(f"{url}/app/explore/bots")
    card = owner.get_by_test_id("explore-bot-card")
    await expect(card).to_have_count(1, timeout=BROWSER_PATIENCE_MS)
    await expect(card).to_contain_text("Forecasts on demand")
    await expect(card.get_by_test_id("bot-tag")).to_be_visible()
    await snapshot(owner, "bots-explore.png", full_page=True)
