"""Decisions of issue 32 where staff actions and posts meet (posts README "Staff decisions",
moderation README "Decisions"): no reply to a deleted post; a shadow-banned user's likes, votes,
reposts and follows reach nobody; suspended and shadow-banned authors leave Discover; a user
you block (or who blocks you) leaves your notifications."""

from __future__ import annotations

import time

from core.ids import EPOCH_MS
from plugins.posts.models import Post, PostLike, PostNotification, PostPollVote
from tests.plugins.friends.helpers import block
from tests.plugins.moderation.helpers import ADMIN, ok, pw, staff, suspend
from tests.plugins.posts.helpers import confirmed, create, get, ids, post
from tests.plugins.social.helpers import follow
from tests.support import call

SHADOW_BAN = "/api/moderation/users/shadow-ban"
VAGUE = {"message": "Something went wrong. Try again later.", "path": None}


async def test_a_deleted_post_takes_no_reply(client):
    author, replier = await confirmed(), await confirmed()
    parent = await post(client, author, "soon gone")
    await ok(client, "DELETE", f"/api/posts/{parent['id']}", token=author.token)
    assert await create(client, replier, "too late", postId=parent["id"]) == (
        400,
        {"message": "Comment not found", "path": None},
    )
    admin = await staff(client, ADMIN)
    await ok(client, "POST", SHADOW_BAN, pw(userIds=[replier.id], reason="spam"), admin.token)
    # the fake post of a shadow-banned author passes the same checks
    assert (await create(client, replier, "too late", postId=parent["id"]))[0] == 400
    assert not await Post.exists(comment_to_id=int(parent["id"]))


async def test_a_shadow_banned_users_likes_votes_reposts_and_follows_reach_nobody(client):
    author, banned = await confirmed(), await confirmed()
    liked_before = await post(client, author, "liked before the ban")
    await ok(client, "POST", f"/api/posts/{liked_before['id']}/like", token=banned.token)
    poll = await post(client, author, "which?", poll={"choices": ["tea", "coffee"]})
    admin = await staff(client, ADMIN)
    await ok(client, "POST", SHADOW_BAN, pw(userIds=[banned.id], reason="spam"), admin.token)
    notifications_before = await PostNotification.filter(to_id=int(author.id)).count()

    assert await call(client, "POST", f"/api/posts/{poll['id']}/like", token=banned.token) == (403, VAGUE)
    assert await call(client, "POST", f"/api/posts/{poll['id']}/repost", token=banned.token) == (403, VAGUE)
    choice = poll["poll"]["choices"][0]["id"]
    vote = f"/api/posts/{poll['id']}/polls/{poll['poll']['id']}/choices/{choice}"
    assert await call(client, "POST", vote, token=banned.token) == (403, VAGUE)
    assert (await follow(client, banned, author.id))[0] == 200  # the follow itself is the social plugin's

    seen = await get(client, author, f"/api/posts/{poll['id']}")
    assert (seen["estimateLikes"], seen["estimateReposts"], seen["_count"]["likedBy"]) == (0, 0, 0)
    assert seen["poll"]["choices"][0]["_count"]["votedUsers"] == 0
    assert not await PostLike.exists(post_id=int(poll["id"]))
    assert not await PostPollVote.exists(user_id=int(banned.id))
    assert not await Post.exists(repost_id=int(poll["id"]))
    assert await PostNotification.filter(to_id=int(author.id)).count() == notifications_before  # no FOLLOWED
    # taking back a like from before the ban is allowed: it only hides what others saw
    await ok(client, "POST", f"/api/posts/{liked_before['id']}/unlike", token=banned.token)
    assert not await PostLike.exists(post_id=int(liked_before["id"]))


async def old_post(author, content: str) -> int:
    eight_hours_ago = int(time.time() * 1000) - 8 * 3600 * 1000
    post_id = (eight_hours_ago - EPOCH_MS) << 22
    await Post.create(id=post_id, created_by_id=int(author.id), content=content, mention_user_ids=[])
    return post_id


async def test_suspended_and_shadow_banned_authors_leave_discover(client):
    viewer, suspended, shadowed, fine = [await confirmed() for _ in range(4)]
    by_suspended = await post(client, suspended, "old post of someone suspended later")
    # older than the 7 hours a shadow ban deletes
    by_shadowed = {"id": str(await old_post(shadowed, "old post of someone shadow-banned later"))}
    by_fine = await post(client, fine, "still here")
    admin = await staff(client, ADMIN)
    listed = ids(await get(client, viewer, "/api/posts/discover"))
    assert {by_suspended["id"], by_shadowed["id"], by_fine["id"]} <= set(listed)

    await suspend(client, admin, suspended)
    await ok(client, "POST", SHADOW_BAN, pw(userIds=[shadowed.id], reason="spam"), admin.token)
    for sort in ("", "?sort=mostLikedAllTime", "?sort=mostLiked7Days"):
        listed = ids(await get(client, viewer, f"/api/posts/discover{sort}"))
        assert by_fine["id"] in listed
        assert by_suspended["id"] not in listed and by_shadowed["id"] not in listed
    # their posts stay reachable by link, and the shadow-banned author still sees their own
    assert (await get(client, viewer, f"/api/posts/{by_suspended['id']}"))["id"] == by_suspended["id"]
    assert by_shadowed["id"] in ids(await get(client, shadowed, "/api/posts/discover"))

    await ok(client, "DELETE", "/api/moderation/users/suspend", pw(userIds=[suspended.id]), admin.token)
    await ok(client, "DELETE", SHADOW_BAN, pw(userIds=[shadowed.id]), admin.token)
    listed = ids(await get(client, viewer, "/api/posts/discover"))
    assert by_suspended["id"] in listed and by_shadowed["id"] in listed


async def test_notifications_leave_out_users_blocked_either_way(client):
    me, follower, liker, other = [await confirmed() for _ in range(4)]
    mine = await post(client, me, "like me")
    assert (await follow(client, follower, me.id))[0] == 200
    await ok(client, "POST", f"/api/posts/{mine['id']}/like", token=liker.token)
    await ok(client, "POST", f"/api/posts/{mine['id']}/like", token=other.token)

    async def shown() -> tuple[list[str], int]:
        listed = await get(client, me, "/api/posts/notifications")
        return sorted(n["byId"] for n in listed), await get(client, me, "/api/posts/notifications/count")

    assert await shown() == (sorted([follower.id, liker.id, other.id]), 3)
    await block(client, me, follower)  # a FOLLOWED notification from a user I block later
    await block(client, liker, me)  # a like from a user who blocks me later
    assert await shown() == ([other.id], 1)

    assert await call(client, "DELETE", f"/api/users/{follower.id}/block", token=me.token) == (200, {"status": True})
    assert await shown() == (sorted([follower.id, other.id]), 2)  # kept, shown again once unblocked
