"""Voice in real Chromium with fake microphones (``--use-fake-device-for-media-stream``, which
beeps for 20 ms every 500 ms, and ``--use-fake-ui-for-media-stream``, which grants the
permission): two people join a server channel's call from the channel list and its header, unmute
(everyone joins muted), and each sees the other speak — peer-to-peer, and forwarded by the server;
a DM call rings for the callee, who accepts; a dropped connection shows "Reconnecting…" and the
call carries on."""

import re

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, SignedIn, snapshot
from tests.plugins.messages.helpers import member, open_dm
from tests.plugins.servers.helpers import community, join

# What each page's calls send: the tests see which microphone goes out (a test hook, not the app's).
SENDERS_KEPT = """(() => {
  const Native = window.RTCPeerConnection;
  window.__peerConnections = [];
  window.RTCPeerConnection = function (...args) {
    const pc = new Native(...args);
    window.__peerConnections.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
})();"""
SENDS_DEVICE = """(deviceId) => window.__peerConnections.some((pc) => pc.connectionState === "connected"
  && pc.getSenders().some((sender) => sender.track?.readyState === "live"
    && sender.track.getSettings().deviceId === deviceId))"""

MEDIA_ARGS = [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--autoplay-policy=no-user-gesture-required",
]


@pytest.fixture(scope="module")
async def media_browser():
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *MEDIA_ARGS]
        )
        yield browser
        await browser.close()


@pytest.fixture
async def open_as(media_browser, request):
    pages = SignedIn(media_browser, request.node)
    yield pages.open
    await pages.close()


def avatar(page, user_id):
    return page.get_by_test_id("call-bar").locator(f'[data-testid="voice-avatar"][data-user-id="{user_id}"]')


async def silent_for(ring, samples: int) -> None:
    """Waits until ``ring`` has stayed dark for ``samples`` looks 200 ms apart. One dark look proves
    nothing: between two beeps the ring goes dark for a moment even while someone sends."""
    quiet, looks = 0, 0
    while quiet < samples:
        assert looks < BROWSER_PATIENCE_MS // 200, "never silent for long"
        await ring.page.wait_for_timeout(200)
        looks += 1
        quiet = quiet + 1 if await ring.get_attribute("data-speaking") is None else 0


async def both_speaking(page_a, page_b, ada, bob):
    for page in (page_a, page_b):
        # everyone joins muted (spec §4), and the bar says so in words with a one-click way out
        await expect(page.get_by_test_id("voice-muted-notice")).to_contain_text("You are muted")
        await page.get_by_test_id("voice-unmute").click()
        await expect(page.get_by_test_id("voice-mute")).to_have_attribute("aria-pressed", "false")
        await expect(page.get_by_test_id("voice-muted-notice")).to_have_count(0)
    # the fake microphone beeps: each sees the other's ring light up
    await expect(avatar(page_a, bob.id)).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)
    await expect(avatar(page_b, ada.id)).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)


async def server_call(live_server, open_as):
    client = live_server.app.quart.test_client()
    place = await community(client)
    ada, bob = place.owner, await join(client, place)
    page_a, page_b = await open_as(ada), await open_as(bob)
    await page_b.context.add_init_script(SENDERS_KEPT)
    channel_url = f"{live_server.url}/app/servers/{place.id}/{place.general}"
    return place, ada, bob, page_a, page_b, channel_url


