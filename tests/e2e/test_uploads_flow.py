"""Uploads in Hearth's own UI go the reference's way (rest.md §13): an upload token, then the
file in multipart field ``f`` to ``/cdn/<type>/<groupId>``, with a progress bar while it travels.
Ada sets an avatar and a banner in her account settings, then sends Bob a picture in their DM; Bob, already
reading the conversation, sees the message with the picture arrive live. The browser's upload
speed is throttled so the progress bars are seen (and photographed) mid-upload."""

import io
import os
import re

from PIL import Image
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, open_dm


def noisy_png(width: int, height: int) -> bytes:
    """A PNG that does not compress (random pixels), so its size is about width × height × 3."""
    buffer = io.BytesIO()
    Image.frombytes("RGB", (width, height), os.urandom(width * height * 3)).save(buffer, format="PNG")
    return buffer.getvalue()


async def throttle_uploads(page, bytes_per_second: int) -> None:
    session = await page.context.new_cdp_session(page)
    await session.send("Network.enable")
    await session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": bytes_per_second},
    )


async def test_set_an_avatar_and_send_a_picture_that_arrives_live(live_server, signed_in, tmp_path):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    channel_id = await open_dm(client, ada, bob)
    await open_dm(client, bob, ada)
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob, width=850)
    requests: list[tuple[str, str]] = []
    page_a.on("request", lambda request: requests.append((request.method, request.url.removeprefix(url))))

    await page_b.goto(f"{url}/app/inbox/{channel_id}")
    await expect(page_b.get_by_label("Message", exact=True)).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    # The avatar, in account settings, with a progress bar while it uploads.
    await page_a.goto(f"{url}/app/settings/account")
    await expect(page_a.get_by_role("heading", name="Avatar")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await throttle_uploads(page_a, 256 * 1024)
    avatar = tmp_path / "me.png"
    avatar.write_bytes(noisy_png(500, 500))  # ~750 kB: about 3 s at this speed
    await page_a.locator('input[type="file"]').first.set_input_files(str(avatar))
    bar = page_a.get_by_role("progressbar", name="Uploading avatar")
    await expect(bar).to_be_visible()
    await expect(page_a.get_by_test_id("progress-detail")).to_have_text(re.compile(r"^\d+% · "))
    await snapshot(page_a, "uploads-avatar-progress.png")
    await expect(bar).to_have_count(0, timeout=BROWSER_PATIENCE_MS)
    avatar_image = page_a.locator(".avatar-editor img.avatar")
    await expect(avatar_image).to_have_attribute("src", re.compile(rf"^/cdn/avatars/{ada.id}/\d+\.png$"))
    await page_a.wait_for_function(
        "() => { const img = document.querySelector('.avatar-editor img.avatar'); return img && img.complete && img.naturalWidth === 500; }"
    )
    await snapshot(page_a, "uploads-avatar-set.png")
    # The banner the same way; the upload token of a moment ago is reused (kept 2 minutes).
    banner = tmp_path / "banner.png"
    Image.new("RGB", (300, 100), (40, 90, 160)).save(banner)
    await page_a.locator('input[type="file"]').nth(1).set_input_files(str(banner))
    await expect(page_a.get_by_test_id("banner-preview")).to_have_attribute(
        "style", re.compile(rf"/cdn/profile_banners/{ada.id}/\d+\.png")
    )

    narrow = await signed_in(ada, width=800)
    await narrow.goto(f"{url}/app/settings/account")
    await expect(narrow.get_by_role("heading", name="Profile banner")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await snapshot(narrow, "uploads-avatar-set-800px.png")
    await narrow.close()

    # A picture in the DM: the sender sees the upload's progress, Bob sees the message arrive.
    await page_a.goto(f"{url}/app/inbox/{channel_id}")
    box = page_a.get_by_label("Message", exact=True)
    await expect(box).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    photo = tmp_path / "holiday.png"
    photo.write_bytes(noisy_png(700, 700))  # ~1.5 MB: about 6 s at this speed
    await page_a.locator('.composer input[type="file"]').set_input_files(str(photo))
    await box.fill("From the beach")
    await box.press("Enter")
    uploading = page_a.get_by_role("progressbar", name=re.compile(r"^Uploading holiday\.png"))
    await expect(uploading).to_be_visible()
    await page_a.wait_for_function(  # photograph it mid-way
        "() => Number(document.querySelector('.message [role=progressbar]')?.getAttribute('aria-valuenow')) >= 20"
    )
    await snapshot(page_a, "uploads-attachment-progress.png")

    message = page_b.get_by_test_id("message").filter(has_text="From the beach")
    await expect(message).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    picture = message.get_by_role("img", name="holiday.png")
    await expect(picture).to_have_attribute("src", re.compile(rf"^/cdn/attachments/{channel_id}/\d+/holiday\.png$"))
    await page_b.wait_for_function(
        "() => [...document.querySelectorAll('.attachment--image img')].some(i => i.complete && i.naturalWidth === 700)"
    )
    await expect(message.locator("img.avatar")).to_have_attribute("src", re.compile(rf"^/cdn/avatars/{ada.id}/"))
    await snapshot(page_b, "uploads-attachment-received-850px.png")
    await expect(uploading).to_have_count(0)
    await snapshot(page_a, "uploads-attachment-sent.png")

    # Both uploads went token first, then the file to /cdn/<type>/<group>; nothing else.
    posts = [path for method, path in requests if method == "POST" and "cdn" in path]
    assert posts == [
        "/api/cdn/token",
        f"/cdn/avatars/{ada.id}",
        f"/cdn/profile_banners/{ada.id}",
        f"/api/channels/{channel_id}/cdn/token",
        f"/cdn/attachments/{channel_id}",
    ]
