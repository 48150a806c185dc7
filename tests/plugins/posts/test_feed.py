"""GET /api/posts/feed and /api/posts/discover (rest.md §7.2–7.3)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from plugins.posts.models import Post
from plugins.posts.queries import first_id_at
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.posts.helpers import confirmed, get, ids, post
from tests.plugins.social.helpers import follow
from tests.support import call


async def test_the_feed_holds_mine_and_whom_i_follow_newest_first(client):
    me, followed, stranger = await confirmed(), await confirmed(), await confirmed()
    await follow(client, me, followed.id)
    a = await post(client, me, "mine")
    b = await post(client, followed, "theirs")
    await post(client, stranger, "not in my feed")
    await post(client, followed, "a reply", postId=a["id"])
    c = await post(client, stranger, "reposted by whom I follow")
    status, repost = await call(client, "POST", f"/api/posts/{c['id']}/repost", token=followed.token)
    assert status == 200
    assert ids(await get(client, me, "/api/posts/feed")) == [repost["id"], b["id"], a["id"]]
    [shown, *_] = await get(client, me, "/api/posts/feed")
    assert shown["repost"]["id"] == c["id"] and shown["content"] is None
    assert shown["repost"]["_count"]["reposts"] == 1
    assert shown["repost"]["reposts"] == [
        {"id": repost["id"], "createdBy": {"id": followed.id, "username": followed.username}}
    ]


async def test_feed_cursors_and_limits(client):
    me = await confirmed()
    made = [(await post(client, me, f"post {n}"))["id"] for n in range(5)]
    newest_first = list(reversed(made))
    assert ids(await get(client, me, "/api/posts/feed?limit=2")) == newest_first[:2]
    assert ids(await get(client, me, f"/api/posts/feed?limit=2&afterId={made[3]}")) == [made[2], made[1]]
    assert ids(await get(client, me, f"/api/posts/feed?beforeId={made[2]}")) == [made[4], made[3]]
    for junk in ("-1", "0", "abc", "1000"):
        assert ids(await get(client, me, f"/api/posts/feed?limit={junk}")) == newest_first
    assert await call(client, "GET", "/api/posts/feed?afterId=abc", token=me.token) == (
        400,
        error("afterId must be a post id.", "afterId"),
    )


async def test_deleted_posts_and_their_reposts_leave_the_feed(client):
    me, followed = await confirmed(), await confirmed()
    await follow(client, me, followed.id)
    original = await post(client, followed, "soon gone")
    status, _ = await call(client, "POST", f"/api/posts/{original['id']}/repost", token=me.token)
    assert status == 200
    kept = await post(client, me, "kept")
    assert len(await get(client, me, "/api/posts/feed")) == 3
    assert (await call(client, "DELETE", f"/api/posts/{original['id']}", token=followed.token))[0] == 200
    assert ids(await get(client, me, "/api/posts/feed")) == [kept["id"]]


async def test_discover_lists_everyones_top_level_posts_oldest_first_in_a_page(client):
    me, other, blocked, blocker = [await confirmed() for _ in range(4)]
    first = await post(client, other, "one")
    mine = await post(client, me, "two")
    await post(client, other, "a reply", postId=first["id"])
    await call(client, "POST", f"/api/posts/{first['id']}/repost", token=me.token)
    await post(client, blocked, "from someone I blocked")
    await post(client, blocker, "from someone who blocked me")
    await block(client, me, blocked)
    await block(client, blocker, me)
    assert ids(await get(client, me, "/api/posts/discover")) == [first["id"], mine["id"]]
    assert ids(await get(client, other, "/api/posts/discover"))[:2] == [first["id"], mine["id"]]


async def test_discover_most_liked_with_keyset_cursor(client):
    me = await confirmed()
    likers = [await confirmed() for _ in range(3)]
    made = [await post(client, me, f"p{n}") for n in range(4)]
    for post_index, count in ((1, 3), (2, 1), (3, 3)):
        for liker in likers[:count]:
            assert (await call(client, "POST", f"/api/posts/{made[post_index]['id']}/like", token=liker.token))[
                0
            ] == 200
    order = [made[1]["id"], made[3]["id"], made[2]["id"], made[0]["id"]]  # likes desc, then older first
    page = await get(client, me, "/api/posts/discover?sort=mostLikedAllTime&limit=2")
    assert ids(page) == list(reversed(order[:2]))
    after = await get(client, me, f"/api/posts/discover?sort=mostLikedAllTime&limit=2&afterId={order[1]}")
    assert ids(after) == list(reversed(order[2:]))
    assert await get(client, me, "/api/posts/discover?sort=mostLikedAllTime&afterId=123") == []
    unsorted = await get(client, me, "/api/posts/discover?sort=newest")
    assert ids(unsorted) == [p["id"] for p in made]


async def test_discover_windows_keep_recent_posts(client):
    me = await confirmed()
    recent = await post(client, me, "recent")
    old_id = first_id_at(datetime.now(UTC) - timedelta(days=20)) + 1
    await Post.create(id=old_id, created_by_id=int(me.id), content="old")
    assert ids(await get(client, me, "/api/posts/discover?sort=mostLiked7Days")) == [recent["id"]]
    assert set(ids(await get(client, me, "/api/posts/discover?sort=mostLiked30days"))) == {recent["id"], str(old_id)}


async def test_feed_and_discover_need_a_user(client):
    for path in ("/api/posts/feed", "/api/posts/discover"):
        assert await call(client, "GET", path) == (401, error("No token provided."))


async def test_feed_rate_limit_is_20_per_20_seconds(client, limited):
    me = await confirmed()
    for _ in range(20):
        assert (await call(limited, "GET", "/api/posts/feed", token=me.token))[0] == 200
    assert_limited(*await call(limited, "GET", "/api/posts/feed", token=me.token), window_ms=20_000)
    for _ in range(20):
        assert (await call(limited, "GET", "/api/posts/discover", token=me.token))[0] == 200
    assert_limited(*await call(limited, "GET", "/api/posts/discover", token=me.token), window_ms=20_000)
