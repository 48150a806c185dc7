"""What posts add to GET /users/:userId (rest.md §1.28) and an account deletion's purge (§1.25)."""

from __future__ import annotations

from plugins.posts.models import Post, PostLike, PostNotification, PostPollChoice, PostPollVote
from tests.plugins.friends.helpers import block
from tests.plugins.posts.helpers import confirmed, get, post
from tests.support import call


async def test_profile_counts_and_latest_post(client):
    me, them = await confirmed(), await confirmed()
    first = await post(client, them, "first")
    latest = await post(client, them, "latest")
    await post(client, them, "a reply", postId=first["id"])
    await call(client, "POST", f"/api/posts/{first['id']}/like", token=them.token)
    profile = await get(client, me, f"/api/users/{them.id}")
    assert profile["user"]["_count"]["posts"] == 3 and profile["user"]["_count"]["likedPosts"] == 1
    assert profile["latestPost"]["id"] == latest["id"]
    anonymous = await get(client, None, f"/api/users/{them.id}")
    assert anonymous["latestPost"]["id"] == latest["id"]
    await block(client, them, me)
    assert (await get(client, me, f"/api/users/{them.id}"))["latestPost"] is None


async def test_deleting_an_account_with_its_content_undoes_its_posts(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "theirs", poll={"choices": ["a", "b"]})
    mine = await post(client, me, "mine")
    await call(client, "POST", f"/api/posts/{theirs['id']}/like", token=me.token)
    await call(client, "POST", f"/api/posts/{theirs['id']}/repost", token=me.token)
    choice = theirs["poll"]["choices"][0]["id"]
    await call(
        client, "POST", f"/api/posts/{theirs['id']}/polls/{theirs['poll']['id']}/choices/{choice}", token=me.token
    )
    await call(client, "POST", f"/api/posts/{mine['id']}/like", token=them.token)

    status, _ = await call(
        client, "DELETE", "/api/users/delete-account", {"password": me.password, "deleteContent": True}, token=me.token
    )
    assert status == 200
    after = await get(client, them, f"/api/posts/{theirs['id']}")
    assert after["_count"] == {"likedBy": 0, "comments": 0, "reposts": 0}
    assert [c["_count"]["votedUsers"] for c in after["poll"]["choices"]] == [0, 0]
    assert await PostLike.all().count() == 0 and await PostPollVote.all().count() == 0
    assert await PostPollChoice.filter(votes__gt=0).count() == 0
    assert await Post.filter(created_by_id=int(me.id), deleted=False).count() == 0
    assert await PostNotification.filter(by_id=int(me.id)).count() == 0


async def test_deleting_an_account_without_content_keeps_its_posts(client):
    me = await confirmed()
    mine = await post(client, me, "stays")
    status, _ = await call(client, "DELETE", "/api/users/delete-account", {"password": me.password}, token=me.token)
    assert status == 200
    assert (await Post.get(id=int(mine["id"]))).content == "stays"
