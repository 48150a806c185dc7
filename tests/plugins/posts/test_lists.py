"""A user's posts, own posts, liked posts, comments, one post and announcements
(rest.md §7.1, §7.8–7.11, §7.17)."""

from __future__ import annotations

import pytest

from plugins.posts.models import PostAnnouncement
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.posts.helpers import call_from, confirmed, get, ids, ip, post
from tests.support import call, new_person, use_up


async def test_a_users_posts_without_and_with_replies_pinned_left_out(client):
    me, them = await confirmed(), await confirmed()
    first = await post(client, them, "first")
    pinned = await post(client, them, "pinned")
    reply = await post(client, them, "reply", postId=first["id"])
    await post(client, me, "not theirs")
    assert (await call(client, "POST", f"/api/posts/{pinned['id']}/pin", token=them.token))[0] == 200
    assert ids(await get(client, me, f"/api/users/{them.id}/posts")) == [first["id"]]
    for flag in ("true", "false", "1", "0"):  # upstream: any present value includes replies
        assert ids(await get(client, me, f"/api/users/{them.id}/posts?withReplies={flag}")) == [
            first["id"],
            reply["id"],
        ]
    assert ids(await get(client, None, f"/api/users/{them.id}/posts")) == [first["id"]]  # no token needed
    assert await get(client, me, "/api/users/123/posts") == []


async def test_user_posts_bad_input(client):
    me = await confirmed()
    assert await call(client, "GET", f"/api/users/{me.id}/posts?withReplies=yes", token=me.token) == (
        400,
        error("withReplies must be a boolean!", "withReplies"),
    )
    assert await call(client, "GET", f"/api/users/{'1' * 101}/posts", token=me.token) == (
        400,
        error("userId length must be between 1 and 100 characters.", "userId"),
    )


async def test_own_posts_route_takes_bots_and_any_replies_flag(client):
    me = await confirmed()
    top = await post(client, me, "top")
    reply = await post(client, me, "reply", postId=top["id"])
    assert ids(await get(client, me, "/api/posts")) == [top["id"]]
    assert ids(await get(client, me, "/api/posts?withReplies=anything")) == [top["id"], reply["id"]]
    assert await call(client, "GET", "/api/posts") == (401, error("No token provided."))


async def test_a_blocker_hides_their_posts(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "mine")
    await block(client, them, me)
    assert await get(client, me, f"/api/users/{them.id}/posts") == []
    assert await get(client, me, f"/api/posts/{theirs['id']}") == {
        "id": theirs["id"],
        "commentToId": None,
        "createdBy": theirs["createdBy"],
        "commentTo": None,
        "quotedPostId": None,
        "block": True,
    }
    # the blocker still sees what they blocked
    assert ids(await get(client, them, f"/api/users/{them.id}/posts")) == [theirs["id"]]


async def test_a_blocked_parent_is_stubbed_inside_a_reply(client):
    me, them, third = await confirmed(), await confirmed(), await confirmed()
    parent = await post(client, them, "parent")
    reply = await post(client, third, "reply", postId=parent["id"])
    await block(client, them, me)
    shown = await get(client, me, f"/api/posts/{reply['id']}")
    assert shown["content"] == "reply" and shown["commentTo"]["block"] is True
    assert "content" not in shown["commentTo"]


async def test_one_post_or_null(client):
    me = await confirmed()
    mine = await post(client, me, "hello")
    assert (await get(client, None, f"/api/posts/{mine['id']}"))["content"] == "hello"
    assert await get(client, me, "/api/posts/123") is None
    assert await get(client, me, "/api/posts/nope") is None


async def test_comments_are_direct_replies_oldest_first(client):
    me, them = await confirmed(), await confirmed()
    parent = await post(client, me, "parent")
    first = await post(client, them, "first", postId=parent["id"])
    second = await post(client, me, "second", postId=parent["id"])
    await post(client, me, "nested", postId=first["id"])
    assert ids(await get(client, None, f"/api/posts/{parent['id']}/comments")) == [first["id"], second["id"]]
    assert ids(await get(client, me, f"/api/posts/{parent['id']}/comments?limit=1")) == [second["id"]]
    assert ids(await get(client, me, f"/api/posts/{parent['id']}/comments?afterId={second['id']}")) == [first["id"]]
    assert (await get(client, me, f"/api/posts/{parent['id']}"))["_count"]["comments"] == 2


async def test_liked_posts_oldest_like_first(client):
    me, them = await confirmed(), await confirmed()
    a = await post(client, them, "a")
    b = await post(client, them, "b")
    for target in (b, a):
        assert (await call(client, "POST", f"/api/posts/{target['id']}/like", token=me.token))[0] == 200
    liked = await get(client, them, f"/api/users/{me.id}/posts/liked")
    assert ids(liked) == [b["id"], a["id"]]
    assert liked[0]["likedBy"] == []  # the viewer's own likes, not the liker's
    assert await call(client, "GET", f"/api/users/{me.id}/posts/liked") == (401, error("No token provided."))


async def test_announcements_newest_first(client):
    me = await confirmed()
    a = await post(client, me, "a")
    b = await post(client, me, "b")
    await post(client, me, "c")
    await PostAnnouncement.create(post_id=int(a["id"]))
    await PostAnnouncement.create(post_id=int(b["id"]))
    assert ids(await get(client, me, "/api/posts/announcement")) == [b["id"], a["id"]]
    assert await call(client, "GET", "/api/posts/announcement") == (401, error("No token provided."))


@pytest.mark.parametrize(
    ("path", "name", "allowed"),
    [
        ("/api/users/{id}/posts", "post_get", 100),
        ("/api/users/{id}/posts/liked", "post_get_liked", 100),
        ("/api/posts/announcement", "post_announcement", 20),
        ("/api/posts/{post}", "post_get_signle", 100),
        ("/api/posts/{post}/comments", "post_get_comments", 100),
    ],
)
async def test_list_rate_limits(client, limited_by_user, path, name, allowed):
    me = await new_person()
    url = path.format(id=me.id, post="123")

    assert (await call_from(limited_by_user, ip(0), "GET", url, me.token))[0] == 200  # opens the window
    await use_up(limited_by_user.app, name, me.id, allowed - 2)
    assert (await call_from(limited_by_user, ip(1), "GET", url, me.token))[0] == 200  # the last one allowed
    assert_limited(*await call_from(limited_by_user, ip(2), "GET", url, me.token), window_ms=20_000)
