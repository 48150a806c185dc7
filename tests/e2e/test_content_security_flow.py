"""The web UI under its Content-Security-Policy, in Chromium: the app, a server with a message
(its emoji drawn from Hearth's own Twemoji files), a profile and the settings load with no policy
violation and no console error; the user's custom
CSS still applies; and a profile whose colours hold CSS (stored before colours were checked)
makes the viewer's browser fetch nothing and trips no policy either."""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from plugins.accounts.models import Profile
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import community, join

ATTACK = "red), url(http://evil.example/x.png), linear-gradient(red"
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""


async def watched(signed_in: Any, person: Any, width: int = 1280) -> Any:
    page = await signed_in(person, width=width)
    await page.add_init_script(WATCH)
    page.console_errors = []
    page.on("console", lambda message: message.type == "error" and page.console_errors.append(message.text))
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))
    return page


async def assert_clean(page: Any) -> None:
    await page.wait_for_load_state("networkidle")
    assert await page.evaluate("window.__violations") == []
    assert page.console_errors == []


async def test_the_app_runs_under_its_policy_and_custom_css_applies(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place = await community(client)
    person = await join(client, place)
    await sent(client, place.owner, place.general, "Hello under a strict policy 🎉")
    for width in (1280, 800):
        page = await watched(signed_in, person, width)
        await page.add_init_script("localStorage.setItem('customCss', 'body { outline: 3px solid rgb(1, 2, 3); }')")
        response = await page.goto(f"{live_server.url}/app/servers/{place.id}/{place.general}")
        assert "script-src 'self';" in response.headers["content-security-policy"]
        await expect(page.get_by_text("Hello under a strict policy")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        # The emoji is Twemoji's picture, served by Hearth itself: the policy's img-src 'self' lets it in.
        party = page.get_by_test_id("message").get_by_role("img", name="🎉")
        await expect(party).to_have_js_property("complete", True)
        picture = await party.evaluate("(img) => ({ src: img.src, width: img.naturalWidth })")
        assert picture["src"].startswith(f"{live_server.url}/assets/twemoji-") and picture["width"] > 0
        assert await page.evaluate("getComputedStyle(document.body).outlineColor") == "rgb(1, 2, 3)"
        await assert_clean(page)
        await snapshot(page, f"csp-server-{width}px.png")

        await page.goto(f"{live_server.url}/app/profile/{place.owner.id}")
        await expect(page.get_by_test_id("profile-page")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
        await page.goto(f"{live_server.url}/app/settings/account")
        await expect(page).to_have_url(re.compile(r"/app/settings/account$"))
        await assert_clean(page)


async def test_css_in_a_stored_profile_colour_fetches_nothing(live_server, signed_in):
    author, viewer = await member(), await member()
    await Profile.create(user_id=int(author.id), bg_color_one=ATTACK, bg_color_two="#445566", primary_color=ATTACK)
    page = await watched(signed_in, viewer)
    await page.goto(f"{live_server.url}/app/profile/{author.id}")
    await expect(page.get_by_test_id("profile-page")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await assert_clean(page)
    assert not [url for url in page.requests if "evil.example" in url]
    await snapshot(page, "csp-profile-with-css-colours.png")
