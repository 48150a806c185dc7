"""Calls in a group (issue 36 item 3, through the voice plugin's seam for kinds it does not know):
any member calls, the call rings every member's opted-in sockets, p2p while small and server-side
above, CALL_STARTED in the group; a non-member, a protocol client and a removed member cannot join,
and none of it reaches a socket that did not ask for group_dms."""

from __future__ import annotations

from typing import Any

import pytest

from core.identity.models import Account, User
from plugins.messages.models import CALL_STARTED
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.messages.helpers import error, member
from tests.plugins.push.conftest import push_service, settings  # noqa: F401 - the push plugin's fixtures
from tests.plugins.push.helpers import decrypt, sent_out, subscribe
from tests.plugins.voice.helpers import sid
from tests.support import Person, SocketProbe, connect_socket


async def join_call(
    client: Any, person: Person, gid: str, probe: SocketProbe, opted: bool = True, **extra: Any
) -> tuple[int, Any]:
    body = {"socketId": sid(probe), **extra}
    return await gcall(client, "POST", f"/api/channels/{gid}/voice/join", body, person, opted=opted)


async def joined(client: Any, person: Person, gid: str, probe: SocketProbe, **extra: Any) -> None:
    assert await join_call(client, person, gid, probe, **extra) == (200, {"success": True})


async def test_a_call_rings_every_member_and_only_them(live_client, sockets):
    ada = await member()
    bob, cid, dan = await friends_of(live_client, ada, 3)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    ada_s, bob_s, cid_s = [await live_socket(sockets, p) for p in (ada, bob, cid)]
    bob_protocol = await live_socket(sockets, bob, features=None)  # bob's protocol client
    dan_s = await live_socket(sockets, dan)  # ada's friend, not in the group

    await joined(live_client, ada, gid, ada_s)
    for probe in (ada_s, bob_s, cid_s):
        assert await probe.wait_for("voice:user_joined") == {"channelId": gid, "userId": ada.id}
        started = (await probe.wait_for("message:created"))["message"]
        assert (started["type"], started["channelId"], started["createdBy"]["id"]) == (CALL_STARTED, gid, ada.id)
    assert await ada_s.wait_for("voice:session") == {"channelId": gid, "mode": "p2p"}

    await joined(live_client, bob, gid, bob_s)
    for probe in (ada_s, cid_s):
        assert await probe.wait_for("voice:user_joined", count=2) == {"channelId": gid, "userId": bob.id}
    await quiet(live_client, (bob, bob_protocol), (dan, dan_s), (cid, cid_s))
    for probe in (bob_protocol, dan_s):
        assert probe.received("voice:user_joined") == [] and probe.received("message:created") == []
    assert [m["message"]["type"] for m in cid_s.received("message:created")] == [CALL_STARTED]  # one call

    # who is in the call, at authenticate: for a socket that asked for groups only
    later = await live_socket(sockets, cid)
    users = (await later.wait_for("user:authenticated"))["voiceChannelUsers"]
    assert sorted(users, key=lambda u: u["userId"]) == sorted(
        [{"channelId": gid, "userId": ada.id}, {"channelId": gid, "userId": bob.id}], key=lambda u: u["userId"]
    )
    protocol = await live_socket(sockets, cid, features=None)
    assert (await protocol.wait_for("user:authenticated"))["voiceChannelUsers"] == []

    # signals relay between the two in the call, not to someone outside it
    await ada_s.client.emit("voice:signal_send", {"channelId": gid, "toUserId": bob.id, "signal": {"type": "offer"}})
    assert await bob_s.wait_for("voice:signal_received") == {
        "fromUserId": ada.id,
        "channelId": gid,
        "signal": {"type": "offer"},
    }
    await ada_s.client.emit("voice:signal_send", {"channelId": gid, "toUserId": cid.id, "signal": {"type": "offer"}})
    await quiet(live_client, (cid, cid_s))
    assert cid_s.received("voice:signal_received") == []

    assert await gcall(live_client, "POST", f"/api/channels/{gid}/voice/leave", None, ada) == (200, {"success": True})
    for probe in (bob_s, cid_s):
        assert await probe.wait_for("voice:user_left") == {"userId": ada.id, "channelId": gid}
    await quiet(live_client, (bob, bob_protocol), (dan, dan_s))
    assert bob_protocol.received("voice:user_left") == [] and dan_s.received("voice:user_left") == []


async def test_who_may_not_join_a_group_call(live_client, sockets):
    ada = await member()
    bob, cid, dan = await friends_of(live_client, ada, 3)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    dan_s, ada_s, cid_s = (
        await live_socket(sockets, dan),
        await live_socket(sockets, ada),
        await live_socket(sockets, cid),
    )
    assert await join_call(live_client, dan, gid, dan_s) == (403, error("You are not a member of this channel."))
    # a protocol client (no X-Hearth-Features) is told the channel does not exist
    assert await join_call(live_client, ada, gid, ada_s, opted=False) == (403, error("Channel does not exist."))
    assert await join_call(live_client, ada, gid, ada_s, socketId="ab") == (
        400,
        error("socketId must be between 3 and 320 characters long.", "socketId"),
    )
    assert await join_call(live_client, ada, gid, cid_s) == (
        403,
        error("Invalid socketId or not connected to WebSocket."),
    )
    await Account.filter(user_id=int(cid.id)).update(email_confirmed=False)
    assert await join_call(live_client, cid, gid, cid_s) == (400, error("You must confirm your email to join voice."))
    await quiet(live_client, (ada, ada_s))
    assert ada_s.received("voice:user_joined") == [] and ada_s.received("message:created") == []
    # removed: no longer
    bob_s = await live_socket(sockets, bob)
    await ok(live_client, "DELETE", f"/api/group-dms/{gid}/members/{bob.id}", None, ada)
    assert await join_call(live_client, bob, gid, bob_s) == (403, error("You are not a member of this channel."))


