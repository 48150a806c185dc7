"""Sharing a forum post to the feed: only its author, once; the feed post links back and is seen
only by people who can view the forum, asking as Hearth's client does — in the feed, on the
profile, by id, in its comments and likes — and by nobody else (a protocol client included)."""

from tests.plugins.forums.helpers import forum, post
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import tcall, tok
from tests.support import Person


async def _follow(client, person: Person, whom: Person) -> None:
    await ok(client, "POST", f"/api/users/{whom.id}/follow", token=person.token)


async def _feed_ids(client, person: Person, opt_in: bool = True) -> list[str]:
    status, feed = await tcall(client, "GET", "/api/posts/feed", token=person.token, opt_in=opt_in)
    assert status == 200, feed
    return [p["id"] for p in feed]


async def test_sharing_a_post_to_the_feed(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    author = await join(live_client, place)
    made = await post(live_client, author, forum_id, "Printer on fire")

    shared = await tok(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token)
    feed_post = shared["post"]
    assert shared["postId"] == made["id"] and shared["sharedPostId"] == feed_post["id"]
    assert feed_post["content"] == "Printer on fire\n\nAbout Printer on fire"
    assert feed_post["share"] == {
        "kind": "forumPost",
        "serverId": place.id,
        "channelId": forum_id,
        "forumName": "help",
        "postId": made["id"],
        "title": "Printer on fire",
    }
    assert feed_post["id"] in await _feed_ids(live_client, author)
    listed = await tok(live_client, "GET", f"/api/forums/posts/{made['id']}", token=author.token)
    assert listed["sharedPostId"] == feed_post["id"]

    assert await tcall(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token) == (
        400,
        error("This post is already shared to the feed."),
    )
    assert await tcall(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=place.owner.token) == (
        403,
        error("Only the author of a post can share it."),
    )
    status, body = await tcall(
        live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=(await member()).token
    )
    assert (status, body["message"]) == (403, "Server member is not in this server.")
    assert await tcall(
        live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token, opt_in=False
    ) == (404, error("Not found."))
    thread = await tok(
        live_client, "POST", "/api/threads", {"channelId": place.general, "name": "side"}, place.owner.token
    )
    assert await tcall(live_client, "POST", f"/api/forums/posts/{thread['id']}/share", token=place.owner.token) == (
        400,
        error("This thread is not a forum post.", "postId"),
    )
    edited = await tcall(live_client, "PATCH", f"/api/posts/{feed_post['id']}", {"content": "@x"}, author.token)
    assert edited == (400, error("A shared post cannot be edited."))


async def test_the_shared_post_reaches_only_who_can_see_the_forum(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    author, reader, blind = (
        await join(live_client, place),
        await join(live_client, place),
        await join(live_client, place),
    )
    stranger = await member()
    # ``blind`` holds a role the forum hides from; ``reader`` sees it through the default role
    role = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    await ok(
        live_client, "POST", f"/api/servers/{place.id}/members/{blind.id}", {"roleIds": [role["id"]]}, place.owner.token
    )
    seer = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    for person in (author, reader):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/members/{person.id}",
            {"roleIds": [seer["id"]]},
            place.owner.token,
        )
    for role_id, bits in ((place.default_role, 0), (role["id"], 0), (seer["id"], 3)):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/channels/{forum_id}/permissions/{role_id}",
            {"permissions": bits},
            place.owner.token,
        )
    for person in (reader, blind, stranger):
        await _follow(live_client, person, author)
    made = await post(live_client, author, forum_id)
    shared = (await tok(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token))["post"]
    plain = await ok(live_client, "POST", "/api/posts", {"content": "an ordinary post"}, author.token)
    await tok(live_client, "POST", "/api/posts", {"content": "nice", "postId": shared["id"]}, reader.token)
    await tok(live_client, "POST", f"/api/posts/{shared['id']}/like", token=reader.token)

    assert await _feed_ids(live_client, reader) == [plain["id"], shared["id"]]
    for person in (blind, stranger):
        assert await _feed_ids(live_client, person) == [plain["id"]]
    # the reader's protocol client (no X-Hearth-Features) sees none of it either
    assert await _feed_ids(live_client, reader, opt_in=False) == [plain["id"]]

    async def sees(person: Person, opt_in: bool = True) -> dict[str, bool]:
        token = person.token
        profile = await tcall(live_client, "GET", f"/api/users/{author.id}/posts", token=token, opt_in=opt_in)
        one = await tcall(live_client, "GET", f"/api/posts/{shared['id']}", token=token, opt_in=opt_in)
        comments = await tcall(live_client, "GET", f"/api/posts/{shared['id']}/comments", token=token, opt_in=opt_in)
        likes = await tcall(live_client, "GET", f"/api/posts/{shared['id']}/likes", token=token, opt_in=opt_in)
        replies = await tcall(
            live_client, "GET", f"/api/users/{reader.id}/posts?withReplies=true", token=token, opt_in=opt_in
        )
        return {
            "profile": shared["id"] in [p["id"] for p in profile[1]],
            "by id": one[1] is not None,
            "comments": len(comments[1]) == 1,
            "likes": likes[0] == 200,
            "reply on the replier's profile": len(replies[1]) == 1,
        }

    assert set((await sees(reader)).values()) == {True}
    for person in (blind, stranger):
        assert set((await sees(person)).values()) == {False}, person.id
    assert set((await sees(reader, opt_in=False)).values()) == {False}
    for person in (blind, stranger):
        refused = await tcall(live_client, "POST", f"/api/posts/{shared['id']}/like", token=person.token)
        assert refused == (400, error("Post not found"))
        reply = await tcall(live_client, "POST", "/api/posts", {"content": "hi", "postId": shared["id"]}, person.token)
        assert reply == (400, error("Comment not found"))
    repost = await tcall(live_client, "POST", f"/api/posts/{shared['id']}/repost", token=reader.token)
    assert repost == (400, error("Comment not found"))


async def test_losing_the_forum_hides_the_shared_post_and_its_notifications(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    author, reader = await join(live_client, place), await join(live_client, place)
    made = await post(live_client, author, forum_id)
    shared = (await tok(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=author.token))["post"]
    await tok(live_client, "POST", f"/api/posts/{shared['id']}/like", token=reader.token)

    async def liked_notifications() -> list[str]:
        notes = await tok(live_client, "GET", "/api/posts/notifications", token=author.token)
        return [n["postId"] for n in notes if n["type"] == 0]

    assert await liked_notifications() == [shared["id"]]
    assert shared["id"] in await _feed_ids(live_client, author)
    # the forum is hidden from everyone but the owner: its former readers see nothing of the post
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{forum_id}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    assert await liked_notifications() == []
    assert shared["id"] not in await _feed_ids(live_client, author)
    assert await tok(live_client, "GET", f"/api/posts/{shared['id']}", token=reader.token) is None
