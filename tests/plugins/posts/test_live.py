"""Live counts (plugins/posts/live.py): post:watch, post:updated, post:changed and
post:notification_count — who gets them and who must not."""

from __future__ import annotations

import asyncio

from core.testing import PATIENCE
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import block
from tests.plugins.posts.helpers import confirmed, post
from tests.support import call


def rooms_of(server, probe) -> set[str]:
    sio = server.app.quart.extensions["hearth"].gateway.sio
    return set(sio.manager.get_rooms(probe.client.get_sid(), "/"))


async def watching(server, probe, post_ids, refused=()):
    """Watch, then wait until the server has put the socket in exactly those posts' rooms."""
    await probe.client.emit("post:watch", {"postIds": [*post_ids, *refused]})
    wanted = {f"post:{i}" for i in post_ids}

    async def until() -> None:
        while {r for r in rooms_of(server, probe) if r.startswith("post:")} != wanted:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(until(), PATIENCE)


async def settle(client, person, probe):
    """A barrier for ``probe`` (see accounts' ``ping``), after the live delay has passed."""
    await asyncio.sleep(0.5)
    await ping(client, person, probe)


async def test_watchers_get_the_new_counts(live_server, live_client, sockets):
    me, liker, watcher, idle = [await confirmed() for _ in range(4)]
    mine = await post(live_client, me, "count me", poll={"choices": ["a", "b"]})
    theirs, bystander = await sockets(watcher.token), await sockets(idle.token)
    await watching(live_server, theirs, [mine["id"]])

    await call(live_client, "POST", f"/api/posts/{mine['id']}/like", token=liker.token)
    update = await theirs.wait_for("post:updated")
    assert update["postId"] == mine["id"]
    assert update["updated"]["_count"] == {"likedBy": 1, "comments": 0, "reposts": 0}

    choice = mine["poll"]["choices"][1]["id"]
    await call(
        live_client, "POST", f"/api/posts/{mine['id']}/polls/{mine['poll']['id']}/choices/{choice}", token=liker.token
    )
    await post(live_client, liker, "a reply", postId=mine["id"])

    async def final() -> dict:
        while True:
            last = theirs.received("post:updated")[-1]["updated"]
            if last["_count"]["comments"] == 1 and last["poll"]["_count"]["votedUsers"] == 1:
                return last
            await theirs.wait_for("post:updated", count=len(theirs.received("post:updated")) + 1)

    last = await asyncio.wait_for(final(), PATIENCE)
    assert [c["_count"]["votedUsers"] for c in last["poll"]["choices"]] == [0, 1]
    await settle(live_client, idle, bystander)
    assert bystander.received("post:updated") == []


async def test_many_likes_end_with_the_final_count(live_server, live_client, sockets):
    me, watcher = await confirmed(), await confirmed()
    likers = [await confirmed() for _ in range(6)]
    mine = await post(live_client, me, "popular")
    theirs = await sockets(watcher.token)
    await watching(live_server, theirs, [mine["id"]])
    await asyncio.gather(*(call(live_client, "POST", f"/api/posts/{mine['id']}/like", token=p.token) for p in likers))

    async def reaches_six() -> None:
        while not any(e["updated"]["_count"]["likedBy"] == 6 for e in theirs.received("post:updated")):
            await theirs.wait_for("post:updated", count=len(theirs.received("post:updated")) + 1)

    await asyncio.wait_for(reaches_six(), PATIENCE)
    assert len(theirs.received("post:updated")) < 6  # gathered, not one event per like


async def test_a_blocked_user_cannot_watch_the_blockers_posts(live_server, live_client, sockets):
    me, blocked, liker = [await confirmed() for _ in range(3)]
    mine = await post(live_client, me, "not for you")
    visible = await post(live_client, liker, "anyone may watch this")
    await block(live_client, me, blocked)
    theirs = await sockets(blocked.token)
    await watching(live_server, theirs, [visible["id"]], refused=[mine["id"]])
    await ping(live_client, blocked, theirs)
    await call(live_client, "POST", f"/api/posts/{mine['id']}/like", token=liker.token)
    await settle(live_client, blocked, theirs)
    assert theirs.received("post:updated") == []


async def test_watching_other_posts_leaves_the_first(live_server, live_client, sockets):
    me, watcher, liker = [await confirmed() for _ in range(3)]
    first, second = await post(live_client, me, "first"), await post(live_client, me, "second")
    theirs = await sockets(watcher.token)
    await watching(live_server, theirs, [first["id"]])
    await watching(live_server, theirs, [second["id"]])
    await call(live_client, "POST", f"/api/posts/{first['id']}/like", token=liker.token)
    await call(live_client, "POST", f"/api/posts/{second['id']}/like", token=liker.token)
    update = await theirs.wait_for("post:updated")
    await settle(live_client, watcher, theirs)
    assert [e["postId"] for e in theirs.received("post:updated")] == [second["id"]] and update


async def test_edits_tell_watchers_to_refetch(live_server, live_client, sockets):
    me, watcher = await confirmed(), await confirmed()
    mine = await post(live_client, me, "v1")
    theirs = await sockets(watcher.token)
    await watching(live_server, theirs, [mine["id"]])
    await call(live_client, "PATCH", f"/api/posts/{mine['id']}", {"content": "v2"}, token=me.token)
    assert await theirs.wait_for("post:changed") == {"postId": mine["id"]}
    await call(live_client, "DELETE", f"/api/posts/{mine['id']}", token=me.token)
    assert await theirs.wait_for("post:changed", count=2) == {"postId": mine["id"]}


async def test_the_unread_count_reaches_only_its_owner(live_server, live_client, sockets):
    me, liker, other = [await confirmed() for _ in range(3)]
    mine = await post(live_client, me, "mine")
    my_socket, other_socket = await sockets(me.token), await sockets(other.token)
    await call(live_client, "POST", f"/api/posts/{mine['id']}/like", token=liker.token)
    assert await my_socket.wait_for("post:notification_count") == {"count": 1}
    await call(live_client, "POST", "/api/posts/notifications/dismiss", token=me.token)
    assert await my_socket.wait_for("post:notification_count", count=2) == {"count": 0}
    await settle(live_client, other, other_socket)
    assert other_socket.received("post:notification_count") == []
