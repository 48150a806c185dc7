"""Notifications in the browser (issue 13): with A's tab hidden, a mention from B fires exactly one
desktop notification and one sound, A's own messages none, a server A set to MUTE (on the settings
page, saved to the server and shown in the server's own settings) nothing, while a DM still does;
a click on the notification opens the channel. With the tab visible, messages from another channel
stack as in-app pop-ups, two at a time, newest on top. Volume and sounds survive a reload."""

import json
import re

import pytest
from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import Community, join, ok

pytestmark = pytest.mark.full_browser  # notifications: the headless shell has none

# Records what the page asks of the browser: each `new Notification(...)` (with its instance, to
# click it) and each sound played (the app plays notification sounds through <audio> elements).
RECORDER = """
window.__notifications = [];
window.__sounds = [];
const RealNotification = window.Notification;
function RecordingNotification(title, options = {}) {
  window.__notifications.push({ title, body: options.body, tag: options.tag, silent: options.silent, instance: this });
  this.close = () => {};
}
Object.defineProperty(RecordingNotification, "permission", { get: () => RealNotification.permission });
RecordingNotification.requestPermission = (...args) => RealNotification.requestPermission(...args);
window.Notification = RecordingNotification;
const realPlay = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  window.__sounds.push({ src: this.src, volume: this.volume });
  return realPlay.call(this).catch(() => undefined);
};
"""

HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""

NOTIFICATIONS = "window.__notifications.map(({ title, body, tag, silent }) => ({ title, body, tag, silent }))"


async def two_people(client):
    ada, bob = await member(username="ada"), await member(username="bob")
    server = await ok(client, "POST", "/api/servers", {"name": "Hearthside"}, ada.token)
    place = Community(owner=ada, server=server)
    await join(client, place, bob)
    return place, ada, bob


async def count(page, name: str, expected: int) -> None:
    await page.wait_for_function(
        f"(expected) => window.{name}.length >= expected", arg=expected, timeout=BROWSER_PATIENCE_MS
    )
    assert await page.evaluate(f"window.{name}.length") == expected


