"""axe-core on the main screens (issue 33): home, a channel, a DM, settings, explore and moderation,
in each theme (default, AMOLED and light), then the two drawers at a phone's width. No screen may have a
serious or critical violation; a failure lists each one (rule, impact, where, a sample of the HTML).
Moderate and minor ones are printed (``pytest -s``) to be fixed as well, but do not fail the test.

axe-core comes from node_modules (a dev dependency) as an init script of the browser context:
nothing is fetched from the network, and the app's Content-Security-Policy stays as it is."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.async_api import expect

from core.identity.models import User
from core.settings import ROOT
from tests.e2e.conftest import snapshot
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.posts.helpers import post
from tests.plugins.servers.helpers import Community, join, ok

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ADMIN = 2  # the badge that makes a moderator
PHONE = {"width": 390, "height": 844}
BLOCKING = ("serious", "critical")
# axe is loaded into every page of the context; it runs on the whole document.
RUN_AXE = """async () => {
  const results = await axe.run(document, { resultTypes: ['violations'] });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String),
      html: node.html,
      summary: node.failureSummary || '',
    })),
  }));
}"""


@dataclass
class Place:
    viewer: Any  # a moderator who owns the server and is friends with bob
    server: Community
    dm: str


async def a_place(live_server: Any) -> Place:
    client = live_server.app.quart.test_client()
    viewer = await member(username="viewer")
    await User.filter(id=int(viewer.id)).update(badges=ADMIN)
    bob = await member(username="bob")
    server = Community(
        owner=viewer, server=await ok(client, "POST", "/api/servers", {"name": "Garden Club"}, viewer.token)
    )
    await join(client, server, bob)
    await sent(client, bob, server.general, "Welcome to the garden")
    await sent(client, viewer, server.general, "Thanks, glad to be here")
    await make_friends(client, viewer, bob)
    dm = await open_dm(client, viewer, bob)
    await sent(client, bob, dm, "Are you coming on Sunday?")
    await post(client, viewer, "The tulips are out")
    await ok(client, "POST", f"/api/explore/servers/{server.id}", {"description": "Gardeners who chat"}, viewer.token)
    return Place(viewer=viewer, server=server, dm=dm)


def screens(place: Place) -> list[tuple[str, str, str]]:
    """(name, path, what shows once it has loaded)"""
    channel = f"/app/servers/{place.server.id}/{place.server.general}"
    return [
        ("home", "/app", "[data-testid=post]"),
        ("channel", channel, "[data-testid=message] >> nth=1"),
        ("dm", f"/app/inbox/{place.dm}", "[data-testid=message]"),
        ("settings", "/app/settings/interface", "[data-testid=settings-interface]"),
        (  # the owner's view: their own modes and the server's default level
            "server-notifications",
            f"/app/servers/{place.server.id}/settings/notifications",
            "[data-testid=notification-default]",
        ),
        ("explore", "/app/explore/servers", "[data-testid=explore-card]"),
        ("moderation", "/app/moderation", "[data-testid=moderation-servers] a"),
    ]


def readable(screen: str, violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"[{screen}] {violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    at {' '.join(node['target'])}")
            lines.append(f"       {node['html'][:200]}")
        if len(violation["nodes"]) > 5:
            lines.append(f"    … and {len(violation['nodes']) - 5} more")
    return "\n".join(lines)


FINITE_ANIMATIONS_ENDED = """Promise.all(document.getAnimations()
  .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
  .map((animation) => animation.finished.catch(() => null)))"""


async def violations_on(page: Any, screen: str) -> list[dict[str, Any]]:
    """axe's serious and critical findings on the page as it is, once its fades and slides have
    ended (axe judges a colour mid-fade, faint; a loaded machine draws them slowly); the rest is
    printed."""
    await page.evaluate(FINITE_ANIMATIONS_ENDED)
    found = await page.evaluate(RUN_AXE)
    blocking = [violation for violation in found if violation["impact"] in BLOCKING]
    others = [violation for violation in found if violation["impact"] not in BLOCKING]
    if others:
        print(readable(screen, others))
    return blocking


async def settled(page: Any, ready: str) -> None:
    await expect(page.locator(ready).first).to_be_visible()
    await expect(page.get_by_test_id("connection-banner")).to_have_count(0)
    await page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("theme", ["light", "default", "amoled"])
async def test_the_main_screens_have_no_serious_accessibility_problems(
    live_server: Any, signed_in: Any, theme: str
) -> None:
    assert AXE.exists(), "axe-core is a dev dependency: npm ci"
    place = await a_place(live_server)
    page = await signed_in(place.viewer)
    await page.context.add_init_script(f"localStorage.setItem('theme', {json.dumps(json.dumps(theme))})")
    # an init script, as the page's Content-Security-Policy (script-src 'self') refuses a script tag
    await page.context.add_init_script(path=str(AXE))
    problems: list[str] = []

    for name, path, ready in screens(place):
        await page.goto(live_server.url + path)
        await settled(page, ready)
        assert await page.evaluate("document.documentElement.dataset.theme") == theme
        found = await violations_on(page, f"{name} {theme}")
        if found:
            problems.append(readable(f"{name} {theme}", found))
        await snapshot(page, f"a11y-{name}-{theme}.png")

    # At a phone's width the side pane and the right drawer slide over the channel.
    await page.set_viewport_size(PHONE)
    for name, opener, drawer in [
        ("side pane", ".main-header__menu", ".app-layout__nav"),
        ("right drawer", ".main-header > button[aria-expanded]", ".right-drawer"),
    ]:
        await page.goto(live_server.url + screens(place)[1][1])
        await settled(page, "[data-testid=message]")
        await page.locator(opener).click()
        await expect(page.locator(drawer)).to_be_in_viewport(ratio=1)
        found = await violations_on(page, f"phone {name} {theme}")
        if found:
            problems.append(readable(f"phone {name} {theme}", found))
        await snapshot(page, f"a11y-phone-{name.replace(' ', '-')}-{theme}.png")

    assert not problems, "axe found serious or critical problems:\n" + "\n".join(problems)
