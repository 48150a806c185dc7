"""Settings › Account › "Download your data": ask for a copy, watch it being prepared, download
the zip, and be told when a new copy may be asked for; at phone width and in a right-to-left language."""

import io
import json
import zipfile

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.support import call


async def test_ask_for_a_copy_watch_it_and_download_it(live_server, signed_in):
    client = live_server.app.quart.test_client()
    ada, bob = await member(), await member()
    dm = await open_dm(client, ada, bob)
    said = await sent(client, ada, dm, "take this with me ✨")

    page = await signed_in(ada)
    await page.goto(f"{live_server.url}/app/settings/account")
    card = page.get_by_test_id("data-export")
    await expect(card.get_by_role("heading", name="Download your data")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await card.get_by_role("button", name="Request a copy").click()

    download_button = card.get_by_role("button", name="Download")
    await expect(download_button).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(card.get_by_role("status")).to_contain_text("Your copy is ready")
    await expect(card.get_by_text("You can ask for a new copy after")).to_be_visible()
    await expect(card.get_by_role("button", name="Request a copy")).to_be_disabled()
    await snapshot(page, "data-export-1280.png")

    async with page.expect_download() as waiting:
        await download_button.click()
    downloaded = await waiting.value
    assert downloaded.suggested_filename.startswith("hearth-data-") and downloaded.suggested_filename.endswith(".zip")
    archive = zipfile.ZipFile(io.BytesIO(open(await downloaded.path(), "rb").read()))
    messages = json.loads(archive.read("messages.json"))["items"]
    assert [m["content"] for m in messages] == [said["content"]]
    assert "index.html" in archive.namelist()

    phone = await signed_in(ada, 390)
    await phone.goto(f"{live_server.url}/app/settings/account?dataExport=1")
    await expect(phone.get_by_test_id("data-export").get_by_role("button", name="Download")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "data-export-390.png")


async def test_progress_is_shown_while_the_copy_is_prepared(live_server, signed_in):
    from plugins.data_export.models import DataExport

    ada = await member()
    # A copy being prepared by some process (this one is not asked to build it).
    await DataExport.create(user_id=int(ada.id), status="running", parts_done=3, parts_total=15, rows_done=1200)
    page = await signed_in(ada)
    await page.goto(f"{live_server.url}/app/settings/account")
    card = page.get_by_test_id("data-export")
    await expect(card.get_by_role("status")).to_have_text(
        "Preparing your data: 3 of 15 parts, 1200 items so far", timeout=BROWSER_PATIENCE_MS
    )
    await expect(card.get_by_role("progressbar", name="Progress of your data's copy")).to_have_attribute("value", "3")
    await expect(card.get_by_role("button", name="Request a copy")).to_have_count(0)
    await DataExport.filter(user_id=int(ada.id)).update(parts_done=9, rows_done=5000)
    await expect(card.get_by_role("status")).to_have_text(
        "Preparing your data: 9 of 15 parts, 5000 items so far", timeout=BROWSER_PATIENCE_MS
    )
    status, _ = await call(live_server.app.quart.test_client(), "GET", "/api/data-exports", token=ada.token)
    assert status == 404  # a protocol client (no feature header) never meets the route


async def test_the_card_in_arabic_right_to_left_at_phone_width(live_server, signed_in):
    import json as _json

    ada = await member()
    phone = await signed_in(ada, 390)
    await phone.context.add_init_script(f"localStorage.setItem('appLanguage', {_json.dumps('ar-ps')})")
    await phone.goto(f"{live_server.url}/app/settings/account")
    await expect(phone.locator("html")).to_have_attribute("dir", "rtl", timeout=BROWSER_PATIENCE_MS)
    card = phone.get_by_test_id("data-export")
    await expect(card.get_by_role("heading", name="تنزيل بياناتك")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await card.get_by_role("button", name="طلب نسخة").scroll_into_view_if_needed()
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "data-export-ar-390.png")
