"""A 1,000-member server in the browser: the member list shows the right count, online members
first, only the rows in view are drawn, scrolling loads the rest a page at a time, and a member
who joins appears at once."""

import re

from playwright.async_api import expect

from tests.e2e.conftest import snapshot
from tests.plugins.servers.crowd import add_members, big_server, people
from tests.plugins.servers.helpers import ok
from tests.support import connect_socket

ONLINE = 12
# Where the mouse rests over the list: near its top. A bare hover() aims at the element's centre and
# scrolls it into view first, so if the first page had already arrived the pane jumped to row 50.
OVER_THE_TOP = {"x": 8, "y": 8}


async def online(url, person):
    probe = await connect_socket(url, None)
    await probe.client.emit("user:authenticate", {"token": person.token, "partial": True, "pagedMembers": True})
    await probe.wait_for("user:authenticated")
    return probe


async def test_a_thousand_members_scroll_online_first_and_a_joiner_appears(live_server, signed_in):
    crowd = await people(1000, prefix="crowd")
    server = await big_server(int(crowd[0].id), name="Thousands")
    await add_members(server.id, [int(p.id) for p in crowd[1:]])
    me = crowd[500]
    awake = [await online(live_server.url, person) for person in crowd[900 : 900 + ONLINE]]
    awake_ids = {person.id for person in crowd[900 : 900 + ONLINE]} | {me.id}

    page = await signed_in(me)
    await page.goto(f"{live_server.url}/app/servers/{server.id}")
    await page.get_by_test_id("member-list").hover(position=OVER_THE_TOP)
    drawer = page.locator(".right-drawer")
    await expect(drawer.get_by_role("heading", name="Members (1000)")).to_be_visible()
    titles = page.locator(".member-group__title")
    await expect(titles.first).to_have_text(f"Online — {ONLINE + 1}")
    rows = page.get_by_test_id("member-row")
    first_ids = [await rows.nth(n).get_attribute("data-user-id") for n in range(ONLINE + 1)]
    assert set(first_ids) == awake_ids  # every online member before anyone offline
    assert await rows.count() < 100  # only what is in view (and a little around it) is drawn

    # Scroll to the end, page after page: every member is reached once, the last one by name last.
    seen: set[str] = set()
    for _ in range(200):
        seen.update([await row.get_attribute("data-user-id") for row in await rows.all()])
        if await page.get_by_test_id("member-list-more").count() == 0 and crowd[999].id in seen:
            break
        await page.mouse.wheel(0, 1500)  # over the list: whatever pane holds it scrolls
        await page.wait_for_timeout(100)
    assert len(seen) == 1000
    await expect(rows.last).to_have_attribute("data-user-id", crowd[999].id)
    await page.evaluate("document.querySelector('.right-drawer__inner').scrollTop = 0")
    await expect(titles.filter(has_text="Offline")).to_have_text(f"Offline — {1000 - ONLINE - 1}")

    # Someone joins (and comes online): at the top of the list, and counted, without a reload.
    newcomer = (await people(1, prefix="aaa-new"))[0]
    client = live_server.app.quart.test_client()
    invite = await ok(client, "POST", f"/api/servers/{server.id}/invites", token=crowd[0].token)
    await ok(client, "POST", f"/api/servers/invites/{invite['code']}", token=newcomer.token)
    awake.append(await online(live_server.url, newcomer))
    await expect(drawer.get_by_role("heading", name="Members (1001)")).to_be_visible()
    await expect(rows.first).to_have_attribute("data-user-id", newcomer.id)
    await expect(titles.first).to_have_text(re.compile(rf"^Online — {ONLINE + 2}$"))
    await snapshot(page, "big-server-members.png")

    # On a phone the list is a page of its own, scrolled with the main pane.
    phone = await signed_in(me, width=390)
    await phone.goto(f"{live_server.url}/app/servers/{server.id}/members")
    phone_rows = phone.get_by_test_id("member-row")
    await expect(phone.locator(".member-group__title").first).to_have_text(f"Online — {ONLINE + 2}")
    await expect(phone_rows.first).to_have_attribute("data-user-id", newcomer.id)
    await phone.get_by_test_id("member-list").hover(position=OVER_THE_TOP)
    beyond_first_page = phone_rows.filter(has_text="crowd0200")
    for _ in range(60):
        box = await beyond_first_page.bounding_box() if await beyond_first_page.count() else None
        if box and 56 <= box["y"] and box["y"] + box["height"] <= 800:  # drawn, and below the header
            break
        await phone.mouse.wheel(0, 500)
        await phone.wait_for_timeout(100)
    await expect(beyond_first_page).to_be_in_viewport()
    await snapshot(phone, "big-server-members-phone.png")
    for probe in awake:
        await probe.close()
