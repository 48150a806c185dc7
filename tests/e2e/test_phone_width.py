"""Every main screen at a phone's width (390 × 844): nothing scrolls sideways — neither the page nor
the pane it scrolls in — no control sticks out past the screen's edge, and the screen's primary
action is on screen and clickable. One server and one set of people serve every screen."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.async_api import expect

from core.identity.models import User
from core.testing import clear_tables, serve_on_free_port
from tests.conftest import REDIS_URL
from tests.e2e.conftest import navigate, photograph, snapshot
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.posts.helpers import post
from tests.plugins.servers.helpers import Community, join, ok
from tests.plugins.tickets.helpers import open_ticket
from tests.support import Person, upload_file

PHONE = {"width": 390, "height": 844}
ADMIN = 2  # the badge that makes a moderator
LONG_WORD = "Supercalifragilisticexpialidocious" * 4
LONG_URL = "https://example.com/" + "a-very-long-path-segment-" * 8
LONG_TEXT = (
    "A long message that has to wrap onto several lines on a phone instead of pushing the page "
    "sideways, which is what happens when a layout forgets that phones are narrow. "
) * 3

# Code blocks keep their lines and scroll sideways on purpose.
SCROLLS_ON_PURPOSE = "pre, code"
OVERFLOWS = """(allowed) => {
  const width = window.innerWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  // Text cut short on purpose with an ellipsis runs past its box; the reader sees the "…".
  const cutShort = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).textOverflow === 'ellipsis') return true;
    }
    return false;
  };
  const problems = [];
  if (document.documentElement.scrollWidth > width) problems.push(`page ${document.documentElement.scrollWidth}px wide`);
  if (document.body.scrollWidth > width) problems.push(`body ${document.body.scrollWidth}px wide`);
  for (const el of document.querySelectorAll('body *')) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (el.closest(allowed)) continue;
    const style = getComputedStyle(el);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    if (scrolls && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if ((box.left < -1 || box.right > width + 1) && !cutShort(el)) {
      // Cut off by an ancestor that clips: text or a control runs past the screen's edge.
      const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
      problems.push(`${name(el)} "${label}" spans ${Math.round(box.left)}..${Math.round(box.right)}px`);
    }
  }
  return [...new Set(problems)].slice(0, 12);
}"""


@dataclass
class World:
    url: str
    viewer: Person  # staff, owner of the server, friend of bob
    bob: Person
    place: Community
    dm: str
    post: str
    ticket: str
    role: str


@pytest.fixture(autouse=True)
async def clean_state() -> AsyncIterator[None]:
    """The module's world is built once below; the per-test wipe of the other tests would erase it."""
    yield


@pytest.fixture(scope="module")
async def world(database: Any, base_settings: Any) -> AsyncIterator[World]:
    from core.app import create_app

    await clear_tables(REDIS_URL)
    asgi = create_app(base_settings)
    url, stop, task = await serve_on_free_port(asgi)
    client = asgi.quart.test_client()
    viewer = await member(username="viewer")
    await User.filter(id=int(viewer.id)).update(badges=ADMIN)
    bob = await member(username="bob_with_a_rather_long_username")
    server = await ok(client, "POST", "/api/servers", {"name": "A server name long enough to wrap"}, viewer.token)
    place = Community(owner=viewer, server=server)
    await join(client, place, bob)
    await sent(client, bob, place.general, LONG_TEXT)
    await sent(client, bob, place.general, LONG_WORD)
    await sent(client, bob, place.general, f"look at {LONG_URL}")
    status, upload = await upload_file(
        client,
        bob.token,
        "attachments",
        place.general,
        png_bytes((1200, 300)),
        filename="wide.png",
        channel_id=place.general,
    )
    assert status == 200, upload
    await sent(client, bob, place.general, "a wide picture", nerimityCdnFileId=upload["fileId"])
    await sent(client, viewer, place.general, "and my reply")
    await make_friends(client, viewer, bob)
    dm = await open_dm(client, viewer, bob)
    await sent(client, bob, dm, LONG_TEXT)
    await sent(client, bob, dm, LONG_WORD)
    made = await post(client, bob, f"{LONG_TEXT[:200]} {LONG_WORD}")
    await post(client, viewer, "a reply to bob", postId=made["id"])
    await post(client, bob, LONG_WORD, postId=made["id"])
    ticket = await open_ticket(client, viewer, "A ticket with a title long enough to wrap on a phone", LONG_TEXT)
    await ok(
        client,
        "POST",
        f"/api/explore/servers/{place.id}",
        {"description": f"For phones {LONG_WORD[:80]}"},
        viewer.token,
    )
    role = await ok(client, "POST", f"/api/servers/{place.id}/roles", token=viewer.token)
    yield World(
        url=url, viewer=viewer, bob=bob, place=place, dm=dm, post=made["id"], ticket=str(ticket["id"]), role=role["id"]
    )
    stop.set()
    await task
    await clear_tables(REDIS_URL)


