"""Post notifications, their count and dismissal (rest.md §7.4–7.6; FOLLOWED from §1.30)."""

from __future__ import annotations

from plugins.posts.models import FOLLOWED, LIKED, MENTIONED, REPLIED
from tests.plugins.friends.helpers import assert_limited, error
from tests.plugins.posts.helpers import call_from, confirmed, get, ip, post
from tests.plugins.social.helpers import follow, unfollow
from tests.support import call, use_up

FULL_USER = {
    "id",
    "username",
    "tag",
    "hexColor",
    "avatar",
    "banner",
    "badges",
    "bot",
    "joinedAt",
    "status",
    "customStatus",
    "lastOnlineAt",
    "lastOnlineStatus",
}


async def count(client, person):
    return await get(client, person, "/api/posts/notifications/count")


async def test_likes_replies_mentions_and_follows_notify_newest_first(client):
    me, them = await confirmed(), await confirmed()
    mine = await post(client, me, "mine")
    await call(client, "POST", f"/api/posts/{mine['id']}/like", token=them.token)
    reply = await post(client, them, "reply", postId=mine["id"])
    mention = await post(client, them, f"hi @{me.username}:{me.tag}")
    await follow(client, them, me.id)
    listed = await get(client, me, "/api/posts/notifications")
    assert [(n["type"], n["postId"]) for n in listed] == [
        (FOLLOWED, None),
        (MENTIONED, mention["id"]),
        (REPLIED, reply["id"]),
        (LIKED, mine["id"]),
    ]
    first = listed[0]
    assert set(first) == {"id", "createdAt", "type", "toId", "byId", "postId", "by", "post"}
    assert (first["toId"], first["byId"], first["post"]) == (me.id, them.id, None)
    assert set(first["by"]) == FULL_USER
    assert listed[1]["post"]["content"] == f"hi [@:{me.id}]"
    assert await count(client, me) == 4
    assert await get(client, them, "/api/posts/notifications") == []


async def test_following_again_does_not_notify_twice(client):
    me, them = await confirmed(), await confirmed()
    await follow(client, them, me.id)
    await unfollow(client, them, me.id)
    await follow(client, them, me.id)
    assert await count(client, me) == 1


async def test_dismiss_resets_the_count_only(client):
    me, them = await confirmed(), await confirmed()
    mine = await post(client, me, "mine")
    await call(client, "POST", f"/api/posts/{mine['id']}/like", token=them.token)
    assert await count(client, me) == 1
    assert await call(client, "POST", "/api/posts/notifications/dismiss", token=me.token) == (200, "")
    assert await count(client, me) == 0
    assert len(await get(client, me, "/api/posts/notifications")) == 1
    await post(client, them, "reply", postId=mine["id"])
    assert await count(client, me) == 1


async def test_only_the_latest_20(client):
    me, them = await confirmed(), await confirmed()
    mine = [await post(client, me, f"p{n}") for n in range(21)]
    for target in mine:
        await call(client, "POST", f"/api/posts/{target['id']}/like", token=them.token)
    listed = await get(client, me, "/api/posts/notifications")
    assert [n["postId"] for n in listed] == [p["id"] for p in reversed(mine)][:20]
    assert await count(client, me) == 21


async def test_notification_routes_need_a_user_and_are_limited(client, limited_by_user):
    for method, path in (
        ("GET", "/api/posts/notifications"),
        ("GET", "/api/posts/notifications/count"),
        ("POST", "/api/posts/notifications/dismiss"),
    ):
        assert await call(client, method, path) == (401, error("No token provided."))
    me = await confirmed()
    for n, (method, path, bucket) in enumerate(
        (
            ("GET", "/api/posts/notifications", "post_notifications"),
            ("GET", "/api/posts/notifications/count", "post_notification_count"),
            ("POST", "/api/posts/notifications/dismiss", "post_notification_dismiss"),
        )
    ):
        assert (await call_from(limited_by_user, ip(3 * n), method, path, me.token))[0] == 200
        await use_up(limited_by_user.app, bucket, me.id, 48)
        assert (await call_from(limited_by_user, ip(3 * n + 1), method, path, me.token))[0] == 200  # the fiftieth
        assert_limited(*await call_from(limited_by_user, ip(3 * n + 2), method, path, me.token), window_ms=20_000)