async def test_removed_or_leaving_members_leave_the_call_and_hear_it(live_client, sockets):
    ada = await member()
    bob, cid, dan = await friends_of(live_client, ada, 3)
    gid = (await group_of(live_client, ada, [bob, cid, dan]))["channelId"]
    probes = {p.id: await live_socket(sockets, p) for p in (ada, bob, cid, dan)}
    for person in (ada, bob, cid):
        await joined(live_client, person, gid, probes[person.id])
    await ok(live_client, "DELETE", f"/api/group-dms/{gid}/members/{bob.id}", None, ada)
    gone = {"userId": bob.id, "channelId": gid}
    assert await probes[bob.id].wait_for("voice:session", count=2) == {"channelId": None, "reason": "removed"}
    for person in (ada, bob, cid, dan):  # bob hears it before he stops hearing the group
        assert await probes[person.id].wait_for("voice:user_left") == gone
    # a removed member's socket no longer relays into the call
    await probes[bob.id].client.emit(
        "voice:signal_send", {"channelId": gid, "toUserId": ada.id, "signal": {"type": "offer"}}
    )
    # cid leaves the group: out of the call too
    await ok(live_client, "POST", f"/api/group-dms/{gid}/leave", None, cid)
    for person in (ada, dan):
        assert await probes[person.id].wait_for("voice:user_left", count=2) == {"userId": cid.id, "channelId": gid}
    await quiet(live_client, (ada, probes[ada.id]), (bob, probes[bob.id]))
    assert probes[ada.id].received("voice:signal_received") == []
    assert [e["userId"] for e in probes[bob.id].received("voice:user_left")] == [bob.id]  # nothing after removal
    # ada is still in the call, alone
    status, body = await gcall(live_client, "POST", f"/api/channels/{gid}/voice/leave", None, ada)
    assert (status, body) == (200, {"success": True})


async def test_a_group_call_rings_closed_tabs(live_server, live_client, sockets, push_service):
    app = live_server.app.quart
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    browsers = {p.id: push_service.browser(p.username) for p in (ada, bob, cid)}
    for person in (ada, bob, cid):
        await subscribe(live_client, person, browsers[person.id])
    await joined(live_client, ada, gid, await live_socket(sockets, ada))
    await sent_out(app)
    assert push_service.to(browsers[ada.id]) == []
    ada_name = (await User.get(id=int(ada.id))).username
    for person in (bob, cid):
        assert [decrypt(browsers[person.id], r) for r in push_service.to(browsers[person.id])] == [
            {
                "kind": "call",
                "title": "Incoming call",
                "body": f"{ada_name} is calling you.",
                "url": f"/app/groups/{gid}",
                "tag": f"call-{gid}",
            }
        ]


@pytest.fixture
async def small_calls_server_side(start_server):
    return await start_server(**{"voice.p2p_max_participants": 2})


async def test_a_bigger_group_call_goes_server_side(small_calls_server_side):
    server = small_calls_server_side
    client = server.app.quart.test_client()
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    probes = {}
    for person in (ada, bob, cid):
        probe = await connect_socket(server.url, person.token, authenticate=False)
        await probe.client.emit("user:authenticate", {"token": person.token, "features": ["group_dms"]})
        await probe.wait_for("user:authenticated")
        probes[person.id] = probe
    try:
        await joined(client, ada, gid, probes[ada.id], serverMedia=True)
        await joined(client, bob, gid, probes[bob.id], serverMedia=True)
        assert (await probes[bob.id].wait_for("voice:session"))["mode"] == "p2p"
        await joined(client, cid, gid, probes[cid.id], serverMedia=True)
        assert await probes[ada.id].wait_for("voice:call_mode") == {"channelId": gid, "mode": "server", "slots": 3}
        assert (await probes[cid.id].wait_for("voice:session"))["mode"] == "server"
    finally:
        for probe in probes.values():
            await probe.close()


async def test_without_voice_a_group_has_no_calls_and_members_still_come_and_go(live_without):
    live = await live_without("voice")
    client = live.client
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    status, _ = await gcall(client, "POST", f"/api/channels/{gid}/voice/join", {"socketId": "abc"}, ada)
    assert status == 404
    await ok(client, "DELETE", f"/api/group-dms/{gid}/members/{bob.id}", None, ada)  # nobody ends a call
    await ok(client, "POST", f"/api/group-dms/{gid}/leave", None, cid)
    assert [m["id"] for m in (await ok(client, "GET", "/api/group-dms", None, ada))[0]["members"]] == [ada.id]
