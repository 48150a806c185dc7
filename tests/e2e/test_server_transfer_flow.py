"""A server moved in the browser: its owner exports it with its history from the server settings
and downloads the file; someone else makes a new server from that file in the "Add a server"
dialog, watches it being made, opens it and reads the old messages. At 390 px the import tab fits."""

import io
import json
import zipfile

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import add_server_tab_on_a_phone, snapshot
from tests.e2e.test_accessibility import AXE, readable, violations_on
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import community


async def test_export_then_import_in_the_browser(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    place = await community(client, "Old Hearth")
    await sent(client, place.owner, place.general, "Remember the first fire? 🔥")

    page = await signed_in(place.owner)
    await page.context.add_init_script(path=str(AXE))  # axe-core, as tests/e2e/test_accessibility.py loads it
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/export")
    section = page.get_by_test_id("server-export")
    await expect(section.get_by_role("heading", name="Export this server")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(section.get_by_label("Include the messages and their attachments")).to_be_checked()
    await section.get_by_role("button", name="Export", exact=True).click()
    download_button = section.get_by_role("button", name="Download")
    await expect(download_button).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(section.get_by_role("status")).to_contain_text("The export is ready")
    await snapshot(page, "server-export-1280.png")
    found = await violations_on(page, "server export")
    assert not found, readable("server export", found)
    async with page.expect_download() as waiting:
        await download_button.click()
    downloaded = await waiting.value
    assert downloaded.suggested_filename.startswith("hearth-server-")
    data = open(await downloaded.path(), "rb").read()
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert json.loads(archive.read("manifest.json"))["format"] == "hearth.server"
    saved = tmp_path / "old-hearth.zip"
    saved.write_bytes(data)

    newcomer = await member()
    other = await signed_in(newcomer)
    await other.context.add_init_script(path=str(AXE))
    await other.goto(f"{live_server.url}/app")
    await other.get_by_role("button", name="Add a server").click(timeout=BROWSER_PATIENCE_MS)
    await other.get_by_role("tab", name="Import a server file").click()
    tab = other.get_by_test_id("server-import")
    await tab.locator('input[type="file"]').set_input_files(str(saved))
    await tab.get_by_role("button", name="Check the file").click()
    plan = other.get_by_test_id("server-import-plan")
    await expect(plan).to_contain_text("Old Hearth: 1 roles, 1 channels in 0 categories", timeout=BROWSER_PATIENCE_MS)
    await snapshot(other, "server-import-plan.png")
    found = await violations_on(other, "server import")
    assert not found, readable("server import", found)
    await tab.get_by_role("button", name="Make the server").click()
    await expect(tab.get_by_role("status")).to_have_text("Done: the server is made.", timeout=BROWSER_PATIENCE_MS)
    await tab.get_by_role("button", name="Open the server").click()
    await expect(other.get_by_text("Remember the first fire?")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await snapshot(other, "server-import-opened.png")

    phone = await signed_in(await member(), 390)
    await add_server_tab_on_a_phone(phone, live_server.url, "Import a server file")
    await expect(phone.get_by_test_id("server-import")).to_be_visible()
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "server-import-390.png")


async def test_a_member_who_is_not_the_owner_is_told(live_server, signed_in):
    from tests.plugins.servers.helpers import join, role_with

    client = live_server.app.quart.test_client()
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, 1, admin)  # the server's ADMIN permission, not its owner
    page = await signed_in(admin, 390)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/export")
    await expect(page.get_by_text("Only the server's owner or an instance admin can export it.")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )


async def test_the_dry_run_lists_an_emoji_that_will_not_be_made(live_server, signed_in, tmp_path):
    from tests.plugins.server_transfer.test_emojis import server_with_an_emoji, with_emojis

    client = live_server.app.quart.test_client()
    _, _, archive = await server_with_an_emoji(client)

    def hostile(items, files):
        files[f"files/{items[0]['picture']}"] = b"<svg onload=alert(1)>"
        return items

    saved = tmp_path / "emoji-land.zip"
    saved.write_bytes(with_emojis(archive, hostile))
    page = await signed_in(await member())
    await page.context.add_init_script(path=str(AXE))
    await page.goto(f"{live_server.url}/app")
    await page.get_by_role("button", name="Add a server").click(timeout=BROWSER_PATIENCE_MS)
    await page.get_by_role("tab", name="Import a server file").click()
    tab = page.get_by_test_id("server-import")
    await tab.locator('input[type="file"]').set_input_files(str(saved))
    await tab.get_by_role("button", name="Check the file").click()
    left_out = page.get_by_test_id("server-import-left-out")
    await expect(left_out).to_contain_text(
        ":party: — its picture is not one Hearth accepts", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(page, "server-import-emoji-left-out.png")
    found = await violations_on(page, "server import, an emoji left out")
    assert not found, readable("server import, an emoji left out", found)
    await tab.get_by_role("button", name="Make the server").click()
    await expect(tab.get_by_role("status")).to_have_text("Done: the server is made.", timeout=BROWSER_PATIENCE_MS)
    await tab.get_by_role("button", name="Open the server").click()
    await expect(page.get_by_text("hi :party: and :gone:")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
