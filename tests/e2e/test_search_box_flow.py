"""The search box's tabs in a browser (issue 37): a channel's header has one search button, which
opens the box on the server with `in:<channel>` typed; the Posts tab finds a post and opens it, the
People tab finds a person and opens their profile. The dialog, with results in each tab, has no
serious accessibility problem (axe-core) and fits a phone's width, left to right and in Arabic."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import snapshot
from tests.e2e.test_accessibility import AXE, PHONE, readable, violations_on
from tests.plugins.messages.helpers import sent
from tests.plugins.posts.helpers import confirmed, post
from tests.plugins.servers.helpers import community, join


async def a_garden(client: Any) -> tuple[Any, Any, dict[str, Any]]:
    place = await community(client)
    ada = await join(client, place, await confirmed(username="ada_gardener"))
    bob = await join(client, place)
    await sent(client, ada, place.general, "the tulips in the garden are out")
    found = await post(client, ada, "The tulips are out, come and see them")
    await post(client, ada, "Roses next week")
    return place, bob, found


async def fits(page: Any, dialog: Any, width: int) -> None:
    frame = await dialog.bounding_box()
    assert frame is not None and frame["x"] >= 0 and frame["x"] + frame["width"] <= width, frame
    overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, overflow


async def test_find_a_post_and_a_person_from_the_box(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, bob, found = await a_garden(client)
    page = await signed_in(bob)
    await page.context.add_init_script(path=str(AXE))
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("message").filter(has_text="the tulips in the garden")).to_be_visible()

    # one search button in the header: the box's, not the pane's one-channel search as well
    await expect(page.get_by_test_id("open-search")).to_have_count(0)
    await page.get_by_test_id("open-hearth-search").click()
    dialog = page.get_by_test_id("search-dialog")
    box = dialog.get_by_test_id("search-box")
    await expect(box).to_have_value("in:General ")
    await expect(dialog.get_by_role("radio", name="This server")).to_be_checked()
    await box.press_sequentially("tulips")
    await box.press("Enter")
    await expect(dialog.get_by_test_id("search-result")).to_contain_text("the tulips in the garden are out")

    await dialog.get_by_role("tab", name="Posts").click()
    await expect(dialog.get_by_role("tab", name="Posts")).to_have_attribute("aria-selected", "true")
    result = dialog.get_by_test_id("search-post")
    await expect(result).to_have_count(1)
    await expect(result.locator("mark")).to_have_text("tulips")
    problems = await violations_on(page, "search posts")
    assert not problems, readable("search posts", problems)
    await snapshot(page, "search-box-posts-1280.png")
    await box.press("Enter")
    await page.wait_for_url(re.compile(rf"/app\?postId={found['id']}$"))
    await expect(dialog).to_have_count(0)
    await expect(page.get_by_text("The tulips are out, come and see them")).to_be_visible()

    await page.keyboard.press("Control+k")
    await dialog.get_by_role("tab", name="People").click()
    await box.fill("ada_gard")
    await box.press("Enter")
    person = dialog.get_by_test_id("search-person")
    await expect(person).to_have_count(1)
    await expect(person).to_contain_text("ada_gardener")
    problems = await violations_on(page, "search people")
    assert not problems, readable("search people", problems)
    await person.click()
    await page.wait_for_url(re.compile(r"/app/profile/\d+$"))
    await expect(dialog).to_have_count(0)


@pytest.mark.parametrize("language", ["en-gb", "ar-ps"])
async def test_the_box_fits_a_phone_and_reads_right_to_left(live_server, signed_in, language):
    client = live_server.app.quart.test_client()
    place, bob, _ = await a_garden(client)
    page = await signed_in(bob, width=PHONE["width"])
    await page.set_viewport_size(PHONE)
    await page.context.add_init_script(f"localStorage.setItem('appLanguage', '{language}')")
    await page.context.add_init_script(path=str(AXE))
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("message").filter(has_text="the tulips in the garden")).to_be_visible()
    await expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar-ps" else "ltr")

    await page.keyboard.press("Control+k")
    dialog = page.get_by_test_id("search-dialog")
    box = dialog.get_by_test_id("search-box")
    await expect(box).to_have_value("in:General ")
    await box.press_sequentially("tulips")
    await box.press("Enter")
    await expect(dialog.get_by_test_id("search-result")).to_have_count(1)
    await fits(page, dialog, PHONE["width"])
    await snapshot(page, f"search-box-messages-390-{language}.png")
    await dialog.get_by_role("tab").nth(1).click()  # posts
    await expect(dialog.get_by_test_id("search-post")).to_have_count(1)
    await fits(page, dialog, PHONE["width"])
    problems = await violations_on(page, f"search phone {language}")
    assert not problems, readable(f"search phone {language}", problems)
    await snapshot(page, f"search-box-posts-390-{language}.png")

    await page.set_viewport_size({"width": 1280, "height": 800})
    await expect(dialog.get_by_test_id("search-post")).to_have_count(1)
    await snapshot(page, f"search-box-posts-1280-{language}.png")
