"""Adding a friend by name in two browsers (issue 33): typing "Carol" suggests the Carol you share
a server with (and people the user search finds), picking her sends the protocol's request, and
she sees it arrive live; a bare name borne by one person is sent without picking; "name:tag"
still works. Pictures at 1280 and 390 px, and right to left in ar-ps."""

import json
import re

from playwright.async_api import expect

from tests.e2e.conftest import snapshot, status_of
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join

SEND = "Send friend request"


async def test_add_a_friend_by_name_from_the_suggestions(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Garden")
    alice, carol = place.owner, await join(client, place, await member(username="Carol"))
    await join(client, place, await member(username="Caroline"))
    dave = await member(username="Dave")  # shares no server with alice: found by the user search
    alice_page, carol_page = await signed_in(alice), await signed_in(carol)
    await carol_page.goto(f"{live_server.url}/app/inbox")
    # straight to the friends pane: Garden's members are not loaded, the server suggests them
    await alice_page.goto(f"{live_server.url}/app/inbox")

    field = alice_page.get_by_role("combobox", name="Name")
    await field.fill("Carol")
    suggestions = alice_page.get_by_test_id("friend-suggestion")
    await expect(suggestions.first).to_contain_text(f"Carol:{carol.tag}")
    await expect(suggestions.first).to_contain_text("In Garden")
    await expect(suggestions).to_have_count(2)  # Carol and Caroline
    await snapshot(alice_page, "friends-suggestions-1280.png")
    await suggestions.filter(has_text=f"Carol:{carol.tag}").click()
    await expect(field).to_have_value(f"Carol:{carol.tag}")
    async with alice_page.expect_request(re.compile(r"/api/friends/add$")) as sent:
        await alice_page.get_by_role("button", name=SEND).click()
    assert json.loads((await sent.value).post_data) == {"username": "Carol", "tag": carol.tag}
    await expect(status_of(alice_page)).to_have_text(f"Friend request sent to Carol:{carol.tag}.")

    # carol sees it live, and accepts
    await carol_page.get_by_role("tab", name=re.compile("Pending")).click()
    incoming = carol_page.get_by_test_id("friend-row").filter(has_text=alice.username)
    await incoming.get_by_role("button", name="Accept").click()
    await alice_page.get_by_role("tab", name=re.compile("^All")).click()
    await expect(alice_page.get_by_test_id("friend-row").filter(has_text="Carol")).to_have_attribute(
        "data-friend-status", "2"
    )

    # a bare name one person bears goes out without picking; it is no format error
    await field.fill("dave")
    await alice_page.get_by_role("button", name=SEND).click()
    await expect(status_of(alice_page)).to_have_text(f"Friend request sent to Dave:{dave.tag}.")
    # nobody by that name: said so, nothing sent
    await field.fill("Zebedee")
    await alice_page.get_by_role("button", name=SEND).click()
    await expect(alice_page.get_by_role("alert")).to_contain_text("No one called Zebedee was found.")


async def test_the_suggestions_fit_a_phone_and_read_right_to_left(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client, "Garden")
    await join(client, place, await member(username="Carol"))
    phone = await signed_in(place.owner, width=390)
    await phone.context.add_init_script("localStorage.setItem('appLanguage', 'ar-ps')")
    await phone.goto(f"{live_server.url}/app/inbox")
    await expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    await phone.get_by_role("combobox").first.fill("Car")
    suggestion = phone.get_by_test_id("friend-suggestion").first
    await expect(suggestion).to_contain_text("Carol")
    box = await suggestion.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    await snapshot(phone, "friends-suggestions-390-ar.png")
