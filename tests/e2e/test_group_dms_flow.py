"""Group DMs in three (then four) browsers: Ada makes a group of Bob and Cid from her friends,
a message reaches both live, she adds Dan from the members panel (his list shows the group at
once) and removes Cid, who loses the group live; then she calls the group from its header: it
rings for Bob and Dan (not Cid), Bob accepts and they hear each other. The screens at 390 px and
right to left. Chromium runs with fake microphones here (the voice flow's arguments)."""

import re

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, snapshot
from tests.e2e.profiles import Profiles
from tests.e2e.test_voice_flow import MEDIA_ARGS
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member


@pytest.fixture(scope="module")
async def profiles(playwright, tmp_path_factory):
    """This module's Chromium has fake microphones (a beep) and grants them, for the group call."""
    kept = Profiles(playwright, tmp_path_factory.mktemp("media"), CHROMIUM, [*CHROMIUM_ARGS, *MEDIA_ARGS])
    yield kept
    await kept.close()


async def open_drawer(page) -> None:
    if not await page.locator(".app-layout--drawer-open").count():
        await page.locator(".main-header > button[aria-expanded]").click()
    await expect(page.get_by_test_id("group-members")).to_be_visible()


async def test_a_group_is_made_chats_live_grows_and_a_removed_member_loses_it(live_server, signed_in):
    client = live_server.app.quart.test_client()
    ada, bob, cid, dan = [await member(username=name) for name in ("ada", "bob", "cid", "dan")]
    for friend in (bob, cid, dan):
        await make_friends(client, ada, friend)
    pages = {person.username: await signed_in(person) for person in (ada, bob, cid)}
    for page in pages.values():
        await page.goto(f"{live_server.url}/app/inbox")
    ada_page = pages["ada"]

    await ada_page.get_by_role("button", name="New group").click()
    dialog = ada_page.get_by_role("dialog", name="New group")
    create = dialog.get_by_role("button", name="Create group")
    await dialog.get_by_role("checkbox", name="bob").check()
    await expect(create).to_be_disabled()  # two others at least
    await dialog.get_by_role("checkbox", name="cid").check()
    await dialog.get_by_label("Group name (optional)").fill("Climbers")
    await snapshot(ada_page, "group-dms-new.png")
    await create.click()
    await ada_page.wait_for_url(re.compile(r"/app/groups/\d+$"))
    channel_id = ada_page.url.rsplit("/", 1)[1]

    # Bob and Cid see the group in their lists at once, and its messages live
    for name in ("bob", "cid"):
        item = pages[name].get_by_test_id("group-item").filter(has_text="Climbers")
        await expect(item).to_contain_text("3 members")
        await item.click()
        await pages[name].wait_for_url(re.compile(rf"/app/groups/{channel_id}$"))
    box = ada_page.get_by_label("Message", exact=True)
    await box.press_sequentially("Rope or no rope, @bo")  # the composer's picker offers the group's members
    suggestions = ada_page.get_by_role("listbox", name="Mention suggestions")
    await expect(suggestions.get_by_role("option")).to_have_count(1)
    await expect(suggestions.get_by_role("option")).to_contain_text("bob")
    await box.press("Enter")  # picks; a second Enter sends
    await expect(box).to_have_value("Rope or no rope, @bob ")
    await box.press("Enter")
    for name in ("bob", "cid"):
        await expect(pages[name].get_by_test_id("message").filter(has_text="Rope or no rope")).to_be_visible()
    await expect(pages["bob"].locator(".message--mentions-me").filter(has_text="Rope or no rope")).to_be_visible()

    # Ada adds Dan from the members panel: his list shows the group without a reload
    dan_page = await signed_in(dan)
    await dan_page.goto(f"{live_server.url}/app/inbox")
    await open_drawer(ada_page)
    await ada_page.get_by_role("button", name="Add friends").click()
    await ada_page.locator(".right-drawer").get_by_role("checkbox", name="dan").check()
    await ada_page.locator(".right-drawer").get_by_role("button", name="Add", exact=True).click()
    await expect(dan_page.get_by_test_id("group-item").filter(has_text="Climbers")).to_contain_text("4 members")
    await expect(
        pages["bob"].get_by_test_id("group-system-message").filter(has_text="ada added dan to the group.")
    ).to_be_visible()
    await expect(ada_page.get_by_test_id("group-members").locator("li")).to_have_count(4)
    await snapshot(ada_page, "group-dms-members.png")

    # ... and removes Cid, who loses the group while looking at it
    await ada_page.get_by_role("button", name="Remove cid from the group").click()
    await expect(pages["cid"].get_by_test_id("group-missing")).to_be_visible()
    await expect(pages["cid"].get_by_test_id("group-item")).to_have_count(0)
    await expect(
        pages["bob"].get_by_test_id("group-system-message").filter(has_text="ada removed cid from the group.")
    ).to_be_visible()
    await box.fill("Cid is out")
    await box.press("Enter")
    await expect(pages["bob"].get_by_test_id("message").filter(has_text="Cid is out")).to_be_visible()
    await expect(pages["cid"].get_by_text("Cid is out")).to_have_count(0)

    # Ada calls the group from its header: it rings for Bob and Dan, not for Cid, who left it
    await ada_page.keyboard.press("Escape")
    await ada_page.get_by_role("button", name="Call Climbers").click()
    await expect(ada_page.get_by_test_id("call-status")).to_have_text("Calling Climbers…")
    for page in (pages["bob"], dan_page):
        await expect(page.get_by_test_id("incoming-call")).to_contain_text("ada is calling you")
    await expect(pages["bob"].get_by_test_id("message").filter(has_text="ada started a call.")).to_be_visible()
    await dan_page.get_by_test_id("incoming-decline").click()
    await expect(dan_page.get_by_test_id("incoming-call")).to_have_count(0)
    await pages["bob"].get_by_test_id("incoming-accept").click()
    for page in (ada_page, pages["bob"]):
        await expect(page.get_by_test_id("call-status")).to_have_text("Voice connected")
        await expect(page.get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(2)
        await expect(page.get_by_test_id("call-bar").get_by_role("link", name=re.compile("Climbers"))).to_be_visible()
        await page.get_by_test_id("voice-unmute").click()
    bob_avatar = ada_page.get_by_test_id("call-bar").locator(f'[data-testid="voice-avatar"][data-user-id="{bob.id}"]')
    await expect(bob_avatar).to_have_attribute("data-speaking", "true")  # the fake microphone beeps
    # Dan sees who is in the call from the header and could still join it
    await dan_page.get_by_test_id("group-item").filter(has_text="Climbers").click()
    await expect(dan_page.get_by_role("button", name="Join the call with Climbers")).to_be_visible()
    await snapshot(ada_page, "group-dms-call.png")
    await expect(pages["cid"].get_by_test_id("incoming-call")).to_have_count(0)
    await ada_page.get_by_test_id("voice-leave").click()
    await expect(pages["bob"].get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(1)


async def test_the_group_screens_at_phone_width_and_right_to_left(live_server, signed_in):
    client = live_server.app.quart.test_client()
    ada, bob, cid = [await member(username=name) for name in ("ada", "bob", "cid")]
    for friend in (bob, cid):
        await make_friends(client, ada, friend)
    response = await client.post(
        "/api/group-dms",
        json={"userIds": [bob.id, cid.id]},
        headers={"Authorization": ada.token, "X-Hearth-Features": "group_dms"},
    )
    channel_id = (await response.get_json())["channelId"]
    page = await signed_in(ada, width=390)
    await page.goto(f"{live_server.url}/app/groups/{channel_id}")
    await expect(page.get_by_role("heading", name="bob, cid", level=1)).to_be_visible()
    await page.get_by_label("Message", exact=True).fill("hi both")
    await page.get_by_label("Message", exact=True).press("Enter")
    await expect(page.get_by_test_id("message").filter(has_text="hi both")).to_be_visible()
    await snapshot(page, "group-dms-390.png")
    await open_drawer(page)
    await expect(page.locator(".right-drawer")).to_be_in_viewport(ratio=1)
    await snapshot(page, "group-dms-members-390.png")
    await page.keyboard.press("Escape")

    await page.evaluate("localStorage.setItem('appLanguage', 'ar-ps')")
    await page.reload()
    await expect(page.locator("html")).to_have_attribute("dir", "rtl")
    await page.locator(".main-header__menu").click()
    item = page.get_by_test_id("home-sidebar").get_by_test_id("group-item")
    await expect(item).to_contain_text("الأعضاء: 3")
    await expect(page.get_by_role("button", name="مجموعة جديدة")).to_be_visible()
    await snapshot(page, "group-dms-390-ar-ps.png")