def by_id(test_id: str) -> Callable[[Any], Any]:
    return lambda page: page.get_by_test_id(test_id).first


def by_role(role: str, name: str, exact: bool = False) -> Callable[[Any], Any]:
    return lambda page: page.get_by_role(role, name=name, exact=exact).first


def by_css(selector: str) -> Callable[[Any], Any]:
    return lambda page: page.locator(selector).first


MENU = by_css(".main-header__menu")
COMPOSER = by_css(".composer__input")
SIDE_NAV = ".main-header__menu"  # opens the servers and the side pane as a drawer
SIDE_PANEL = ".main-header > button[aria-expanded]"  # opens the right drawer (members, a DM's profile)


@dataclass
class Screen:
    name: str
    path: Callable[[World], str]
    ready: Callable[[Any], Any]  # shown once the screen has loaded
    primary: Callable[[Any], Any] = MENU  # its main action: must be on screen and clickable
    signed_in: bool = True
    opens: str = ""  # the button pressed first: SIDE_NAV or SIDE_PANEL
    language: str = ""  # appLanguage, when not en-gb


def settings(section: str, test_id: str, primary: Callable[[Any], Any] = MENU) -> Screen:
    name = f"settings-{section.replace('/', '-')}"
    return Screen(name, lambda w: f"/app/settings/{section}", by_id(test_id), primary)


def server_settings(section: str, primary: Callable[[Any], Any] = MENU) -> Screen:
    return Screen(
        f"server-settings-{section.replace('/', '-')}",
        lambda w: f"/app/servers/{w.place.id}/settings/{section}",
        by_id("server-settings"),
        primary,
    )


def moderation(section: str, ready: Callable[[Any], Any], primary: Callable[[Any], Any] = MENU) -> Screen:
    return Screen(
        f"moderation-{section.split('/')[0] or 'home'}",
        lambda w: f"/app/moderation/{section}".rstrip("/"),
        ready,
        primary,
    )


def channel(w: World) -> str:
    return f"/app/servers/{w.place.id}/{w.place.general}"


