"""Who hears about a forum: the channel events go to every member's sockets that asked for
``threads``, never to a protocol client (which never meets type 15 anywhere); a forum's own events
(settings, tags, posts) reach opted-in sockets of members who can view it, and nobody else."""

import json

from tests.plugins.accounts.helpers import ping
from tests.plugins.forums.helpers import forum, post, tag
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import tcall, threads_socket, tok


async def test_a_protocol_client_never_meets_a_forum(live_client, sockets):
    place = await community(live_client)
    fellow = await join(live_client, place)
    protocol = await threads_socket(sockets, fellow, opt_in=False)
    opted = await threads_socket(sockets, fellow)

    forum_id = await forum(live_client, place)
    created = await opted.wait_for("server:channel_created")
    assert created["channel"]["id"] == forum_id and created["channel"]["type"] == 15
    await ok(
        live_client, "POST", f"/api/servers/{place.id}/channels/{forum_id}", {"name": "q-and-a"}, place.owner.token
    )
    assert (await opted.wait_for("server:channel_updated"))["channelId"] == forum_id
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{forum_id}/permissions/{place.default_role}",
        {"permissions": 3},
        place.owner.token,
    )
    assert (await opted.wait_for("server:channel_permissions_updated"))["channelId"] == forum_id
    order = [place.general, forum_id]
    await ok(live_client, "POST", f"/api/servers/{place.id}/channels/order", {"channelIds": order}, place.owner.token)
    assert (await opted.wait_for("server:channel_order_updated"))["orderedChannelIds"] == order
    posted = await post(live_client, fellow, forum_id)
    assert (await opted.wait_for("forum:post_created"))["post"]["id"] == posted["id"]

    await ping(live_client, fellow, protocol, opted)
    assert protocol.received("server:channel_created") == []
    assert protocol.received("server:channel_updated") == []
    assert protocol.received("server:channel_permissions_updated") == []
    assert protocol.received("server:channel_order_updated") == [
        {"serverId": place.id, "orderedChannelIds": [place.general]}
    ]
    assert protocol.received("forum:post_created") == [] and protocol.received("thread:created") == []
    assert protocol.received("message:created") == []

    # authenticating again, and joining a server with a forum: no type 15 for the protocol client
    again = await threads_socket(sockets, fellow, opt_in=False)
    payload = again.received("user:authenticated")[0]
    assert {c["type"] for c in payload["channels"]} <= {0, 1, 2, 3}
    assert forum_id not in json.dumps(payload) and posted["id"] not in json.dumps(payload)
    opted_payload = (await threads_socket(sockets, fellow)).received("user:authenticated")[0]
    assert forum_id in {c["id"] for c in opted_payload["channels"]}

    newcomer = await member()
    newcomer_protocol = await threads_socket(sockets, newcomer, opt_in=False)
    newcomer_opted = await threads_socket(sockets, newcomer)
    await join(live_client, place, newcomer)
    plain = await newcomer_protocol.wait_for("server:joined")
    full = await newcomer_opted.wait_for("server:joined")
    assert [c["id"] for c in plain["channels"]] == [place.general]
    assert {c["id"] for c in full["channels"]} == {place.general, forum_id}

    # over HTTP a protocol client meets neither the post's messages nor the forum
    for path in (f"/api/channels/{posted['id']}/messages", f"/api/channels/{forum_id}"):
        status, body = await tcall(live_client, "GET", path, token=fellow.token, opt_in=False)
        assert (status, body["message"]) == (403, "Channel does not exist."), path

    await ok(live_client, "DELETE", f"/api/servers/{place.id}/channels/{forum_id}", token=place.owner.token)
    assert (await opted.wait_for("server:channel_deleted"))["channelId"] == forum_id
    await ping(live_client, fellow, protocol)
    assert protocol.received("server:channel_deleted") == []
    # its posts went with it
    status, body = await tcall(live_client, "GET", f"/api/forums/posts/{posted['id']}", token=fellow.token)
    assert (status, body["message"]) == (403, "Channel does not exist.")


async def test_forum_events_reach_who_can_view_it(live_client, sockets):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    reader, blind, outsider = await join(live_client, place), await join(live_client, place), await member()
    role = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{reader.id}",
        {"roleIds": [role["id"]]},
        place.owner.token,
    )
    for role_id, bits in ((place.default_role, 0), (role["id"], 3)):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/channels/{forum_id}/permissions/{role_id}",
            {"permissions": bits},
            place.owner.token,
        )
    seeing = await threads_socket(sockets, reader)
    others = [(blind, await threads_socket(sockets, blind)), (outsider, await threads_socket(sockets, outsider))]
    protocol = await threads_socket(sockets, reader, opt_in=False)

    bug = await tag(live_client, place, forum_id, "bug")
    updated = await seeing.wait_for("forum:updated")
    assert updated["channelId"] == forum_id and updated["forum"]["tags"] == [
        {"id": bug, "name": "bug", "moderated": False}
    ]
    made = await post(live_client, reader, forum_id, "Help", [bug])
    arrived = await seeing.wait_for("forum:post_created")
    assert arrived == {"channelId": forum_id, "post": {k: v for k, v in made.items() if k != "following"}}
    await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": []}, reader.token)
    assert await seeing.wait_for("forum:post_updated") == {
        "channelId": forum_id,
        "postId": made["id"],
        "updated": {"tagIds": []},
    }
    await tok(live_client, "POST", f"/api/channels/{made['id']}/messages", {"content": "reply"}, place.owner.token)
    reply = await seeing.wait_for("message:created", count=2)
    assert reply["message"]["channelId"] == made["id"] and reply["parentId"] == forum_id  # the post's forum
    shared = await tok(live_client, "POST", f"/api/forums/posts/{made['id']}/share", token=reader.token)
    assert await seeing.wait_for("forum:post_updated", count=2) == {
        "channelId": forum_id,
        "postId": made["id"],
        "updated": {"sharedPostId": shared["sharedPostId"]},
    }

    for person, probe in [*others, (reader, protocol)]:
        await ping(live_client, person, probe)
        for event in ("forum:updated", "forum:post_created", "forum:post_updated", "thread:created", "message:created"):
            assert probe.received(event) == [], (person.id, event)
