"""Call settings (/app/settings/call-settings) in real Chromium with fake media devices
(``--use-fake-device-for-media-stream`` gives two microphones that beep and two speakers,
``--use-fake-ui-for-media-stream`` grants the permission): the devices are listed by name, the
meter moves, a push-to-talk key or mouse button is recorded, the choices survive a reload, the
microphone test plays back and stops, leaving the page stops the microphone, and a call uses what
was chosen — push-to-talk keeps the microphone silent until the key is held. Without the
permission, or without a microphone, the page says so."""

import asyncio

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, SignedIn, snapshot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join

FAKE_DEVICES = "--use-fake-device-for-media-stream"
GRANT = "--use-fake-ui-for-media-stream"
AUTOPLAY = "--autoplay-policy=no-user-gesture-required"

# Records every microphone track the page opens, so the test can see which device the call used
# and that leaving the page stopped them (the page's behaviour is unchanged).
TRACK_TRACKER = """
(() => {
  window.__micTracks = [];
  const media = navigator.mediaDevices;
  if (!media) return;
  const open = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    const stream = await open(constraints);
    window.__micTracks.push(...stream.getAudioTracks());
    return stream;
  };
})();
"""
LIVE_TRACK_LABELS = "window.__micTracks.filter((track) => track.readyState === 'live').map((track) => track.label)"


@pytest.fixture(scope="module")
async def playwright_driver():
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
async def launch(playwright_driver):
    browsers = {}

    async def launch(*flags):
        if flags not in browsers:
            browsers[flags] = await playwright_driver.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *flags, AUTOPLAY]
            )
        return browsers[flags]

    yield launch
    for browser in browsers.values():
        await browser.close()


@pytest.fixture
async def open_as(launch, request):
    """``page = await open_as(person, width=..., flags=(...))``: signed in, tracks recorded."""
    groups = {}

    async def open_page(person, width=1280, flags=(FAKE_DEVICES, GRANT)):
        if flags not in groups:
            groups[flags] = SignedIn(await launch(*flags), request.node, f"-{len(groups)}")
        page = await groups[flags].open(person, width)
        await page.context.add_init_script(TRACK_TRACKER)
        return page

    yield open_page
    for group in groups.values():
        await group.close()


async def eventually(page, script, expected, timeout=15.0):
    """Evaluates ``script`` in the page until it gives ``expected`` (the last value in the failure)."""
    value = None
    for _ in range(int(timeout / 0.1)):
        value = await page.evaluate(script)
        if value == expected:
            return
        await asyncio.sleep(0.1)
    assert value == expected


def settings_url(server):
    return f"{server.url}/app/settings/call-settings"


async def option_value(select, label):
    return await select.locator("option", has_text=label).get_attribute("value")


async def meter_levels(page, samples=30):
    levels = []
    for _ in range(samples):
        levels.append(int(await page.get_by_test_id("input-meter").get_by_role("meter").get_attribute("data-level")))
        await page.wait_for_timeout(100)
    return levels


