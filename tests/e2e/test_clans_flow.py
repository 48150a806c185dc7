"""Clans end to end: the owner of a verified server sets its clan (tag and an uploaded icon) in
Server settings → Clan, a member wears it from /app/settings/clan, and the tag shows beside the
member's name on their profile — for another viewer too; removing the clan takes it off."""

import io

from PIL import Image
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.servers.models import Server
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join


def icon_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (24, 24), (40, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_the_owner_sets_a_clan_a_member_wears_it_and_it_shows_on_the_profile(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    place = await community(client)
    await Server.filter(id=int(place.id)).update(verified=True)
    bob = await join(client, place, await member(username="bob"))
    owner_page, bob_page = await signed_in(place.owner), await signed_in(bob)
    url = live_server.url

    # The owner sets the clan.
    await owner_page.goto(f"{url}/app/servers/{place.id}/settings/clan")
    section = owner_page.get_by_test_id("clan-section")
    await expect(section).to_be_visible(timeout=BROWSER_PATIENCE_MS)  # the first load on a busy machine
    await expect(section).to_contain_text("This server has no clan yet.")
    await section.get_by_label("Tag (1 to 4 characters)").fill("HRTH")
    picture = tmp_path / "clan.png"
    picture.write_bytes(icon_png())
    await section.locator('input[type="file"]').set_input_files(str(picture))
    await section.get_by_role("button", name="Save clan").click()
    await expect(section.get_by_role("status")).to_have_text("The clan was saved.", timeout=BROWSER_PATIENCE_MS)
    # server:clan_updated reached the owner's own store: the current clan shows.
    await expect(section.get_by_test_id("clan-badge")).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    await snapshot(owner_page, "clans-settings.png")

    # Bob (whose store learnt of the clan live) wears it.
    await bob_page.goto(f"{url}/app/settings/clan")
    wear = bob_page.get_by_test_id("wear-clan")
    choice = wear.get_by_label("Clan on your profile")
    await expect(choice).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await choice.select_option(place.id)
    await wear.get_by_role("button", name="Save").click()
    await expect(wear.get_by_role("status")).to_have_text("Saved.", timeout=BROWSER_PATIENCE_MS)
    await expect(wear.get_by_test_id("clan-badge")).to_have_text("HRTH")

    # The tag shows beside Bob's name on his profile, for the owner too, with its icon.
    await owner_page.goto(f"{url}/app/profile/{bob.id}")
    tag = owner_page.get_by_test_id("profile-clan")
    await expect(tag).to_have_text("HRTH", timeout=BROWSER_PATIENCE_MS)
    loaded = await tag.locator("img").evaluate("(img) => img.complete && img.naturalWidth === 24")
    assert loaded
    await snapshot(owner_page, "clans-profile.png")

    # At a phone's width the section still fits.
    await owner_page.set_viewport_size({"width": 390, "height": 800})
    await owner_page.goto(f"{url}/app/servers/{place.id}/settings/clan")
    await expect(owner_page.get_by_test_id("clan-section")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await snapshot(owner_page, "clans-settings-narrow.png")

    # Deleting the clan takes it off Bob's profile.
    await owner_page.set_viewport_size({"width": 1280, "height": 800})
    await owner_page.get_by_test_id("clan-section").get_by_role("button", name="Delete clan").click()
    await expect(owner_page.get_by_test_id("clan-section")).to_contain_text(
        "This server has no clan yet.", timeout=BROWSER_PATIENCE_MS
    )
    await bob_page.goto(f"{url}/app/profile/{bob.id}")
    await expect(bob_page.get_by_test_id("profile-page")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(bob_page.get_by_test_id("profile-clan")).to_have_count(0)
