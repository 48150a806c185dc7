"""Post search finds only what the caller's feed and Discover would show them: never the posts of
people they blocked or who blocked them, of suspended or shadow-banned authors (but their own), a
shared forum post whose forum they cannot view (nor replies to it), and nothing without posts."""

from __future__ import annotations

from typing import Any

import pytest

from core.plugins import discover, with_dependents
from tests.plugins.forums.helpers import forum
from tests.plugins.forums.helpers import post as forum_post
from tests.plugins.friends.helpers import block, error
from tests.plugins.moderation.helpers import ADMIN, ok, pw, staff, suspend
from tests.plugins.posts.helpers import confirmed, post
from tests.plugins.posts.test_staff_decisions import SHADOW_BAN, old_post
from tests.plugins.search.helpers import found_posts, post_search_call
from tests.plugins.servers.helpers import community, join
from tests.plugins.threads.helpers import tok


async def test_blocks_either_way_hide_posts_and_unblocking_shows_them_again(client):
    me, blocked, blocker = await confirmed(), await confirmed(), await confirmed()
    await post(client, blocked, "lighthouse by someone I blocked")
    await post(client, blocker, "lighthouse by someone who blocked me")
    await post(client, me, "lighthouse of mine")
    await block(client, me, blocked)
    await block(client, blocker, me)
    assert await found_posts(client, me, "lighthouse") == ["lighthouse of mine"]
    await ok(client, "DELETE", f"/api/users/{blocked.id}/block", token=me.token)
    assert sorted(await found_posts(client, me, "lighthouse")) == [
        "lighthouse by someone I blocked",
        "lighthouse of mine",
    ]


async def test_suspended_and_shadow_banned_authors_are_not_found_but_by_themselves(client):
    viewer, suspended, shadowed = await confirmed(), await confirmed(), await confirmed()
    await post(client, suspended, "harbour news by a suspended author")
    await old_post(shadowed, "harbour news by a shadow banned author")
    assert len(await found_posts(client, viewer, "harbour")) == 2
    admin = await staff(client, ADMIN)
    await suspend(client, admin, suspended)
    await ok(client, "POST", SHADOW_BAN, pw(userIds=[shadowed.id], reason="spam"), admin.token)
    assert await found_posts(client, viewer, "harbour") == []
    assert await found_posts(client, shadowed, "harbour") == ["harbour news by a shadow banned author"]
    await ok(client, "DELETE", "/api/moderation/users/suspend", pw(userIds=[suspended.id]), admin.token)
    assert await found_posts(client, viewer, "harbour") == ["harbour news by a suspended author"]


async def test_a_shared_forum_post_is_found_only_by_who_can_view_the_forum(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    author, reader, blind = [await join(live_client, place) for _ in range(3)]
    outsider = await confirmed()
    # the forum is hidden from the default role; ``author`` and ``reader`` see it through another
    seer = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    for person in (author, reader):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/members/{person.id}",
            {"roleIds": [seer["id"]]},
            place.owner.token,
        )
    for role_id, bits in ((place.default_role, 0), (seer["id"], 3)):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/channels/{forum_id}/permissions/{role_id}",
            {"permissions": bits},
            place.owner.token,
        )
    made = await forum_post(live_client, author, forum_id, "Printer on fire")
    shared = (await tok(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token))["post"]
    await tok(live_client, "POST", "/api/posts", {"content": "printer reply", "postId": shared["id"]}, reader.token)
    await post(live_client, author, "printer for sale")

    both = ["Printer on fire\n\nAbout Printer on fire", "printer for sale", "printer reply"]
    assert sorted(await found_posts(live_client, reader, "printer", features="search, threads")) == both
    for person in (blind, outsider):
        assert await found_posts(live_client, person, "printer", features="search, threads") == ["printer for sale"]
    # a client that did not name threads (forums are Hearth's) does not open the gate either
    assert await found_posts(live_client, reader, "printer") == ["printer for sale"]


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


async def test_without_the_posts_plugin_there_is_no_post_search(client_with):
    client = await client_with(**{"plugins.disabled": with_dependents(discover(), ["posts"])})
    me = await confirmed()
    assert await post_search_call(client, me, "anything") == (404, error("Not found."))