async def test_devices_meter_key_mode_and_test_are_kept_and_the_microphone_stops_on_leaving(live_server, open_as):
    person = await member()
    page = await open_as(person)
    await page.goto(settings_url(live_server))
    sidebar = page.get_by_test_id("settings-sidebar")
    await expect(sidebar.get_by_role("link", name="Call settings")).to_have_attribute(
        "aria-current", "page", timeout=BROWSER_PATIENCE_MS
    )

    # the devices by name (the browser names them once the microphone is allowed)
    microphones = page.get_by_role("combobox", name="Microphone")
    speakers = page.get_by_role("combobox", name="Speaker")
    await expect(microphones.locator("option", has_text="Fake Audio Input 2")).to_have_count(
        1, timeout=BROWSER_PATIENCE_MS
    )
    await expect(speakers.locator("option", has_text="Fake Audio Output 1")).to_have_count(1)
    await expect(microphones).to_have_value("")  # System default

    # the meter follows the fake microphone's beeps
    levels = await meter_levels(page)
    assert max(levels) > -60 and len(set(levels)) >= 3, levels

    # voice activity is the default; the threshold is a slider over the meter
    await expect(page.get_by_role("radio", name="Voice activity")).to_be_checked()
    threshold = page.get_by_role("slider", name="Voice activity threshold")
    await threshold.fill("30")
    await expect(threshold).to_have_attribute("aria-valuetext", "-62 dB")
    assert await page.evaluate("localStorage.getItem('voiceSensitivity')") == "70"

    # push to talk: record the middle mouse button, then a key
    await page.get_by_role("radio", name="Push to talk").check()
    key = page.get_by_test_id("ptt-key")
    await expect(key).to_have_text("None")
    await page.get_by_role("button", name="Record key").click()
    await expect(page.get_by_test_id("ptt-record")).to_have_text("Press a key or mouse button…")
    await page.mouse.click(600, 400, button="middle")
    await expect(key).to_have_text("Middle mouse button")
    await page.get_by_role("button", name="Change key").click()
    await page.keyboard.press("KeyB")
    await expect(key).to_have_text("B")
    await page.get_by_role("button", name="Change key").click()
    await page.keyboard.press("Escape")  # cancels: the key stays
    await expect(key).to_have_text("B")
    # in push-to-talk the meter shows the level without a threshold
    await expect(page.get_by_role("slider", name="Voice activity threshold")).to_have_count(0)

    # the second microphone, the first speaker
    second_mic = await option_value(microphones, "Fake Audio Input 2")
    first_speaker = await option_value(speakers, "Fake Audio Output 1")
    await microphones.select_option(second_mic)
    await speakers.select_option(first_speaker)
    await eventually(page, LIVE_TRACK_LABELS, ["Fake Audio Input 2"])

    # the microphone test plays the chosen microphone through the chosen speaker, until stopped
    await page.get_by_role("button", name="Start test").click()
    await expect(page.get_by_text("Speak: you should hear yourself.")).to_be_visible()
    loopback = """() => {
      const audio = document.querySelector('[data-testid="mic-test-audio"]');
      const track = audio.srcObject?.getAudioTracks()[0];
      return track ? {playing: !audio.paused, live: track.readyState === 'live', label: track.label, sink: audio.sinkId} : null;
    }"""
    await eventually(
        page, loopback, {"playing": True, "live": True, "label": "Fake Audio Input 2", "sink": first_speaker}
    )
    await page.set_viewport_size({"width": 1280, "height": 1300})  # the whole section in one picture
    await snapshot(page, "call-settings-1280.png")
    await page.set_viewport_size({"width": 1280, "height": 800})
    await page.get_by_role("button", name="Stop test").click()
    await eventually(page, loopback, None)

    # everything is still there after a reload
    await page.reload()
    await expect(page.get_by_role("radio", name="Push to talk")).to_be_checked(timeout=BROWSER_PATIENCE_MS)
    await expect(key).to_have_text("B")
    await expect(microphones).to_have_value(second_mic)
    await expect(speakers).to_have_value(first_speaker)
    assert await page.evaluate("localStorage.getItem('pttKeys')") == '["KeyB"]'
    await page.get_by_role("radio", name="Voice activity").check()
    await expect(page.get_by_role("slider", name="Voice activity threshold")).to_have_value("30")

    # leaving the page stops the microphone
    await eventually(page, LIVE_TRACK_LABELS, ["Fake Audio Input 2"])
    await sidebar.get_by_role("link", name="Interface").click()
    await expect(page.get_by_test_id("settings-interface")).to_be_visible()
    await eventually(page, LIVE_TRACK_LABELS, [])


async def test_the_page_fits_a_phone(live_server, open_as):
    person = await member()
    page = await open_as(person, width=390)
    await page.goto(settings_url(live_server))
    await expect(
        page.get_by_role("combobox", name="Microphone").locator("option", has_text="Fake Audio Input 2")
    ).to_have_count(1, timeout=BROWSER_PATIENCE_MS)
    await page.get_by_role("radio", name="Push to talk").check()
    await page.get_by_role("button", name="Record key").click()
    await page.keyboard.press("ControlRight")
    await expect(page.get_by_test_id("ptt-key")).to_have_text("Right Ctrl")
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await page.get_by_role("radio", name="Voice activity").check()
    await expect(page.get_by_role("slider", name="Voice activity threshold")).to_be_visible()
    await page.set_viewport_size({"width": 390, "height": 1700})
    await snapshot(page, "call-settings-390.png")


