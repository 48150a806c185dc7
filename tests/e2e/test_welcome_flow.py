"""Welcome screen in two browsers: the owner writes a question whose answer gives a role that can
see a private channel; B joins by invite, lands on the welcome page, answers, and the private
channel appears in B's channel list without reloading; taking the answer back hides it again."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, ok, private_channel, role_with


async def test_an_answer_on_the_welcome_page_opens_a_private_channel_live(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Hearthside")
    bob = await member(username="bob")
    role = await role_with(client, place, 0)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/roles/{role}",
        {"name": "Artists", "hexColor": "#e67e22"},
        place.owner.token,
    )
    other = await role_with(client, place, 0)
    await ok(client, "POST", f"/api/servers/{place.id}/roles/{other}", {"name": "Gamers"}, place.owner.token)
    studio = await private_channel(client, place, "studio")
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{studio}/permissions/{role}",
        {"permissions": 3},
        place.owner.token,
    )
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    url = live_server.url
    page_a, page_b = await signed_in(place.owner), await signed_in(bob, width=850)

    # The owner writes the question in the settings.
    await page_a.goto(f"{url}/app/servers/{place.id}/settings/welcome-screen")
    section = page_a.get_by_test_id("welcome-settings")
    await expect(section).to_be_visible(timeout=BROWSER_PATIENCE_MS)  # the first load signs in and fetches the bundles
    await expect(section.get_by_text("No questions yet.")).to_be_visible()
    await section.get_by_label("New question").fill("What brings you here?")
    await section.get_by_role("button", name="Add question").click()
    await page_a.wait_for_url(re.compile(r"/settings/welcome-screen/\d+$"))
    form = page_a.get_by_test_id("welcome-question-form")
    await expect(form.get_by_label("Question")).to_have_value("What brings you here?")
    await form.get_by_role("button", name="Add answer").click()
    await form.get_by_role("textbox", name="Answer 1").fill("Drawing")
    await form.get_by_role("button", name="Add answer").click()
    await form.get_by_role("textbox", name="Answer 2").fill("Games")
    answers = page_a.get_by_test_id("welcome-answer-editor")
    await answers.nth(0).get_by_role("button", name="Artists").click()
    await expect(answers.nth(0).get_by_role("button", name="Artists")).to_have_attribute("aria-pressed", "true")
    await answers.nth(1).get_by_role("button", name="Gamers").click()
    # the default role is never offered
    await expect(answers.nth(0).get_by_role("button", name="All", exact=True)).to_have_count(0)
    await form.get_by_role("button", name="Save changes").click()
    await expect(form.get_by_role("status")).to_have_text("Saved.")
    await snapshot(page_a, "welcome-editor.png", full_page=True)
    await page_a.get_by_role("link", name="Back to the welcome screen").click()
    await expect(page_a.get_by_test_id("welcome-question-row")).to_contain_text("What brings you here?")
    await expect(page_a.get_by_test_id("welcome-question-row")).to_contain_text("Answers: 2")

    # B joins and lands on the welcome page, without the private channel.
    await page_b.goto(f"{url}/app/explore/servers/invites/{invite['code']}")
    await expect(page_b.get_by_test_id("invite-preview")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page_b.get_by_test_id("invite-preview").get_by_role("button", name="Join server").click()
    await page_b.wait_for_url(re.compile(rf"/app/servers/{place.id}/welcome$"))
    drawing = page_b.get_by_test_id("welcome-answer").filter(has_text="Drawing")
    await expect(drawing).to_have_attribute("aria-pressed", "false")
    studio_for_b = page_b.locator(f'[data-channel-id="{studio}"]')
    await expect(studio_for_b).to_have_count(0)

    await drawing.click()
    await expect(drawing).to_have_attribute("aria-pressed", "true")
    await expect(drawing).to_contain_text("1")
    await snapshot(page_b, "welcome-page-850.png", full_page=True)
    # the channel list is in the side pane (an overlay at this width): check it at full width too
    await page_b.set_viewport_size({"width": 1280, "height": 800})
    await expect(studio_for_b).to_have_count(1)
    await expect(studio_for_b).to_contain_text("studio")

    # Switching to the other answer of this single-select question takes the role away again.
    games = page_b.get_by_test_id("welcome-answer").filter(has_text="Games")
    await games.click()
    await expect(games).to_have_attribute("aria-pressed", "true")
    await expect(drawing).to_have_attribute("aria-pressed", "false")
    await expect(studio_for_b).to_have_count(0)

    # The owner deletes the question after confirming.
    await page_a.get_by_role("button", name="Delete What brings you here?").click()
    dialog = page_a.get_by_role("dialog")
    await expect(dialog).to_contain_text('Delete "What brings you here?"?')
    await dialog.get_by_role("button", name="Delete").click()
    await expect(page_a.get_by_test_id("welcome-question-row")).to_have_count(0)
    await expect(page_a.get_by_text("No questions yet.")).to_be_visible()
    assert page_a.errors == [] and page_b.errors == []
