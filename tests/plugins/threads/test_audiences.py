"""Who hears about a thread: opted-in sockets of members who can view the parent channel, and
nobody else — not a protocol client of the same member, not a member who cannot see the parent,
not an outsider. A protocol client never meets a thread's channel type or its messages."""

import json

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import start_thread, tcall, threads_socket, tok


async def _audience(live_client, sockets):
    place = await community(live_client)
    reader, blind = await join(live_client, place), await join(live_client, place)
    outsider = await member()
    # ``blind`` holds a role whose override hides the general channel
    role = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    await ok(
        live_client, "POST", f"/api/servers/{place.id}/members/{blind.id}", {"roleIds": [role["id"]]}, place.owner.token
    )
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{role['id']}",
        {"permissions": 0},
        place.owner.token,
    )
    # ``reader`` sees it through a role of their own
    seer = await ok(live_client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{reader.id}",
        {"roleIds": [seer["id"]]},
        place.owner.token,
    )
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{seer['id']}",
        {"permissions": 3},
        place.owner.token,
    )
    probes = {
        "reader": await threads_socket(sockets, reader),
        "reader_protocol": await threads_socket(sockets, reader, opt_in=False),
        "blind": await threads_socket(sockets, blind),
        "outsider": await threads_socket(sockets, outsider),
    }
    return place, reader, blind, outsider, probes


async def _nothing_for(live_client, people_probes, *events):
    for person, probe in people_probes:
        await ping(live_client, person, probe)
        for event in events:
            assert probe.received(event) == [], (event, probe.received(event))


async def test_thread_events_reach_opted_in_viewers_only(live_client, sockets):
    place, reader, blind, outsider, probes = await _audience(live_client, sockets)
    owner_socket = await threads_socket(sockets, place.owner)

    thread = await start_thread(live_client, place)
    created = await probes["reader"].wait_for("thread:created")
    assert created == {"thread": {k: v for k, v in thread.items() if k != "following"}}
    assert await owner_socket.wait_for("thread:follow_updated") == {"threadId": thread["id"], "following": True}

    message = await tok(
        live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "inside"}, place.owner.token
    )
    arrived = await probes["reader"].wait_for("message:created", count=2)  # the starter, then this
    assert arrived["message"]["id"] == message["id"] and arrived["message"]["channelId"] == thread["id"]
    assert arrived["serverId"] == place.id and arrived["parentId"] == place.general
    await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"name": "Renamed"}, place.owner.token)
    updated = await probes["reader"].wait_for("thread:updated")
    assert updated == {"threadId": thread["id"], "channelId": place.general, "updated": {"name": "Renamed"}}
    await tok(
        live_client,
        "POST",
        f"/api/channels/{thread['id']}/messages/{message['id']}/reactions",
        {"name": "👍"},
        place.owner.token,
    )
    assert (await probes["reader"].wait_for("message:reaction_added"))["channelId"] == thread["id"]
    assert await tcall(live_client, "DELETE", f"/api/threads/{thread['id']}", token=place.owner.token) == (204, "")
    assert await probes["reader"].wait_for("thread:deleted") == {"threadId": thread["id"], "channelId": place.general}

    thread_events = ("thread:created", "thread:updated", "thread:deleted", "message:reaction_added")
    await _nothing_for(
        live_client,
        [(reader, probes["reader_protocol"]), (blind, probes["blind"]), (outsider, probes["outsider"])],
        *thread_events,
    )
    # the protocol client saw the starter message in the parent, never the thread's message
    protocol_messages = probes["reader_protocol"].received("message:created")
    assert [m["message"]["channelId"] for m in protocol_messages] == [place.general]
    assert probes["blind"].received("message:created") == [] and probes["outsider"].received("message:created") == []


async def test_a_protocol_client_meets_no_thread_type_and_no_thread_message(live_client, sockets):
    place = await community(live_client)
    fellow = await join(live_client, place)
    thread = await start_thread(live_client, place)
    await tok(
        live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "secret side talk"}, fellow.token
    )
    await tok(live_client, "POST", f"/api/channels/{place.general}/messages", {"content": "main talk"}, fellow.token)

    protocol = await threads_socket(sockets, fellow, opt_in=False)
    payload = protocol.received("user:authenticated")[0]
    assert {c["type"] for c in payload["channels"]} <= {0, 1, 2, 3}
    assert thread["id"] not in json.dumps(payload), "no trace of the thread in a protocol client's payload"
    status, history = await tcall(
        live_client, "GET", f"/api/channels/{place.general}/messages", token=fellow.token, opt_in=False
    )
    assert status == 200 and [m["content"] for m in history if m["type"] == 0] == ["start", "main talk"]
    status, server_channels = await tcall(
        live_client, "GET", f"/api/servers/{place.id}/channels", token=fellow.token, opt_in=False
    )
    if status == 200:  # the reference's channel list, where the servers plugin serves it
        assert {c["type"] for c in server_channels} <= {0, 1, 2, 3}

    opted = await threads_socket(sockets, fellow)
    assert {c["type"] for c in opted.received("user:authenticated")[0]["channels"]} <= {0, 1, 2, 3}
    assert "threads" in opted.received("user:authenticated")[0]
    # the opted-in client also reads the parent's history without the thread's messages
    status, history = await tcall(live_client, "GET", f"/api/channels/{place.general}/messages", token=fellow.token)
    assert [m["content"] for m in history if m["type"] == 0] == ["start", "main talk"]
    assert "threads" not in payload
