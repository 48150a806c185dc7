"""A shadow-banned author's posts (rest.md §0.8, §7.7): the answer looks like a post — content with
its mentions, image, poll and parent — but nothing is stored, nobody is notified, no mention is
sent, and their followers' feeds stay as they were."""

from __future__ import annotations

from plugins.posts.models import Post, PostNotification, PostPoll
from tests.plugins.accounts.helpers import ping
from tests.plugins.moderation.helpers import ADMIN, ok, pw, staff
from tests.plugins.posts.helpers import confirmed, get, ids, post, uploaded_image
from tests.plugins.social.helpers import follow

SHADOW_BAN = "/api/moderation/users/shadow-ban"


async def test_a_shadow_banned_author_posts_into_the_void(live_client, sockets):
    client = live_client
    banned, mentioned, follower, parent_author = [await confirmed() for _ in range(4)]
    await follow(client, follower, banned.id)
    parent = await post(client, parent_author, "a real post")
    admin = await staff(client, ADMIN)
    await ok(client, "POST", SHADOW_BAN, pw(userIds=[banned.id], reason="spam"), admin.token)
    mentioned_socket = await sockets(mentioned.token)
    image = await uploaded_image(client, banned)
    stored_before = await Post.all().count()

    fake = await post(
        client,
        banned,
        f"cheap stuff @{mentioned.username}:{mentioned.tag}",
        nerimityCdnFileId=image,
        poll={"choices": ["buy", "buy now"]},
    )
    assert fake["content"] == f"cheap stuff [@:{mentioned.id}]"
    assert fake["createdBy"]["id"] == banned.id and fake["createdById"] == banned.id
    assert [m["id"] for m in fake["mentions"]] == [mentioned.id]
    assert [c["content"] for c in fake["poll"]["choices"]] == ["buy", "buy now"]
    assert fake["attachments"][0]["id"] == image and fake["deleted"] is False
    assert fake["_count"] == {"likedBy": 0, "comments": 0, "reposts": 0}
    real_shape = await post(client, parent_author, "for comparison")
    assert set(fake) == set(real_shape)

    fake_reply = await post(client, banned, "me too", postId=parent["id"])
    assert fake_reply["commentToId"] == parent["id"] and fake_reply["commentTo"]["content"] == "a real post"

    assert await Post.all().count() == stored_before + 1  # only the comparison post
    assert await PostPoll.all().count() == 0
    assert await get(client, banned, f"/api/posts/{fake['id']}") is None
    assert ids(await get(client, follower, "/api/posts/feed")) == []
    assert (await get(client, parent_author, f"/api/posts/{parent['id']}"))["_count"]["comments"] == 0
    assert await PostNotification.filter(by_id=int(banned.id)).count() == 0
    await ping(client, mentioned, mentioned_socket)
    assert mentioned_socket.received("post:mention") == []

    # lifted: posts are real again
    await ok(client, "DELETE", SHADOW_BAN, pw(userIds=[banned.id]), admin.token)
    real = await post(client, banned, "sorry")
    assert ids(await get(client, follower, "/api/posts/feed")) == [real["id"]]
