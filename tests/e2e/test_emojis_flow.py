"""Custom emojis end to end: the owner uploads one in the server settings (upload progress, the
list with the uploader), a second member sees it appear in their emoji picker without reloading,
and the owner's `:name:` (typed with the autocomplete, and typed in full) reaches the member live
as the emoji's picture; the member reacts with it from the picker. Unicode emoji are Twemoji's
pictures from Hearth's own origin, in the picker and in messages, and copy as the characters.
The section works at a phone's width; renaming and deleting reach the member's picker live."""

import io
import re

from PIL import Image
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join


def party_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (32, 32), (230, 120, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_upload_an_emoji_then_use_it_live(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    place = await community(client)
    bob = await join(client, place, await member(username="bob"))
    page_a, page_b = await signed_in(place.owner), await signed_in(bob)
    url = live_server.url
    channel = f"{url}/app/servers/{place.id}/{place.general}"

    # Bob reads the general channel; the picker has no server section yet.
    await page_b.goto(channel)
    box_b = page_b.get_by_label("Message", exact=True)
    await expect(box_b).to_be_visible(timeout=BROWSER_PATIENCE_MS)  # the first load on a busy machine

    # The owner uploads party.png in Settings → Emojis.
    await page_a.goto(f"{url}/app/servers/{place.id}/settings/emojis")
    await expect(page_a.get_by_test_id("emoji-count")).to_have_text("0 of 80 emojis")
    picture = tmp_path / "party.png"
    picture.write_bytes(party_png())
    await page_a.locator('input[type="file"]').set_input_files(str(picture))
    row = page_a.get_by_test_id("emoji-row")
    await expect(row).to_have_count(1)
    await expect(row.get_by_role("textbox")).to_have_value("party")
    await expect(row).to_contain_text(f"Uploaded by {place.owner.username}:{place.owner.tag}")
    await expect(page_a.get_by_test_id("emoji-count")).to_have_text("1 of 80 emojis")
    emoji_id = await row.get_attribute("data-emoji-id")
    assert emoji_id and re.fullmatch(r"\d+", emoji_id)
    # judged once the picture has loaded or failed, not while it is still on its way
    picture_loaded = await row.locator("img").evaluate(
        """(img) => (img.complete ? Promise.resolve() : new Promise((settle) => {
            img.addEventListener("load", settle, { once: true });
            img.addEventListener("error", settle, { once: true });
        })).then(() => img.naturalWidth === 32)"""
    )
    assert picture_loaded
    await snapshot(page_a, "emojis-settings.png")

    # Bob's picker gains the server's section live.
    await page_b.get_by_role("button", name="Emoji", exact=True).click()
    section = page_b.locator('section[aria-label="Hearthside"]')
    await expect(section.get_by_role("button", name=":party:")).to_be_visible()
    grinning_button = page_b.get_by_role("button", name="grinning face", exact=True)
    # A button's content is presentational: its picture is found by its alt text, not its role.
    await expect(grinning_button.locator('img[alt="😀"]')).to_have_js_property("complete", True)
    assert await grinning_button.locator("img").evaluate("(img) => img.naturalWidth > 0")
    await snapshot(page_b, "emojis-picker.png")
    await page_b.keyboard.press("Escape")

    # The owner writes ":par", picks the suggestion with the keyboard, and sends.
    await page_a.goto(channel)
    box_a = page_a.get_by_label("Message", exact=True)
    await box_a.click()
    await box_a.press_sequentially("look :par")
    suggestions = page_a.get_by_role("listbox", name="Emoji suggestions")
    await expect(suggestions.get_by_role("option").first).to_contain_text(":party:")
    await snapshot(page_a, "emojis-suggestions.png")
    await box_a.press("Enter")
    await expect(suggestions).to_have_count(0)
    await expect(box_a).to_have_value(f"look [ce:{emoji_id}:party] ")
    await box_a.press("Enter")

    # A full ":party:" and a Unicode shortcode are converted when sent.
    await box_a.press_sequentially("again :party: :grinning:")
    await box_a.press("Enter")

    image = f'img[src="/cdn/emojis/{emoji_id}"]'
    first = page_b.get_by_test_id("message").filter(has_text="look")
    await expect(first.locator(image)).to_have_attribute("alt", ":party:")
    second = page_b.get_by_test_id("message").filter(has_text="again")
    await expect(second.locator(image)).to_be_visible()
    # The Unicode emoji is Twemoji's picture from this server; selecting and copying gives the emoji.
    grinning = second.get_by_role("img", name="😀")
    await expect(grinning).to_have_attribute("src", re.compile(r"^/assets/twemoji-[0-9.]+/1f600\.svg$"))
    await expect(grinning).to_have_js_property("complete", True)
    assert await grinning.evaluate("(img) => img.naturalWidth > 0")
    await snapshot(second, "emojis-unicode-message.png")
    await page_b.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    await second.locator(".markup").evaluate(
        "(node) => { const range = document.createRange(); range.selectNodeContents(node);"
        " getSelection().removeAllRanges(); getSelection().addRange(range); }"
    )
    await page_b.keyboard.press("ControlOrMeta+C")
    assert "again" in await page_b.evaluate("navigator.clipboard.readText()")
    assert "😀" in await page_b.evaluate("navigator.clipboard.readText()")

    # Bob reacts with the custom emoji from the picker; the reaction shows its picture.
    await second.hover()
    await second.get_by_role("button", name="React", exact=True).click()
    await page_b.locator('section[aria-label="Hearthside"]').get_by_role("button", name=":party:").click()
    reaction = page_b.get_by_test_id("reaction")
    await expect(reaction.locator(image)).to_be_visible()
    await expect(page_a.get_by_test_id("reaction").locator(image)).to_be_visible()

    # At a phone's width the section still shows the emoji with its name and actions.
    narrow = await signed_in(place.owner, width=400)
    await narrow.goto(f"{url}/app/servers/{place.id}/settings/emojis")
    narrow_row = narrow.get_by_test_id("emoji-row")
    await expect(narrow_row.get_by_role("textbox")).to_have_value("party", timeout=BROWSER_PATIENCE_MS)
    await expect(narrow_row.get_by_role("button", name="Delete :party:")).to_be_in_viewport()
    await snapshot(narrow, "emojis-settings-narrow.png")

    # The owner renames it inline and then deletes it; Bob's picker follows.
    await page_a.goto(f"{url}/app/servers/{place.id}/settings/emojis")
    name_box = row.get_by_role("textbox")
    await name_box.fill("fiesta")
    await name_box.press("Enter")
    await expect(row.get_by_role("status")).to_have_text("Saved")
    await page_b.get_by_role("button", name="Emoji", exact=True).click()
    await expect(
        page_b.locator('section[aria-label="Hearthside"]').get_by_role("button", name=":fiesta:")
    ).to_be_visible()
    await page_b.keyboard.press("Escape")
    await row.get_by_role("button", name="Delete :fiesta:").click()
    await page_a.get_by_role("dialog").get_by_role("button", name="Delete emoji").click()
    await expect(row).to_have_count(0)
    await expect(page_a.get_by_test_id("emoji-count")).to_have_text("0 of 80 emojis")
    await page_b.get_by_role("button", name="Emoji", exact=True).click()
    await expect(page_b.get_by_role("button", name="grinning face", exact=True)).to_be_visible()
    await expect(page_b.locator('section[aria-label="Hearthside"]')).to_have_count(0)
    assert page_a.errors == [] and page_b.errors == [] and narrow.errors == []
