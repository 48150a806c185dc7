"""Instance settings in the browser: an ADMIN names the instance and writes its rules and message
of the day in the moderation area; a logged-out visitor's landing and register pages show them;
a MOD sees no Instance tab."""

from playwright.async_api import expect

from core.identity.models import User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member


async def test_staff_change_what_a_logged_out_visitor_sees(live_server, signed_in, page):
    admin, mod = await member(username="keeper"), await member(username="helper")
    await User.filter(id=int(admin.id)).update(badges=2)
    await User.filter(id=int(mod.id)).update(badges=64)

    staff = await signed_in(admin)
    await staff.goto(f"{live_server.url}/app/moderation/plugins")
    await staff.get_by_role("link", name="Instance", exact=True).click()
    form = staff.get_by_role("form", name="Instance")
    await form.get_by_label("Name").fill("Lantern Commons")
    await form.get_by_label("Description").fill("A quiet instance for the lantern club.")
    await form.get_by_label("Rules (one per line)").fill("Be kind to each other.\nNo advertising.")
    await form.get_by_label("Contact").fill("staff@lantern.example")
    await form.get_by_label("Message of the day").fill("Meet-up on Friday at eight.")
    await form.get_by_role("button", name="Save").click()
    await expect(form.get_by_role("status")).to_have_text("Saved.")
    await expect(staff.get_by_test_id("motd-bar")).to_contain_text("Meet-up on Friday at eight.")
    await snapshot(staff, "moderation-instance.png", full_page=True)
    await staff.get_by_role("button", name="Dismiss the message of the day").click()
    await expect(staff.get_by_test_id("motd-bar")).to_have_count(0)

    await page.goto(live_server.url + "/")
    await expect(page.get_by_test_id("landing-title")).to_have_text("Lantern Commons", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_text("A quiet instance for the lantern club.")).to_be_visible()
    await expect(page.get_by_test_id("instance-motd")).to_have_text("Meet-up on Friday at eight.")
    details = page.get_by_test_id("instance-details")
    await expect(details.get_by_role("listitem")).to_have_text(["Be kind to each other.", "No advertising."])
    await expect(details).to_contain_text("staff@lantern.example")
    await expect(page.locator(".brand__name")).to_have_text("Lantern Commons")
    await snapshot(page, "landing-instance.png", full_page=True)
    await page.get_by_role("link", name="Register").first.click()
    await expect(page.get_by_test_id("register-rules").get_by_role("listitem")).to_have_text(
        ["Be kind to each other.", "No advertising."]
    )
    await expect(page.get_by_text("staff@lantern.example")).to_be_visible()
    await page.set_viewport_size({"width": 390, "height": 844})
    await snapshot(page, "register-instance-390.png", full_page=True)

    helper = await signed_in(mod)
    await helper.goto(f"{live_server.url}/app/moderation/plugins")
    await expect(helper.get_by_test_id("moderation-plugins")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(helper.get_by_role("link", name="Instance", exact=True)).to_have_count(0)
    await helper.goto(f"{live_server.url}/app/moderation/instance")
    await expect(helper.get_by_text("Only admins can change the instance settings.")).to_be_visible()
