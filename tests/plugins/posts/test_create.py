"""POST /api/posts (rest.md §7.7): create a post, a reply, a poll, an image; mentions."""

from __future__ import annotations

import pytest

from core.identity.models import User
from plugins.posts.models import MENTIONED, REPLIED, Post, PostNotification
from tests.core.uploads import upload_raw
from tests.plugins.accounts.helpers import ping, png_bytes
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.posts.helpers import confirmed, create, post, stored_for_another_group, uploaded_image
from tests.support import call, new_person

POST_KEYS = {
    "id",
    "createdById",
    "content",
    "createdAt",
    "editedAt",
    "deleted",
    "commentToId",
    "repostId",
    "quotedPostId",
    "views",
    "estimateLikes",
    "estimateReposts",
    "embed",
    "createdBy",
    "mentions",
    "attachments",
    "poll",
    "_count",
    "likedBy",
    "reposts",
    "commentTo",
    "repost",
}


async def test_a_post_has_the_wire_shape(client):
    me = await confirmed()
    created = await post(client, me, "  hello world  ")
    assert set(created) == POST_KEYS
    assert created["content"] == "hello world"
    assert created["createdById"] == me.id and created["createdBy"]["id"] == me.id
    assert created["createdBy"]["username"] == me.username and "profile" in created["createdBy"]
    assert created["_count"] == {"likedBy": 0, "comments": 0, "reposts": 0}
    assert (created["deleted"], created["poll"], created["commentTo"], created["repost"]) == (False, None, None, None)
    assert created["attachments"] == [] and created["likedBy"] == [] and created["reposts"] == []
    assert isinstance(created["createdAt"], int) and created["editedAt"] is None
    assert await Post.filter(created_by_id=int(me.id)).count() == 1


async def test_content_limits(client):
    me = await confirmed()
    assert await create(client, me, "x" * 501) == (400, error("Content length must be between 1 and 500 characters."))
    assert (await create(client, me, "x" * 500))[0] == 200
    await User.filter(id=int(me.id)).update(badges=8)  # supporter
    assert await create(client, me, "x" * 1501) == (400, error("Content length must be between 1 and 1500 characters."))
    assert (await create(client, me, "x" * 1500))[0] == 200


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"content": 5}, error("Content must be a string!", "content")),
        ({"content": "hi", "postId": 5}, error("postId must be a string!", "postId")),
        (
            {"content": "hi", "postId": "1" * 501},
            error("Content length must be between 1 and 500 characters.", "postId"),
        ),
        (
            {"content": "hi", "nerimityCdnFileId": 1},
            error("nerimityCdnFileId id must be a string!", "nerimityCdnFileId"),
        ),
        (
            {"content": "hi", "poll": {"choices": ["a"] * 7}},
            error("Poll must be an array with minimum 6 choices", "poll.choices"),
        ),
        (
            {"content": "hi", "poll": {"choices": "a"}},
            error("Poll must be an array with minimum 6 choices", "poll.choices"),
        ),
        (
            {"content": "hi", "poll": {"choices": ["a", 2]}},
            error("Poll choices must be an array of strings", "poll.choices[1]"),
        ),
        (
            {"content": "hi", "poll": {"choices": ["x" * 57]}},
            error("Poll choices length must be between 1 and 50 characters", "poll.choices[0]"),
        ),
        ({}, error("content or attachment is required.")),
        ({"content": "   "}, error("content or attachment is required.")),
    ],
)
async def test_bad_bodies(client, body, expected):
    me = await confirmed()
    assert await call(client, "POST", "/api/posts", body, token=me.token) == (400, expected)
    assert await Post.all().count() == 0


async def test_an_unconfirmed_email_cannot_post(client):
    me = await new_person()
    assert await create(client, me) == (400, error("You must confirm your email to create posts."))
    assert await Post.all().count() == 0


async def test_needs_a_token(client):
    assert await call(client, "POST", "/api/posts", {"content": "hi"}) == (401, error("No token provided."))


async def test_a_poll_keeps_trimmed_non_empty_choices(client):
    me = await confirmed()
    created = await post(client, me, "which?", poll={"choices": [" tea ", "", "coffee", "   "]})
    poll = created["poll"]
    assert [c["content"] for c in poll["choices"]] == ["tea", "coffee"]
    assert poll["_count"] == {"votedUsers": 0} and poll["votedUsers"] == []
    assert all(c["_count"] == {"votedUsers": 0} for c in poll["choices"])


async def test_an_image_post(app, client):
    me = await confirmed()
    file_id = await uploaded_image(client, me)
    created = await post(client, me, None, nerimityCdnFileId=file_id)
    [attachment] = created["attachments"]
    assert set(attachment) == {"id", "path", "width", "height"}
    assert (attachment["width"], attachment["height"]) == (40, 30)
    assert attachment["path"].startswith(f"attachments/{me.id}/") and created["content"] is None


