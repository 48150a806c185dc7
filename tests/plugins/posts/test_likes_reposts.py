"""Like, unlike, repost and their lists (rest.md §7.14–7.16, §7.18–7.19)."""

from __future__ import annotations

from plugins.posts.models import LIKED, REPOSTED, Post, PostLike, PostNotification
from tests.plugins.accounts.helpers import confirm_email
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.posts.helpers import confirmed, get, post
from tests.support import call, new_person

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


async def like(client, person, post_id, action="like"):
    return await call(client, "POST", f"/api/posts/{post_id}/{action}", token=person.token)


async def test_like_and_unlike(client):
    me, them = await new_person(), await confirmed()
    theirs = await post(client, them, "like me")
    status, liked = await like(client, me, theirs["id"])
    assert status == 200, liked
    assert liked["_count"]["likedBy"] == 1 and liked["estimateLikes"] == 1 and len(liked["likedBy"]) == 1
    assert await PostNotification.filter(type=LIKED).values_list("to_id", "by_id", "post_id") == [
        (int(them.id), int(me.id), int(theirs["id"]))
    ]
    status, unliked = await like(client, me, theirs["id"], "unlike")
    assert status == 200 and unliked["_count"]["likedBy"] == 0 and unliked["likedBy"] == []
    await like(client, me, theirs["id"])
    assert await PostNotification.filter(type=LIKED).count() == 1  # once per liker and post


async def test_like_refusals(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "x")
    assert await like(client, me, "123") == (400, error("Post not found"))
    await like(client, me, theirs["id"])
    assert await like(client, me, theirs["id"]) == (400, error("You have already liked this post!"))
    other = await post(client, them, "y")
    await block(client, them, me)
    assert await like(client, me, other["id"]) == (400, error("You have been blocked by this user!"))
    assert await like(client, me, other["id"], "unlike") == (400, error("You have not liked this post!"))
    assert await like(client, me, "nope", "unlike") == (400, error("You have not liked this post!"))
    assert await call(client, "POST", f"/api/posts/{other['id']}/like") == (401, error("No token provided."))
    assert await PostLike.all().count() == 1


async def test_liking_my_own_post_notifies_nobody(client):
    me = await confirmed()
    mine = await post(client, me, "x")
    assert (await like(client, me, mine["id"]))[0] == 200
    assert await PostNotification.all().count() == 0


async def test_like_rate_limits_are_30_per_20_seconds(client, limited):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "x")
    for n in range(30):
        assert (await like(limited, me, theirs["id"]))[0] == (200 if n == 0 else 400)
    assert_limited(*await like(limited, me, theirs["id"]), window_ms=20_000)
    for _ in range(30):
        assert (await like(limited, them, "123", "unlike"))[0] == 400
    assert_limited(*await like(limited, them, "123", "unlike"), window_ms=20_000)


async def test_likes_list_newest_first_with_full_users(client):
    me, a, b = await confirmed(), await new_person(), await new_person()
    mine = await post(client, me, "x")
    await like(client, a, mine["id"])
    await like(client, b, mine["id"])
    listed = await get(client, me, f"/api/posts/{mine['id']}/likes")
    assert [entry["likedBy"]["id"] for entry in listed] == [b.id, a.id]
    assert set(listed[0]["likedBy"]) == FULL_USER and isinstance(listed[0]["createdAt"], int)
    assert await call(client, "GET", "/api/posts/123/likes", token=me.token) == (403, error("Post not found"))
    assert await call(client, "GET", f"/api/posts/{mine['id']}/likes") == (401, error("No token provided."))


async def test_repost(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "share me")
    status, repost = await like(client, me, theirs["id"], "repost")
    assert status == 200, repost
    assert (repost["content"], repost["repostId"], repost["repost"]["id"]) == (None, theirs["id"], theirs["id"])
    assert repost["repost"]["_count"]["reposts"] == 1 and repost["repost"]["estimateReposts"] == 1
    assert await PostNotification.all().values_list("type", "to_id", "by_id", "post_id") == [
        (REPOSTED, int(them.id), int(me.id), int(theirs["id"]))
    ]
    listed = await get(client, them, f"/api/posts/{theirs['id']}/reposts")
    assert [entry["createdBy"]["id"] for entry in listed] == [me.id]
    assert set(listed[0]["createdBy"]) == FULL_USER
    assert (await get(client, me, f"/api/posts/{theirs['id']}"))["reposts"] == [
        {"id": repost["id"], "createdBy": {"id": me.id, "username": me.username}}
    ]


async def test_repost_refusals(client):
    me, them, unconfirmed = await confirmed(), await confirmed(), await new_person()
    theirs = await post(client, them, "x")
    assert await like(client, unconfirmed, theirs["id"], "repost") == (
        400,
        error("You must confirm your email to create posts."),
    )
    assert await like(client, me, "123", "repost") == (400, error("Comment not found"))
    _, repost = await like(client, me, theirs["id"], "repost")
    assert await like(client, me, theirs["id"], "repost") == (400, error("You have already reposted this post."))
    assert await like(client, them, repost["id"], "repost") == (400, error("Comment not found"))
    other = await post(client, them, "y")
    await block(client, them, me)
    assert await like(client, me, other["id"], "repost") == (400, error("You have been blocked by this user!"))
    assert await Post.filter(repost_id__isnull=False).count() == 1
    assert (await get(client, them, f"/api/posts/{theirs['id']}"))["_count"]["reposts"] == 1
    await confirm_email(client, unconfirmed)
    assert (await like(client, unconfirmed, theirs["id"], "repost"))[0] == 200


async def test_repost_rate_limit_is_5_per_20_seconds(client, limited):
    me, them = await confirmed(), await confirmed()
    targets = [await post(client, them, f"p{n}") for n in range(6)]
    for target in targets[:5]:
        assert (await like(limited, me, target["id"], "repost"))[0] == 200
    assert_limited(*await like(limited, me, targets[5]["id"], "repost"), window_ms=20_000)
