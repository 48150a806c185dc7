"""REPOSTED (3) notifications (issue 33): the reposted post's author hears of a repost, in the
list and live through ``post:notification_count``; upstream means to send it but addresses it to
the reposter (rest.md §7.16), so the reference makes none."""

from __future__ import annotations

from plugins.posts.models import REPOSTED, PostNotification
from tests.plugins.friends.helpers import block, error
from tests.plugins.posts.helpers import confirmed, get, post
from tests.plugins.posts.test_live import settle
from tests.support import call


async def repost(client, person, post_id):
    return await call(client, "POST", f"/api/posts/{post_id}/repost", token=person.token)


async def test_the_author_is_notified_with_the_reposted_post(client):
    author, reposter = await confirmed(), await confirmed()
    theirs = await post(client, author, "share me")
    status, made = await repost(client, reposter, theirs["id"])
    assert status == 200, made
    listed = await get(client, author, "/api/posts/notifications")
    assert [(n["type"], n["postId"], n["byId"], n["toId"]) for n in listed] == [
        (REPOSTED, theirs["id"], reposter.id, author.id)
    ]
    assert listed[0]["post"]["id"] == theirs["id"] and listed[0]["by"]["id"] == reposter.id
    assert await get(client, author, "/api/posts/notifications/count") == 1
    assert await get(client, reposter, "/api/posts/notifications") == []  # not the reposter (upstream's slip)


async def test_reposting_again_after_taking_it_back_notifies_once(client):
    author, reposter = await confirmed(), await confirmed()
    theirs = await post(client, author, "x")
    _, made = await repost(client, reposter, theirs["id"])
    assert (await call(client, "DELETE", f"/api/posts/{made['id']}", token=reposter.token))[0] == 200
    assert (await repost(client, reposter, theirs["id"]))[0] == 200
    assert await PostNotification.filter(type=REPOSTED).count() == 1
    assert await get(client, author, "/api/posts/notifications/count") == 1


async def test_refused_reposts_notify_nobody(client):
    author, reposter = await confirmed(), await confirmed()
    theirs = await post(client, author, "x")
    assert (await repost(client, author, theirs["id"]))[0] == 200  # one's own post: no notification
    assert await repost(client, reposter, "123") == (400, error("Comment not found"))
    await block(client, author, reposter)
    assert await repost(client, reposter, theirs["id"]) == (400, error("You have been blocked by this user!"))
    assert await call(client, "POST", f"/api/posts/{theirs['id']}/repost") == (401, error("No token provided."))
    assert await PostNotification.all().count() == 0


async def test_the_count_reaches_the_author_live_and_nobody_else(live_server, live_client, sockets):
    author, reposter, bystander = [await confirmed() for _ in range(3)]
    theirs = await post(live_client, author, "share me")
    author_socket, reposter_socket = await sockets(author.token), await sockets(reposter.token)
    bystander_socket = await sockets(bystander.token)
    assert (await repost(live_client, reposter, theirs["id"]))[0] == 200
    assert await author_socket.wait_for("post:notification_count") == {"count": 1}
    for person, probe in ((reposter, reposter_socket), (bystander, bystander_socket)):
        await settle(live_client, person, probe)
        assert probe.received("post:notification_count") == []