async def test_two_people_see_each_other_speak_peer_to_peer(live_server, open_as):
    place, ada, bob, page_a, page_b, channel_url = await server_call(live_server, open_as)
    await page_a.goto(channel_url)
    await page_a.get_by_test_id("voice-header-join").click()
    bar_a = page_a.get_by_test_id("call-bar")
    await expect(bar_a).to_have_attribute("data-status", "connected", timeout=BROWSER_PATIENCE_MS)
    await expect(bar_a).to_have_attribute("data-mode", "p2p")

    await page_b.goto(channel_url)
    row = page_b.locator(f'li:has([data-testid="channel-item"][data-channel-id="{place.general}"])')
    await expect(row.get_by_test_id("voice-participant")).to_have_count(1)  # bob sees ada in the call
    await row.hover()
    await row.get_by_test_id("voice-channel-join").click()
    for page in (page_a, page_b):
        await expect(page.get_by_test_id("call-bar")).to_have_attribute(
            "data-status", "connected", timeout=BROWSER_PATIENCE_MS
        )
        await expect(page.get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(2)
    await both_speaking(page_a, page_b, ada, bob)

    # deafen also mutes; un-deafen gives the mic back
    await page_b.get_by_test_id("voice-deafen").click()
    await expect(page_b.get_by_test_id("voice-mute")).to_have_attribute("aria-pressed", "true")
    await page_b.get_by_test_id("voice-deafen").click()
    await expect(page_b.get_by_test_id("voice-mute")).to_have_attribute("aria-pressed", "false")

    # bob switches microphones during the call (call settings, from the bar) and is still heard
    await page_b.get_by_role("button", name="Call settings").click()
    settings = page_b.get_by_test_id("call-settings")
    microphones = settings.get_by_role("combobox", name="Microphone")
    await expect(microphones.locator("option").nth(1)).to_be_attached()  # "System default", then the devices
    chosen = await microphones.locator("option").last.get_attribute("value")
    await microphones.select_option(chosen)
    assert await page_b.evaluate("localStorage.getItem('voiceInputDevice')") == f'"{chosen}"'
    await page_b.wait_for_function(SENDS_DEVICE, arg=chosen, timeout=BROWSER_PATIENCE_MS)
    # heard after the switch: ada's ring goes dark between two beeps and lights up again
    ring = avatar(page_a, bob.id)
    await expect(ring).not_to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)
    await expect(ring).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)

    # push-to-talk with the key from the settings: nothing is heard until bob holds it
    await settings.get_by_label("Push to talk").check()
    await settings.get_by_role("button", name="Record key").click()
    await page_b.keyboard.press("KeyV")
    await expect(settings.get_by_test_id("ptt-key")).to_have_text("V")
    await page_b.keyboard.press("Escape")  # closes the settings popover
    await expect(page_b.get_by_test_id("call-bar")).to_contain_text("Hold V to talk")
    await expect(page_b.locator(".call-bar__ptt")).not_to_have_class(re.compile("call-bar__ptt--on"))
    # what was already on its way still plays (under load, a second or more); then silence that lasts
    await silent_for(ring, 8)
    for _ in range(12):
        await page_a.wait_for_timeout(200)
        assert await ring.get_attribute("data-speaking") is None
    await page_b.keyboard.down("KeyV")
    await expect(page_b.locator(".call-bar__ptt")).to_have_class(re.compile("call-bar__ptt--on"))
    await expect(ring).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)
    await page_b.keyboard.up("KeyV")
    await expect(page_b.locator("textarea.composer__input")).to_have_value("")  # the key typed nothing

    # the call bar appeared above the messages: the newest one, the call's start, is still in view
    await expect(page_b.get_by_text(f"{ada.username} started a call.")).to_be_in_viewport()
    await page_a.get_by_test_id("voice-leave").click()
    await expect(bar_a).to_have_count(0)
    await expect(page_b.get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(1)


@pytest.fixture
async def server_side(start_server):
    return await start_server(**{"voice.p2p_max_participants": 1})


async def test_two_people_see_each_other_speak_through_the_server(server_side, open_as):
    place, ada, bob, page_a, page_b, channel_url = await server_call(server_side, open_as)
    for page in (page_a, page_b):
        await page.goto(channel_url)
        await page.get_by_test_id("voice-header-join").click()
    for page in (page_a, page_b):
        bar = page.get_by_test_id("call-bar")
        await expect(bar).to_have_attribute("data-mode", "server", timeout=BROWSER_PATIENCE_MS)
        await expect(bar).to_have_attribute("data-status", "connected", timeout=BROWSER_PATIENCE_MS)
    await both_speaking(page_a, page_b, ada, bob)
    for page in (page_a, page_b):  # the bar above the messages hides none of them
        await expect(page.get_by_text(f"{ada.username} started a call.")).to_be_in_viewport()


async def test_a_dm_call_rings_and_is_accepted(live_server, open_as):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    channel_id = await open_dm(client, ada, bob)
    await open_dm(client, bob, ada)
    page_a, page_b = await open_as(ada), await open_as(bob, width=800)
    await page_b.goto(f"{live_server.url}/app")
    await expect(page_b.get_by_test_id("self-user")).to_contain_text("bob")
    await page_a.goto(f"{live_server.url}/app/inbox/{channel_id}")
    await page_a.get_by_test_id("voice-dm-call").click()
    await expect(page_a.get_by_test_id("call-status")).to_have_text("Calling bob…", timeout=BROWSER_PATIENCE_MS)

    ringing = page_b.get_by_test_id("incoming-call")
    await expect(ringing).to_contain_text("ada is calling you", timeout=BROWSER_PATIENCE_MS)
    await snapshot(page_b, "voice-incoming-call-800.png")
    await ringing.get_by_test_id("incoming-accept").click()
    await expect(ringing).to_have_count(0)
    for page in (page_a, page_b):
        await expect(page.get_by_test_id("call-status")).to_have_text("Voice connected", timeout=BROWSER_PATIENCE_MS)
    await both_speaking(page_a, page_b, ada, bob)

    # bob's connection drops: he sees "Reconnecting…", comes back into the same call
    await page_b.context.set_offline(True)
    await expect(page_b.get_by_test_id("call-bar")).to_have_attribute(
        "data-status", "reconnecting", timeout=BROWSER_PATIENCE_MS
    )
    await page_b.context.set_offline(False)
    for page in (page_a, page_b):
        await expect(page.get_by_test_id("call-bar")).to_have_attribute(
            "data-status", "connected", timeout=BROWSER_PATIENCE_MS
        )
        await expect(page.get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(2)

    # a reload puts bob back into the call it was in
    await page_b.reload()
    for page in (page_a, page_b):
        await expect(page.get_by_test_id("call-bar")).to_have_attribute(
            "data-status", "connected", timeout=BROWSER_PATIENCE_MS
        )
        await expect(page.get_by_test_id("call-bar").get_by_test_id("voice-avatar")).to_have_count(2)

    # the call settings page, at the narrow width
    await page_b.goto(f"{live_server.url}/app/settings/call-settings")
    await expect(page_b.get_by_test_id("call-settings")).to_be_visible()
    await expect(page_b.get_by_test_id("call-bar")).to_be_visible()  # the call goes on while browsing


async def test_a_server_call_reloaded_away_from_the_server_shows_the_real_participants(live_server, open_as):
    place, ada, bob, page_a, page_b, channel_url = await server_call(live_server, open_as)
    for page in (page_a, page_b):
        await page.goto(channel_url)
        await page.get_by_test_id("voice-header-join").click()
        await expect(page.get_by_test_id("call-bar")).to_have_attribute(
            "data-status", "connected", timeout=BROWSER_PATIENCE_MS
        )
    await snapshot(page_b, "voice-joined-muted-1280.png")
    # bob reloads on a page that loads no member of the server: the call comes back with ada as
    # herself, not a placeholder
    await page_b.goto(f"{live_server.url}/app/settings/call-settings")
    await expect(page_b.get_by_test_id("call-bar")).to_have_attribute(
        "data-status", "connected", timeout=BROWSER_PATIENCE_MS
    )
    await page_b.reload()
    await expect(page_b.get_by_test_id("call-bar")).to_have_attribute(
        "data-status", "connected", timeout=BROWSER_PATIENCE_MS
    )
    await expect(avatar(page_b, ada.id)).to_have_attribute("title", ada.username)
    await expect(avatar(page_b, bob.id)).to_have_attribute("title", bob.username)
    await expect(page_b.get_by_test_id("voice-muted-notice")).to_be_visible()