async def test_hidden_tab_mentions_own_messages_mute_and_dms(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob = await two_people(client)
    url = live_server.url
    page = await signed_in(ada)
    await page.context.grant_permissions(["notifications"], origin=url)
    await page.context.add_init_script(RECORDER)

    await page.goto(f"{url}/app/settings/notifications")
    switch = page.get_by_role("switch", name="Show desktop notifications")
    await expect(switch).not_to_be_checked(timeout=BROWSER_PATIENCE_MS)  # off until the user turns it on
    await switch.check()
    await expect(switch).to_be_checked()
    await expect(page.get_by_test_id("desktop-permission")).to_have_text(
        "Your browser allows Hearth to show notifications."
    )
    await expect(page.get_by_test_id("notification-server")).to_contain_text("Ping: All · Sound: All")
    await page.evaluate(HIDE)

    # A mention from B: one desktop notification (silent: Hearth plays its own sound) and one sound.
    await sent(client, bob, place.general, f"hi [@:{ada.id}]")
    await count(page, "__notifications", 1)
    assert await page.evaluate(NOTIFICATIONS) == [
        {"title": "bob in #General (Hearthside)", "body": "hi @ada", "tag": place.general, "silent": True}
    ]
    await count(page, "__sounds", 1)
    sound = (await page.evaluate("window.__sounds"))[0]
    assert sound["src"].startswith("blob:") and sound["volume"] == 1

    # A's own message fires nothing: B's next message (the server is on "All") is the next one.
    await sent(client, ada, place.general, "my own words")
    await sent(client, bob, place.general, "plain news")
    await count(page, "__notifications", 2)
    assert [n["body"] for n in await page.evaluate(NOTIFICATIONS)] == ["hi @ada", "plain news"]
    await count(page, "__sounds", 2)

    # Clicking the notification opens the channel.
    await page.evaluate("window.__notifications[0].instance.onclick()")
    await page.wait_for_url(f"{url}/app/servers/{place.id}/{place.general}")
    await expect(page.get_by_test_id("message").filter(has_text="plain news")).to_be_visible()

    # A mutes the server on the settings page; the server's own notifications page shows it.
    await page.goto(f"{url}/app/settings/notifications")
    await page.evaluate(HIDE)
    server_row = page.get_by_test_id("notification-server").filter(has_text="Hearthside")
    await server_row.get_by_role("button", name="Change notifications of Hearthside").click()
    await server_row.get_by_test_id("notification-ping").get_by_role("radio", name="Mute").check()
    await expect(server_row).to_contain_text("Ping: Mute · Sound: Mute")
    await server_row.get_by_test_id("notification-channel").filter(has_text="#General").get_by_role("button").click()
    await expect(
        server_row.get_by_test_id("notification-channel").get_by_role("radio", name="Use server default").first
    ).to_be_checked()

    await sent(client, bob, place.general, f"are you there [@:{ada.id}]")
    dm = await open_dm(client, bob, ada)
    await sent(client, bob, dm, "psst")
    await count(page, "__notifications", 1)  # the DM only: the muted server's mention fired nothing
    assert await page.evaluate(NOTIFICATIONS) == [{"title": "bob", "body": "psst", "tag": dm, "silent": True}]
    await count(page, "__sounds", 1)
    await page.set_viewport_size({"width": 1280, "height": 1800})  # the whole page: it scrolls inside the main pane
    await snapshot(page, "settings-notifications-servers-1280.png")
    await page.set_viewport_size({"width": 1280, "height": 800})

    # Saved on the server: after a reload both pages show it.
    await page.reload()
    await expect(page.get_by_test_id("notification-server").filter(has_text="Hearthside")).to_contain_text(
        "Ping: Mute · Sound: Mute", timeout=BROWSER_PATIENCE_MS
    )
    await page.goto(f"{url}/app/servers/{place.id}/{place.general}")
    await page.get_by_role("button", name="Server menu").click()
    await page.get_by_role("menuitem", name="Notification settings").click()
    await page.wait_for_url(f"{url}/app/servers/{place.id}/settings/notifications")
    await expect(page.get_by_test_id("notification-ping").get_by_role("radio", name="Mute")).to_be_checked()


async def test_visible_tab_stacks_two_pop_ups_newest_on_top(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob = await two_people(client)
    url = live_server.url
    page = await signed_in(ada, width=390)
    await page.context.add_init_script(RECORDER)
    await page.goto(f"{url}/app/settings/notifications")
    await expect(page.get_by_test_id("notification-server")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )  # signed in, servers known

    for text in ("one", "two", "three"):
        await sent(client, bob, place.general, text)
    toasts = page.get_by_test_id("notification-toast")
    await expect(toasts.first).to_contain_text("three", timeout=BROWSER_PATIENCE_MS)
    await expect(toasts).to_have_count(2)
    await expect(toasts.nth(1)).to_contain_text("two")
    await expect(toasts.first).to_contain_text("bob in #General (Hearthside)")
    await count(page, "__sounds", 3)
    assert await page.evaluate("window.__notifications.length") == 0  # the tab is visible
    await toasts.first.evaluate("(toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished))")
    await snapshot(page, "notification-toasts-390.png")

    await toasts.first.get_by_role("button").first.click()
    await page.wait_for_url(f"{url}/app/servers/{place.id}/{place.general}")
    await expect(toasts).to_have_count(1)
    await page.get_by_role("button", name="Dismiss").click()
    await expect(toasts).to_have_count(0)

    # On the channel itself, new messages there make no pop-up and no sound.
    await expect(page.get_by_test_id("message").filter(has_text="three")).to_be_visible()
    sounds = await page.evaluate("window.__sounds.length")
    dm = await open_dm(client, bob, ada)
    await sent(client, bob, place.general, "while you read")
    await sent(client, bob, dm, "a DM meanwhile")
    await expect(toasts).to_have_count(1)
    await expect(toasts.first).to_contain_text("a DM meanwhile")
    await count(page, "__sounds", sounds + 1)


async def test_volume_and_sounds_survive_a_reload(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.context.add_init_script(RECORDER)
    await page.goto(f"{live_server.url}/app/settings/notifications")
    volume = page.get_by_role("slider", name="Volume")
    await expect(page.get_by_test_id("volume-value")).to_have_text("10 / 10", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_role("combobox", name="Message sound")).to_have_value("default")
    await expect(page.get_by_role("combobox", name="Reminder sound")).to_have_value("level-up")

    await volume.fill("4")
    await expect(page.get_by_test_id("volume-value")).to_have_text("4 / 10")
    await page.get_by_role("combobox", name="Mention sound").select_option(label="Music box")
    await page.get_by_role("combobox", name="Reminder sound").select_option(label="Ding")
    await page.get_by_role("switch", name=re.compile("Mute notification sounds")).check()
    await page.get_by_role("button", name="Play: Mention sound").click()
    await count(page, "__sounds", 1)
    assert (await page.evaluate("window.__sounds"))[0]["volume"] == 0.4
    await page.set_viewport_size({"width": 1280, "height": 1500})
    await snapshot(page, "settings-notifications-1280.png")

    await page.reload()
    await expect(page.get_by_test_id("volume-value")).to_have_text("4 / 10", timeout=BROWSER_PATIENCE_MS)
    await expect(volume).to_have_value("4")
    await expect(page.get_by_role("combobox", name="Mention sound")).to_have_value("music-box")
    await expect(page.get_by_role("combobox", name="Reminder sound")).to_have_value("ding")
    await expect(page.get_by_role("switch", name=re.compile("Mute notification sounds"))).to_be_checked()
    assert json.loads(await page.evaluate("localStorage.getItem('notificationSounds')")) == {
        "message": "default",
        "mention": "music-box",
        "reminder": "ding",
    }

    phone = await signed_in(person, width=390)
    await phone.goto(f"{live_server.url}/app/settings/notifications")
    await expect(phone.get_by_test_id("volume-value")).to_have_text(
        "10 / 10", timeout=BROWSER_PATIENCE_MS
    )  # another browser: its own settings
    await phone.set_viewport_size({"width": 390, "height": 2000})
    await snapshot(phone, "settings-notifications-390.png")
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
