"""Search everywhere in a browser (issue 37): Ctrl+K opens the box over the server, typed filters
(`from:` and `has:file`) narrow the results, the matched word is marked, Enter opens the result at
its place in the history, far older than the loaded page, highlighted."""

import re

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.search.indexer import flush
from tests.e2e.conftest import snapshot
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join
from tests.support import upload_file


async def test_search_a_server_with_filters_and_open_a_result(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    ada, bob = await join(client, place), await join(client, place)
    status, upload = await upload_file(
        client, ada.token, "attachments", place.general, png_bytes(), filename="chart.png", channel_id=place.general
    )
    assert status == 200, upload
    target = await sent(
        client, ada, place.general, "the quarterly report, with the chart", nerimityCdnFileId=upload["fileId"]
    )
    await sent(client, ada, place.general, "the quarterly report is late")
    await sent(client, bob, place.general, "my quarterly report, with a file", nerimityCdnFileId=None)
    for n in range(70):
        await sent(client, place.owner, place.general, f"filler message {n}")
    await flush()  # PostgreSQL indexes after commit: what a user finds a moment after sending

    page = await signed_in(bob)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("message").filter(has_text="filler message 69")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    old = page.locator(f'[data-testid="message"][data-message-id="{target["id"]}"]')
    await expect(old).to_have_count(0)

    await page.keyboard.press("Control+k")
    dialog = page.get_by_test_id("search-dialog")
    await expect(dialog).to_be_visible()
    await expect(dialog.get_by_role("radio", name="This server")).to_be_checked()
    box = dialog.get_by_test_id("search-box")
    await box.fill(f"report from:{ada.username}")
    await dialog.get_by_role("button", name="Has a file").click()
    await expect(box).to_have_value(f"report from:{ada.username} has:file")
    await box.press("Enter")
    result = dialog.get_by_test_id("search-result")
    await expect(result).to_have_count(1)
    await expect(result).to_contain_text("the quarterly report, with the chart")
    await expect(result.locator("mark")).to_have_text("report")
    await expect(dialog.get_by_role("heading", name="#General")).to_be_visible()
    await expect(result).to_have_attribute("aria-selected", "true")
    await snapshot(page, "hearth-search-results.png")

    await box.press("Enter")
    await page.wait_for_url(re.compile(rf"/app/servers/{place.id}/{place.general}\?messageId={target['id']}$"))
    await expect(dialog).to_have_count(0)
    # one check for the highlight (it lasts 2.5 s), then the message is on screen
    await expect(old.and_(page.locator(".message--highlighted"))).to_be_visible()
    await expect(old).to_be_in_viewport()
    await snapshot(page, "hearth-search-landed.png")

    # the header's one search button opens the same box, on the server with in:<channel> typed, and
    # arrow keys move through the results
    await expect(page.get_by_test_id("open-search")).to_have_count(0)
    await page.get_by_test_id("open-hearth-search").click()
    await expect(dialog).to_be_visible()
    await expect(dialog.get_by_test_id("search-box")).to_have_value("in:General ")
    await dialog.get_by_test_id("search-box").fill("quarterly report")
    await dialog.get_by_test_id("search-box").press("Enter")
    await expect(result).to_have_count(3)
    await dialog.get_by_test_id("search-box").press("ArrowDown")
    await expect(result.nth(1)).to_have_attribute("aria-selected", "true")

    # people by name: the profile opens
    await dialog.get_by_role("tab", name="People").click()
    await dialog.get_by_test_id("search-box").fill(ada.username)
    await dialog.get_by_test_id("search-box").press("Enter")
    person = dialog.get_by_test_id("search-person")
    await expect(person).to_have_count(1)
    await expect(person).to_contain_text(ada.username)
    await dialog.get_by_test_id("search-box").fill("quarterly report")
    await dialog.get_by_role("tab", name="Messages").click()  # choosing a tab searches again
    await expect(person).to_have_count(0)
    await expect(result).to_have_count(3)

    # at a phone's width the box fits on the screen
    await page.set_viewport_size({"width": 390, "height": 844})
    await expect(result).to_have_count(3)
    frame = await dialog.bounding_box()
    assert frame is not None and frame["x"] >= 0 and frame["x"] + frame["width"] <= 390, frame
    await snapshot(page, "hearth-search-phone.png")