SCREENS = [
    Screen(
        "landing",
        lambda w: "/",
        by_css(".hero__actions a"),
        lambda page: page.get_by_role("main").get_by_role("link", name="Register"),
        signed_in=False,
    ),
    Screen("login", lambda w: "/login", by_role("button", "Log in"), by_role("button", "Log in"), signed_in=False),
    Screen(
        "register",
        lambda w: "/register",
        by_role("button", "Create account"),
        by_role("button", "Create account"),
        signed_in=False,
    ),
    Screen(
        "home",
        lambda w: "/app",
        by_id("home-feed"),
        lambda page: page.get_by_test_id("post-composer").get_by_role("textbox"),
    ),
    Screen("channel", channel, by_id("message"), COMPOSER),
    Screen("channel-members", channel, by_id("message"), by_id("member-row"), opens=SIDE_PANEL),
    Screen("channel-list", channel, by_id("message"), by_id("channel-item"), opens=SIDE_NAV),
    Screen(
        "home-menu",
        lambda w: "/app",
        by_css("[data-testid=dashboard-welcome], [data-testid=home-feed]"),
        lambda page: page.get_by_test_id("home-sidebar").get_by_role("link").first,
        opens=SIDE_NAV,
    ),
    Screen(
        "settings-menu",
        lambda w: "/app/settings/interface",
        by_id("settings-interface"),
        lambda page: page.get_by_test_id("settings-sidebar").get_by_role("link", name="Account"),
        opens=SIDE_NAV,
    ),
    Screen("server-welcome", lambda w: f"/app/servers/{w.place.id}/welcome", by_css(".main-pane__content *")),
    server_settings("general", by_css(".main-pane__content input")),
    Screen(
        "server-settings-menu",
        lambda w: f"/app/servers/{w.place.id}/settings/general",
        by_id("server-settings"),
        lambda page: page.locator(".settings-nav__link").filter(has_text="Roles"),
        opens=SIDE_NAV,
    ),
    server_settings("roles"),
    server_settings("verify"),
    server_settings("external-embed"),
    Screen(
        "server-settings-role", lambda w: f"/app/servers/{w.place.id}/settings/roles/{w.role}", by_id("role-editor")
    ),
    server_settings("channels"),
    Screen(
        "server-settings-channel",
        lambda w: f"/app/servers/{w.place.id}/settings/channels/{w.place.general}",
        by_id("channel-editor"),
    ),
    Screen(
        "server-settings-channel-permissions",
        lambda w: f"/app/servers/{w.place.id}/settings/channels/{w.place.general}/permissions",
        by_id("channel-editor"),
    ),
    Screen(
        "server-settings-channel-webhooks",
        lambda w: f"/app/servers/{w.place.id}/settings/channels/{w.place.general}/webhooks",
        by_id("channel-editor"),
    ),
    server_settings("invites"),
    server_settings("bans"),
    server_settings("emojis"),
    server_settings("welcome-screen"),
    server_settings("notifications"),
    server_settings("audit-logs"),
    server_settings("publish-server"),
    Screen("dm", lambda w: f"/app/inbox/{w.dm}", by_id("message"), COMPOSER),
    Screen("dm-list", lambda w: f"/app/inbox/{w.dm}", by_id("message"), by_id("dm-item"), opens=SIDE_NAV),
    Screen(
        "dm-drawer",
        lambda w: f"/app/inbox/{w.dm}",
        by_id("message"),
        lambda page: page.locator(".right-drawer").get_by_role("button", name="Hide side panel"),
        opens=SIDE_PANEL,
    ),
    Screen("friends", lambda w: "/app/inbox", by_id("friends-pane"), by_role("tab", "All")),
    Screen("notifications", lambda w: "/app/notifications", by_css(".main-pane__content *")),
    Screen("mentions", lambda w: "/app/mentions", by_id("mentions-page")),
    Screen(
        "explore-servers",
        lambda w: "/app/explore/servers",
        by_id("explore-card"),
        by_role("searchbox", "Search servers"),
    ),
    Screen(
        "explore-server",
        lambda w: f"/app/explore/servers/{w.place.id}",
        by_id("explore-card"),
        lambda page: page.get_by_test_id("explore-card").locator("a.button").first,
    ),
    Screen("explore-bots", lambda w: "/app/explore/bots", by_id("explore-bots-page")),
    Screen("profile", lambda w: f"/app/profile/{w.bob.id}", by_id("profile-page"), by_role("button", "Message")),
    Screen("profile-posts", lambda w: f"/app/profile/{w.bob.id}/posts", by_id("post")),
    Screen(
        "post-with-replies",
        lambda w: f"/app?postId={w.post}",
        by_id("post-view"),
        lambda page: page.get_by_test_id("post-view").get_by_role("textbox").first,
    ),
    Screen("settings-account", lambda w: "/app/settings/account", by_css(".account-settings__title")),
    settings("account/profile", "profile-preview", by_role("textbox", "Bio", exact=True)),
    settings("badges", "badge-settings"),
    settings("clan", "wear-clan"),
    settings("interface", "settings-interface", by_role("radio", "Light")),
    settings("interface/custom-css", "custom-css-preview"),
    settings("notifications", "settings-notifications"),
    settings("call-settings", "call-settings", by_role("radio", "Voice activity")),
    settings("connections", "connections-none"),
    settings("privacy", "settings-privacy"),
    settings("external-embed", "user-external-embed"),
    settings("activity-status", "activity-none"),
    settings("language", "settings-language", by_role("radio", "Deutsch")),
    settings("developer", "settings-developer", by_role("switch", "Enable developer mode")),
    settings("developer/applications", "developer-page"),
    settings("experiments", "settings-experiments"),
    settings("tickets", "ticket-list"),
    Screen("settings-ticket", lambda w: f"/app/settings/tickets/{w.ticket}", by_id("ticket-messages")),
    moderation("", by_id("moderation-servers")),
    moderation("users", by_id("moderation-users"), by_role("button", "Search")),
    Screen(
        "moderation-user",
        lambda w: f"/app/moderation/users/{w.bob.id}",
        by_role("button", "Suspend"),
        by_role("button", "Suspend"),
    ),
    Screen("moderation-server", lambda w: f"/app/moderation/servers/{w.place.id}", by_css(".main-pane__content h2")),
    moderation("tickets", by_id("staff-ticket-list")),
    Screen("moderation-ticket", lambda w: f"/app/moderation/tickets/{w.ticket}", by_id("ticket-messages")),
    moderation("audit-logs", by_css(".main-pane__content *")),
    moderation("stats", by_id("moderation-totals")),
    moderation("online", by_id("moderation-online")),
    moderation("plugins", by_id("moderation-plugins")),
    moderation("instance", by_css(".instance-form")),
    moderation("suggestions", by_css(".main-pane__content *")),
    # Right to left, the drawers slide in from the other side; German has long labels.
    Screen("channel-ar-ps", channel, by_id("message"), COMPOSER, language="ar-ps"),
    Screen("channel-list-ar-ps", channel, by_id("message"), by_id("channel-item"), opens=SIDE_NAV, language="ar-ps"),
    Screen("channel-members-ar-ps", channel, by_id("message"), by_id("member-row"), opens=SIDE_PANEL, language="ar-ps"),
    Screen(
        "settings-profile-ar-ps", lambda w: "/app/settings/account/profile", by_id("settings-profile"), language="ar-ps"
    ),
    Screen(
        "landing-de-de",
        lambda w: "/",
        lambda page: page.get_by_role("main").get_by_role("link", name="Registrieren"),
        by_css(".hero__actions a"),
        signed_in=False,
        language="de-de",
    ),
    Screen(
        "server-settings-general-de-de",
        lambda w: f"/app/servers/{w.place.id}/settings/general",
        by_id("server-settings"),
        language="de-de",
    ),
    Screen("moderation-de-de", lambda w: "/app/moderation", by_id("moderation-servers"), language="de-de"),
]


