"""Importing a Discord export in the server settings: the owner uploads the committed
DiscordChatExporter sample, reads what would be made, starts it, watches it finish, and a member
sees the channels and the old messages; an admin who is not the owner is told they may not. A
data package into a server made for it, from the "Add a server" dialog."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import add_server_tab_on_a_phone, snapshot, status_of
from tests.plugins.discord_import.helpers import sample_zip
from tests.plugins.servers.helpers import community, join, role_with


async def test_upload_check_start_and_see_the_channels(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    place = await community(client)
    reader = await join(client, place)
    archive = tmp_path / "hearthlings-export.zip"
    archive.write_bytes(sample_zip())

    page = await signed_in(place.owner)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/import")
    section = page.get_by_test_id("discord-import")
    await expect(section.get_by_role("heading", name="Import from Discord")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await section.locator('input[type="file"]').set_input_files(str(archive))
    await section.get_by_role("button", name="Check the archive").click()
    plan = page.get_by_test_id("discord-import-plan")
    await expect(plan).to_contain_text(
        "2 channels in 2 categories, 3 messages by 3 people", timeout=BROWSER_PATIENCE_MS
    )
    await expect(plan).to_contain_text("1 attachments are not in the archive")
    await expect(plan).to_contain_text("Text Channels › #general")
    await snapshot(page, "discord-import-plan.png")

    await section.get_by_role("button", name="Start the import").click()
    await expect(section.get_by_role("status")).to_have_text(
        "Done: 3 messages imported into 2 channels.", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(page, "discord-import-done.png")

    reader_page = await signed_in(reader)
    await reader_page.goto(f"{live_server.url}/app/servers/{place.id}")
    await expect(reader_page.get_by_text("PROJECTS", exact=False).first).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await reader_page.get_by_text("general", exact=True).click()
    await expect(reader_page.get_by_text("Thanks Ada! Look at this:")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(reader_page.get_by_text("Ada Lovelace").first).to_be_visible()
    await snapshot(reader_page, "discord-import-channel.png")


async def test_an_admin_who_is_not_the_owner_is_told(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, 1, admin)  # ADMIN
    page = await signed_in(admin, 390)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/import")
    await expect(page.get_by_text("Only the server's owner can import into it.")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )


async def test_the_owner_gives_a_claim_link_and_the_real_person_takes_their_messages(live_server, signed_in):
    from plugins.messages.models import Message
    from tests.plugins.discord_import.helpers import icall, until_done, upload
    from tests.plugins.messages.helpers import member

    client = live_server.app.quart.test_client()
    place = await community(client)
    _, planned = await upload(client, place.owner, place.id, sample_zip())
    await icall(client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    await until_done(client, place.owner, planned["id"])

    page = await signed_in(place.owner)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/import")
    people = page.get_by_test_id("discord-import-people")
    row = people.locator("li").filter(has_text="Ada Lovelace")
    await row.get_by_role("button", name="Make a claim link").click(timeout=BROWSER_PATIENCE_MS)
    link = await people.get_by_label("Claim link for Ada Lovelace").input_value()
    token = link.rsplit("/", 1)[1]
    await snapshot(page, "discord-import-claim-links.png")

    ada = await member()
    claimer = await signed_in(ada, 390)
    await claimer.goto(f"{live_server.url}/app/claim-imported/{token}")
    await claimer.get_by_role("button", name="Claim them").click(timeout=BROWSER_PATIENCE_MS)
    await expect(status_of(claimer)).to_have_text("Done: 1 message is now yours.")
    assert await Message.filter(created_by_id=int(ada.id)).count() == 1
    assert await claimer.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(claimer, "discord-import-claim-390.png")


async def test_the_owner_imports_their_own_data_package(live_server, signed_in, tmp_path):
    from tests.plugins.discord_import.test_package import package

    client = live_server.app.quart.test_client()
    place = await community(client)
    archive = tmp_path / "package.zip"
    archive.write_bytes(package())

    page = await signed_in(place.owner, 390)
    await page.goto(f"{live_server.url}/app/servers/{place.id}/settings/import")
    section = page.get_by_test_id("discord-import")
    await section.get_by_role("radio", name="My Discord data package (my own messages)").check(
        timeout=BROWSER_PATIENCE_MS
    )
    await section.locator('input[type="file"]').set_input_files(str(archive))
    await section.get_by_role("button", name="Check the archive").click()
    plan = page.get_by_test_id("discord-import-plan")
    await expect(plan).to_contain_text("3 messages by 1 people", timeout=BROWSER_PATIENCE_MS)
    await expect(plan).to_contain_text("1 direct or group conversations stay private and are left out.")
    await snapshot(page, "discord-import-package-plan.png")
    await section.get_by_role("button", name="Start the import").click()
    await expect(section.get_by_role("status")).to_have_text(
        "Done: 3 messages imported into 2 channels.", timeout=BROWSER_PATIENCE_MS
    )
    wide = await signed_in(place.owner)
    await wide.goto(f"{live_server.url}/app/servers/{place.id}")
    await wide.get_by_text("general", exact=True).click(timeout=BROWSER_PATIENCE_MS)
    await expect(wide.get_by_text("a cat")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await snapshot(wide, "discord-import-package-channel.png")


async def test_a_data_package_into_a_new_server_from_the_add_server_dialog(live_server, signed_in, tmp_path):
    """One step: "Add a server" › From Discord makes the server, imports the package with its
    progress, then opens the server with the channels. It fits 390 px and passes axe."""
    from tests.e2e.test_accessibility import AXE, readable, violations_on
    from tests.plugins.discord_import.test_package import package
    from tests.plugins.messages.helpers import member

    archive = tmp_path / "package.zip"
    archive.write_bytes(package())
    person = await member()
    page = await signed_in(person)
    await page.context.add_init_script(path=str(AXE))
    await page.goto(f"{live_server.url}/app")
    await page.get_by_role("button", name="Add a server").click(timeout=BROWSER_PATIENCE_MS)
    await page.get_by_role("tab", name="From Discord").click()
    tab = page.get_by_test_id("discord-new-server")
    await expect(tab.get_by_role("radio", name="My Discord data package (my own messages)")).to_be_checked(
        timeout=BROWSER_PATIENCE_MS
    )
    found = await violations_on(page, "discord import into a new server")
    assert not found, readable("discord import into a new server", found)
    await tab.locator('input[type="file"]').set_input_files(str(archive))
    await tab.get_by_role("button", name="Import into a new server").click()
    await expect(tab.get_by_role("status")).to_have_text(
        "Done: 3 messages imported into 2 channels.", timeout=BROWSER_PATIENCE_MS
    )
    await snapshot(page, "discord-import-new-server-done.png")
    await tab.get_by_role("button", name="Open the server").click()
    await page.get_by_text("general", exact=True).click(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_text("a cat")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_text("old-times", exact=True)).to_be_visible()
    await snapshot(page, "discord-import-new-server-channel.png")

    phone = await signed_in(await member(), 390)
    await add_server_tab_on_a_phone(phone, live_server.url, "From Discord")
    await expect(phone.get_by_test_id("discord-new-server")).to_be_visible()
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await snapshot(phone, "discord-import-new-server-390.png")
