"""Posts with the plugins they only hook into: link previews through link_embeds, and the feed,
blocks and follow notifications when social, friends or link_embeds are disabled."""

from __future__ import annotations

from typing import Any

import pytest

from core.plugins import discover, with_dependents
from plugins.posts.models import PostNotification
from tests.plugins.posts.helpers import confirmed, get, ids, post
from tests.testsite import site  # noqa: F401 - the fixture


@pytest.fixture
async def client_with(make_app) -> Any:
    apps: list[Any] = []

    async def build(**overrides: Any) -> Any:
        app = make_app(**overrides)
        await app.startup()
        apps.append(app)
        return app.test_client()

    yield build
    for app in apps:
        await app.shutdown()


async def test_the_first_link_gets_its_preview(client_with, site):
    client = await client_with(**{"fetch.allow_private_networks": True})
    me = await confirmed()
    created = await post(client, me, f"look {site.url('/og')} and {site.url('/wide.png')}")
    embed = created["embed"]
    assert (embed["title"], embed["origUrl"], embed["siteName"]) == ("Hearth & friends", site.url("/og"), "Hearth Blog")
    response = await client.patch(
        f"/api/posts/{created['id']}", json={"content": "no link now"}, headers={"Authorization": me.token}
    )
    assert (await response.get_json())["embed"] is None


async def test_without_link_embeds_posts_have_no_preview(client_with, site):
    client = await client_with(**{"fetch.allow_private_networks": True, "plugins.disabled": ["link_embeds"]})
    me = await confirmed()
    assert (await post(client, me, f"look {site.url('/og')}"))["embed"] is None


async def test_without_social_the_feed_is_your_own_and_nobody_is_notified_of_follows(client_with):
    client = await client_with(**{"plugins.disabled": ["social"]})
    me, them = await confirmed(), await confirmed()
    mine = await post(client, me, "mine")
    await post(client, them, "theirs")
    assert ids(await get(client, me, "/api/posts/feed")) == [mine["id"]]
    assert len(await get(client, me, "/api/posts/discover")) == 2
    assert await PostNotification.all().count() == 0


async def test_without_friends_nobody_is_blocked(client_with):
    client = await client_with(
        **{
            "plugins.disabled": with_dependents(
                discover(), ["friends", "social", "inbox", "presence", "servers", "og_pages", "tickets"]
            )
        }
    )
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "theirs")
    assert (await get(client, me, f"/api/posts/{theirs['id']}"))["content"] == "theirs"
