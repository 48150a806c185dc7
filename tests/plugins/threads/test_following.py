"""Following: automatic for the creator, repliers and the mentioned, manual follow/unfollow;
unread and mention counts in ``user:authenticated`` for opted-in sockets, kept across a user's
sockets; muted channels count no mentions; the slice stays small for 200 followed threads."""

import json
from datetime import UTC, datetime, timedelta

from plugins.messages.models import Channel
from plugins.threads.models import THREAD, Thread, ThreadMember
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import start_thread, tcall, threads_socket, tok


def unread_of(probe):
    return probe.received("user:authenticated")[0]["threads"]["unread"]


async def test_repliers_and_the_mentioned_follow_and_count_unread(live_client, sockets):
    place = await community(live_client)
    bob, carol, dave = [await join(live_client, place) for _ in range(3)]
    thread = await start_thread(live_client, place)
    messages = f"/api/channels/{thread['id']}/messages"

    await tok(live_client, "POST", messages, {"content": "I reply"}, bob.token)
    await tok(live_client, "POST", messages, {"content": f"over to you [@:{carol.id}]"}, place.owner.token)

    assert unread_of(await threads_socket(sockets, bob)) == {thread["id"]: 0}
    assert unread_of(await threads_socket(sockets, carol)) == {thread["id"]: 1}
    assert unread_of(await threads_socket(sockets, dave)) == {}
    assert unread_of(await threads_socket(sockets, place.owner)) == {}  # read up to their own message
    followers = await tok(live_client, "GET", f"/api/threads/{thread['id']}", token=carol.token)
    assert followers["following"] is True

    # reading it on one socket clears it for the next
    carol_tab = await threads_socket(sockets, carol)
    await carol_tab.client.emit("notification:dismiss", {"channelId": thread["id"]})
    await carol_tab.wait_for("notification:dismissed")
    assert unread_of(await threads_socket(sockets, carol)) == {}
    followed = await tok(live_client, "GET", "/api/threads/followed", token=carol.token)
    assert [(t["id"], t["unread"], t["mentionCount"]) for t in followed["threads"]] == [(thread["id"], False, 0)]


async def test_follow_and_unfollow_reach_every_opted_in_socket_of_the_user(live_client, sockets):
    place = await community(live_client)
    dave = await join(live_client, place)
    outsider = await member()
    owner = await threads_socket(sockets, place.owner)
    thread = await start_thread(live_client, place)
    first, second = await threads_socket(sockets, dave), await threads_socket(sockets, dave)
    protocol = await threads_socket(sockets, dave, opt_in=False)

    assert await tok(live_client, "POST", f"/api/threads/{thread['id']}/follow", token=dave.token) == {
        "threadId": thread["id"],
        "following": True,
    }
    for probe in (first, second):
        assert await probe.wait_for("thread:follow_updated") == {"threadId": thread["id"], "following": True}
    await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "news"}, place.owner.token)
    await first.wait_for("message:created")
    assert unread_of(await threads_socket(sockets, dave)) == {thread["id"]: 0}

    assert await tok(live_client, "DELETE", f"/api/threads/{thread['id']}/follow", token=dave.token) == {
        "threadId": thread["id"],
        "following": False,
    }
    assert await second.wait_for("thread:follow_updated", count=2) == {"threadId": thread["id"], "following": False}
    assert unread_of(await threads_socket(sockets, dave)) == {}
    # a reply after an unfollow keeps the choice
    await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "still here"}, dave.token)
    assert (await tok(live_client, "GET", f"/api/threads/{thread['id']}", token=dave.token))["following"] is False

    await ping(live_client, dave, protocol)
    await ping(live_client, place.owner, owner)
    assert protocol.received("thread:follow_updated") == []
    assert owner.received("thread:follow_updated") == [{"threadId": thread["id"], "following": True}]  # its creation
    assert await tcall(live_client, "POST", f"/api/threads/{thread['id']}/follow", token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )


async def test_a_muted_channel_counts_no_mentions(live_client, sockets):
    place = await community(live_client)
    quiet = await join(live_client, place)
    await ok(
        live_client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": place.general, "notificationPingMode": 2},
        quiet.token,
    )
    thread = await start_thread(live_client, place)
    await tok(
        live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": f"[@:{quiet.id}]"}, place.owner.token
    )
    assert unread_of(await threads_socket(sockets, quiet)) == {thread["id"]: 0}  # followed, unread, no mention


async def test_two_hundred_followed_unread_threads_fit_in_five_kilobytes(live_client, sockets):
    place = await community(live_client)
    reader = await join(live_client, place)
    long_ago = datetime.now(UTC) - timedelta(hours=1)
    now = datetime.now(UTC)
    for n in range(200):
        channel = await Channel.create(type=THREAD, name=f"t{n}", last_messaged_at=now)
        await Thread.create(
            channel_id=channel.id, parent_id=int(place.general), server_id=int(place.id), name=f"t{n}", created_at=now
        )
        await ThreadMember.create(thread_id=channel.id, user_id=int(reader.id), last_seen=long_ago, mention_count=9)

    unread = unread_of(await threads_socket(sockets, reader))

    assert len(unread) == 200 and set(unread.values()) == {9}
    assert len(json.dumps({"threads": {"unread": unread}}, separators=(",", ":")).encode()) <= 5 * 1024


async def test_the_servers_setting_applies_where_the_channel_has_none(live_client, sockets):
    place = await community(live_client)
    muted, mentions_only = await join(live_client, place), await join(live_client, place)
    for person, mode in ((muted, 2), (mentions_only, 1)):
        await ok(
            live_client,
            "POST",
            "/api/users/notifications",
            {"serverId": place.id, "notificationPingMode": mode},
            person.token,
        )
    thread = await start_thread(live_client, place)
    body = {"content": f"[@:{muted.id}] [@:{mentions_only.id}]"}
    await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", body, place.owner.token)

    assert unread_of(await threads_socket(sockets, muted)) == {thread["id"]: 0}  # followed, unread, no mention
    assert unread_of(await threads_socket(sockets, mentions_only)) == {thread["id"]: 1}