async def test_an_image_post_whose_picture_was_sent_as_the_raw_body(client):
    # the protocol's current web client: the file as the body, Content-Type and File-Name
    me = await confirmed()
    status, body = await upload_raw(client, me.token, "attachments", me.id, png_bytes((40, 30)), "beach day.png")
    assert status == 200, body
    created = await post(client, me, "sunny", nerimityCdnFileId=body["fileId"])
    [attachment] = created["attachments"]
    assert attachment["path"] == f"attachments/{me.id}/{body['fileId']}/beach_day.png"
    assert (attachment["width"], attachment["height"]) == (40, 30)


async def test_someone_elses_or_wrong_kind_of_file_is_refused(app, client):
    me, other = await confirmed(), await confirmed()
    theirs = await uploaded_image(client, other)
    assert await create(client, me, "x", nerimityCdnFileId=theirs) == (403, error("File not found."))
    avatar = await uploaded_image(client, me, kind="avatars")
    assert await create(client, me, "x", nerimityCdnFileId=avatar) == (
        403,
        error("This file was uploaded for something else."),
    )
    elsewhere = await stored_for_another_group(app, me, "123")
    assert await create(client, me, "x", nerimityCdnFileId=elsewhere) == (
        403,
        error("This file was uploaded for something else."),
    )
    assert await create(client, me, "x", nerimityCdnFileId="999") == (403, error("File not found."))
    assert await Post.all().count() == 0


async def test_a_reply_notifies_the_parent_author(client):
    me, them = await confirmed(), await confirmed()
    parent = await post(client, them, "first")
    reply = await post(client, me, "answer", postId=parent["id"])
    assert reply["commentToId"] == parent["id"] and reply["commentTo"]["id"] == parent["id"]
    assert "commentTo" not in reply["commentTo"]
    rows = await PostNotification.filter(type=REPLIED).values_list("to_id", "by_id", "post_id")
    assert rows == [(int(them.id), int(me.id), int(reply["id"]))]
    await post(client, them, "self reply", postId=parent["id"])
    assert await PostNotification.filter(type=REPLIED).count() == 1


async def test_reply_refusals(client):
    me, them = await confirmed(), await confirmed()
    assert await create(client, me, "x", postId="123") == (400, error("Comment not found"))
    target = await post(client, them, "theirs")
    status, repost = await call(client, "POST", f"/api/posts/{target['id']}/repost", token=me.token)
    assert status == 200, repost
    assert await create(client, me, "x", postId=repost["id"]) == (400, error("Comment not found"))
    await block(client, them, me)
    assert await create(client, me, "x", postId=target["id"]) == (400, error("You have been blocked by this user!"))


async def test_mentions_become_ids_and_notify(client):
    me, them, blocker = await confirmed(), await confirmed(), await confirmed()
    await block(client, blocker, me)
    created = await post(
        client,
        me,
        f"hi @{them.username}:{them.tag} and @{blocker.username}:{blocker.tag} "
        f"and @nobody:zzzz and @{me.username}:{me.tag}",
    )
    assert created["content"] == (f"hi [@:{them.id}] and [@:{blocker.id}] and @nobody:zzzz and [@:{me.id}]")
    assert [m["id"] for m in created["mentions"]] == [them.id, blocker.id, me.id]
    assert set(created["mentions"][0]) == {"id", "username", "tag", "hexColor", "avatar", "badges"}
    notified = await PostNotification.filter(type=MENTIONED).values_list("to_id", flat=True)
    assert notified == [int(them.id)]


async def test_post_mention_reaches_only_the_mentioned(live_client, sockets):
    me, them, other, blocker = [await confirmed() for _ in range(4)]
    await block(live_client, blocker, me)
    mine, theirs, others, blockers = [await sockets(p.token) for p in (me, them, other, blocker)]
    created = await post(
        live_client, me, f"hey @{them.username}:{them.tag} @{blocker.username}:{blocker.tag} @{me.username}:{me.tag}"
    )
    event = await theirs.wait_for("post:mention")
    assert event["post"]["id"] == created["id"] and event["post"]["content"] == created["content"]
    await post(live_client, me, f"again @{them.username}:{them.tag}")
    await theirs.wait_for("post:mention", count=2)  # a barrier: the first mention went out before
    await ping(live_client, blocker, blockers)
    assert others.received("post:mention") == [] and mine.received("post:mention") == []
    assert blockers.received("post:mention") == []


async def test_create_rate_limit_is_3_per_180_seconds(client, limited):
    me = await confirmed()
    for n in range(3):
        assert (await create(limited, me, f"post {n}"))[0] == 200
    assert_limited(*await create(limited, me, "one more"), window_ms=180_000)


async def test_bots_can_post_without_an_email(client):
    me = await new_person()
    await User.filter(id=int(me.id)).update(bot=True)
    assert (await create(client, me, "beep"))[0] == 200
