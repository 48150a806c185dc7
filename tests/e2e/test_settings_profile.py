"""Profile settings (/app/settings/account/profile): the bio, colours, font and banner are edited
with a preview of the card that follows every keystroke, reach the server only on Save (the banner
through the upload protocol, with a progress bar), survive a reload, and another user sees them on
the profile. Leaving with unsaved changes asks first."""

import re

from PIL import Image
from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from plugins.accounts.models import Profile
from tests.e2e.conftest import snapshot, status_of
from tests.e2e.test_uploads_flow import noisy_png, throttle_uploads
from tests.plugins.messages.helpers import member
from tests.support import new_person

NO_HORIZONTAL_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
BIO = "Keeper of the **hearth** since 2024"


async def test_profile_changes_preview_save_survive_a_reload_and_reach_others(live_server, signed_in, tmp_path):
    person, other = await member(username="ember"), await member(username="visitor")
    url = live_server.url
    page = await signed_in(person)
    # opened from another section, so that the back button has a page of the app to go back to
    await page.goto(f"{url}/app/settings/interface")
    sidebar = page.get_by_test_id("settings-sidebar")
    await sidebar.get_by_role("link", name="Profile").click(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("settings-profile")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(sidebar.get_by_role("link", name="Profile")).to_have_attribute("aria-current", "page")
    preview = page.get_by_test_id("profile-preview")

    # every change shows in the preview at once, and nothing is sent yet
    await page.get_by_label("Bio", exact=True).fill(BIO)
    await expect(preview.locator(".user-card__bio")).to_have_text("Keeper of the hearth since 2024")
    await expect(preview.locator(".user-card__bio strong")).to_have_text("hearth")
    await page.get_by_label("Background (top)", exact=True).fill("#203040")
    await page.get_by_label("Background (bottom)", exact=True).fill("#a05030")
    await expect(preview).to_have_css("background-image", "linear-gradient(rgb(32, 48, 64), rgb(160, 80, 48))")
    await page.get_by_label("Primary colour: pick a colour").fill("#3a7bd5")
    await expect(page.get_by_label("Primary colour", exact=True)).to_have_value("#3a7bd5")
    await expect(preview.locator(".user-card__avatar .avatar")).to_have_css("border-top-color", "rgb(58, 123, 213)")
    await page.get_by_label("Font", exact=True).select_option(label="Serif")
    await expect(preview.locator(".user-card__username")).to_have_css("font-family", re.compile("Georgia"))
    banner = tmp_path / "banner.png"
    banner.write_bytes(noisy_png(600, 200))  # ~360 kB: a second or two at the throttled speed
    await page.locator('.profile-settings input[type="file"]').set_input_files(str(banner))
    await expect(page.get_by_test_id("banner-choice")).to_have_text("New banner: banner.png")
    await expect(preview.get_by_test_id("profile-card-banner")).to_have_attribute("style", re.compile(r'url\("blob:'))
    assert (await Profile.get_or_none(user_id=int(person.id))) is None
    await snapshot(page, "settings-profile-draft-1280.png")

    # a link elsewhere asks first while the changes are unsaved
    await sidebar.get_by_role("link", name="Interface").click()
    dialog = page.get_by_role("dialog", name="Leave without saving?")
    await expect(dialog).to_be_visible()
    await dialog.get_by_role("button", name="Cancel").click()
    await expect(dialog).to_have_count(0)
    assert page.url.endswith("/app/settings/account/profile")
    await expect(page.get_by_label("Bio", exact=True)).to_have_value(BIO)
    # so does the back button: the address comes back while it asks, and stays on Cancel
    await page.go_back()
    await expect(dialog).to_be_visible()
    await expect(page).to_have_url(re.compile(r"/app/settings/account/profile$"))
    await dialog.get_by_role("button", name="Cancel").click()
    await expect(dialog).to_have_count(0)
    await expect(page).to_have_url(re.compile(r"/app/settings/account/profile$"))
    await expect(page.get_by_label("Bio", exact=True)).to_have_value(BIO)

    # Save: the banner travels first, with its progress bar
    await throttle_uploads(page, 192 * 1024)
    await page.get_by_role("button", name="Save").click()
    await expect(page.get_by_role("progressbar", name="Uploading banner")).to_be_visible()
    await expect(status_of(page)).to_have_text("Saved.", timeout=BROWSER_PATIENCE_MS)
    await expect(preview.get_by_test_id("profile-card-banner")).to_have_attribute(
        "style", re.compile(rf"/cdn/profile_banners/{person.id}/\d+\.png")
    )
    profile = await Profile.get(user_id=int(person.id))
    assert (profile.bio, profile.bg_color_one, profile.bg_color_two, profile.primary_color, profile.font) == (
        BIO,
        "#203040",
        "#a05030",
        "#3a7bd5",
        1,
    )
    assert (await User.get(id=int(person.id))).banner.startswith(f"profile_banners/{person.id}/")
    await snapshot(page, "settings-profile-1280.png")

    await page.reload()
    await expect(page.get_by_label("Bio", exact=True)).to_have_value(BIO, timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Background (top)", exact=True)).to_have_value("#203040")
    await expect(page.get_by_label("Primary colour", exact=True)).to_have_value("#3a7bd5")
    await expect(page.get_by_label("Font", exact=True)).to_have_value("1")
    await expect(preview.locator(".user-card__bio")).to_have_text("Keeper of the hearth since 2024")
    await expect(page.get_by_role("button", name="Save")).to_be_disabled()

    # another user meets the new bio and colours on the profile
    visitor = await signed_in(other)
    await visitor.goto(f"{url}/app/profile/{person.id}")
    await expect(visitor.get_by_test_id("profile-page")).to_contain_text(
        "Keeper of the hearth since 2024", timeout=BROWSER_PATIENCE_MS
    )
    await expect(visitor.get_by_test_id("profile-page")).to_have_css(
        "background-image", re.compile(r"rgb\(32, 48, 64\).*rgb\(160, 80, 48\)")
    )
    await expect(visitor.locator(".profile-page__name span").first).to_have_css("font-family", re.compile("Georgia"))
    await snapshot(visitor, "settings-profile-seen-by-another-1280.png")

    # a phone: no horizontal scrolling, the preview under the form
    phone = await signed_in(person, width=390)
    await phone.goto(f"{url}/app/settings/account/profile")
    await expect(phone.get_by_label("Bio", exact=True)).to_have_value(BIO, timeout=BROWSER_PATIENCE_MS)
    assert await phone.evaluate(NO_HORIZONTAL_SCROLL)
    await snapshot(phone, "settings-profile-390.png", full_page=True)
    await phone.get_by_test_id("profile-preview").scroll_into_view_if_needed()
    await snapshot(phone, "settings-profile-preview-390.png")


async def test_the_server_refusal_is_shown_and_nothing_is_kept(live_server, signed_in, tmp_path):
    person = await new_person()  # e-mail not confirmed: no banner (rest.md §1.19)
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/account/profile")
    await expect(page.get_by_label("Bio", exact=True)).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.get_by_label("Bio", exact=True).fill("Not yet")
    banner = tmp_path / "banner.png"
    Image.new("RGB", (300, 100), (40, 90, 160)).save(banner)
    await page.locator('.profile-settings input[type="file"]').set_input_files(str(banner))
    await page.get_by_role("button", name="Save").click()
    await expect(page.get_by_role("alert")).to_have_text(
        "You must confirm your email before choosing an avatar or banner.", timeout=BROWSER_PATIENCE_MS
    )
    await expect(page.get_by_role("button", name="Save")).to_be_enabled()  # the draft is kept to try again
    await expect(page.get_by_label("Bio", exact=True)).to_have_value("Not yet")
    assert (await Profile.get_or_none(user_id=int(person.id))) is None