async def test_a_denied_or_missing_microphone_is_explained(live_server, open_as):
    person = await member()
    denied = await open_as(person, flags=(FAKE_DEVICES,))  # the browser refuses the permission
    await denied.goto(settings_url(live_server))
    await expect(denied.get_by_test_id("mic-problem")).to_contain_text(
        "The browser was not allowed to use your microphone", timeout=BROWSER_PATIENCE_MS
    )
    await expect(denied.get_by_role("button", name="Start test")).to_be_disabled()
    await denied.get_by_role("button", name="Try again").click()
    await expect(denied.get_by_test_id("mic-problem")).to_contain_text("not allowed")

    missing = await open_as(person, flags=(GRANT,))  # allowed, but there is no microphone
    await missing.goto(settings_url(live_server))
    await expect(missing.get_by_test_id("mic-problem")).to_contain_text(
        "No microphone was found", timeout=BROWSER_PATIENCE_MS
    )
    await expect(missing.get_by_role("radio", name="Voice activity")).to_be_checked()  # the rest still works


def avatar(page, user_id):
    return page.get_by_test_id("call-bar").locator(f'[data-testid="voice-avatar"][data-user-id="{user_id}"]')


async def test_a_call_uses_the_chosen_microphone_speaker_and_push_to_talk_key(live_server, open_as):
    client = live_server.app.quart.test_client()
    place = await community(client)
    ada, bob = place.owner, await join(client, place)
    page_a, page_b = await open_as(ada), await open_as(bob)

    # bob chooses push to talk with B, the second microphone and the first speaker
    await page_b.goto(settings_url(live_server))
    microphones = page_b.get_by_role("combobox", name="Microphone")
    await expect(microphones.locator("option", has_text="Fake Audio Input 2")).to_have_count(
        1, timeout=BROWSER_PATIENCE_MS
    )
    await microphones.select_option(await option_value(microphones, "Fake Audio Input 2"))
    speakers = page_b.get_by_role("combobox", name="Speaker")
    first_speaker = await option_value(speakers, "Fake Audio Output 1")
    await speakers.select_option(first_speaker)
    await page_b.get_by_role("radio", name="Push to talk").check()
    await page_b.get_by_role("button", name="Record key").click()
    await page_b.keyboard.press("KeyB")
    await expect(page_b.get_by_test_id("ptt-key")).to_have_text("B")

    channel_url = f"{live_server.url}/app/servers/{place.id}/{place.general}"
    for page in (page_a, page_b):
        await page.goto(channel_url)
        await page.get_by_test_id("voice-header-join").click()
    for page in (page_a, page_b):
        bar = page.get_by_test_id("call-bar")
        await expect(bar).to_have_attribute("data-status", "connected", timeout=BROWSER_PATIENCE_MS)
        await expect(bar.get_by_test_id("voice-avatar")).to_have_count(2)
    # the call's microphone is the chosen one (the settings page's own was stopped on leaving it)
    await eventually(page_b, LIVE_TRACK_LABELS, ["Fake Audio Input 2"])
    # and ada's voice plays through the chosen speaker
    await eventually(
        page_b,
        "[...document.querySelectorAll('[data-voice-audio] audio')].map((audio) => audio.sinkId)",
        [first_speaker],
    )

    await page_b.get_by_test_id("voice-mute").click()  # everyone joins muted (spec §4)
    await expect(page_b.get_by_test_id("call-bar")).to_contain_text("Hold B to talk")
    for _ in range(12):  # the fake microphone beeps, but nothing is sent while B is up
        await page_a.wait_for_timeout(200)
        assert await avatar(page_a, bob.id).get_attribute("data-speaking") is None
    await page_b.keyboard.down("KeyB")
    await expect(avatar(page_a, bob.id)).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)
    await page_b.keyboard.up("KeyB")
    await expect(avatar(page_a, bob.id)).not_to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)

    # the call bar's settings are the same settings: the key is there, and a mode change applies
    await page_b.get_by_role("button", name="Call settings").click()
    popover = page_b.get_by_test_id("call-settings")
    await expect(popover.get_by_test_id("ptt-key")).to_have_text("B")
    await popover.get_by_label("Always on").check()
    await page_b.keyboard.press("Escape")
    await expect(avatar(page_a, bob.id)).to_have_attribute("data-speaking", "true", timeout=BROWSER_PATIENCE_MS)
    assert await page_b.evaluate("localStorage.getItem('voiceInputMode')") == '"OPEN"'