@dataclass
class Phone:
    """A phone's page that the screens of one kind (signed in or not, a language) share: a screen
    reached through the app's router costs a fraction of a page load. A page is loaded afresh when
    the last screen left a drawer open, asked for the path it shows, or failed."""

    page: Any
    errors: list[str]
    fresh: bool = True


@pytest.fixture(scope="module")
async def phones(world: World, browser: Any) -> AsyncIterator[dict[tuple[bool, str], Phone]]:
    opened: dict[tuple[bool, str], Phone] = {}
    yield opened
    for phone in opened.values():
        await phone.page.context.close()


async def phone_for(phones: dict[tuple[bool, str], Phone], browser: Any, world: World, screen: Screen) -> Phone:
    key = (screen.signed_in, screen.language)
    if key not in phones:
        context = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        if screen.signed_in:
            await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(world.viewer.token)})")
        if screen.language:
            await context.add_init_script(f"localStorage.setItem('appLanguage', {json.dumps(screen.language)})")
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        phones[key] = Phone(page, errors)
    return phones[key]


@pytest.mark.parametrize("screen", SCREENS, ids=[screen.name for screen in SCREENS])
async def test_the_screen_fits_a_phone(world: World, browser: Any, phones: Any, screen: Screen) -> None:
    phone = await phone_for(phones, browser, world, screen)
    page, errors = phone.page, phone.errors
    errors.clear()
    path = screen.path(world)
    try:
        if phone.fresh or page.url == world.url + path:
            await page.goto(world.url + path)
        else:
            await navigate(page, path)
        phone.fresh = bool(screen.opens)  # a drawer left open would cover the next screen
        await expect(screen.ready(page)).to_be_visible(timeout=20_000)
        if screen.opens:
            await page.locator(screen.opens).click()
            drawer = ".app-layout__nav" if screen.opens == SIDE_NAV else ".right-drawer"
            await expect(page.locator(drawer)).to_be_in_viewport(ratio=1)  # slid in whole
        await page.wait_for_load_state("networkidle")
        await page.wait_for_function("() => [...document.images].every((image) => image.complete)")
        assert await page.evaluate(OVERFLOWS, SCROLLS_ON_PURPOSE) == [], screen.name
        primary = screen.primary(page)
        await expect(primary).to_be_in_viewport()
        await primary.click(trial=True, timeout=5_000)  # visible, enabled, and nothing covers it
        box = await primary.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
        assert errors == []
        await snapshot(page, f"phone-{screen.name}.png")
    except BaseException:
        phone.fresh = True
        await photograph(page, f"phone-{screen.name}")
        raise
