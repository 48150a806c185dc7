"""A protocol client — a socket that did not ask for ``group_dms``, a request without
``X-Hearth-Features`` — never meets a group: no channel of a type it does not know, no counter,
no event, and a group's channel answers as a channel that does not exist."""

from __future__ import annotations

from plugins.group_dms.models import GROUP_DM
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.messages.helpers import error, member


async def test_a_protocol_socket_meets_nothing_of_a_group(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    plain = await live_socket(sockets, bob, features=None)
    gid = (await group_of(live_client, ada, [bob, cid], name="Secret"))["channelId"]
    sent = await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"content": f"hi [@:{bob.id}]"}, ada)
    await ok(
        live_client, "POST", f"/api/channels/{sent['channelId']}/messages/{sent['id']}/reactions", {"name": "👍"}, ada
    )
    await ok(live_client, "POST", f"/api/group-dms/{gid}", {"name": "Renamed"}, ada)
    await gcall(live_client, "POST", f"/api/channels/{gid}/typing", person=ada)
    await ok(live_client, "DELETE", f"/api/group-dms/{gid}/members/{cid.id}", person=ada)
    await quiet(live_client, (bob, plain))
    assert [event for event, data in plain.events if gid in repr(data)] == []
    assert [event for event, _ in plain.events if event.startswith("group_dm")] == []

    later = await live_socket(sockets, bob, features=None)
    payload = later.received("user:authenticated")[0]
    assert "groupDms" not in payload
    assert gid not in repr(payload)  # no counter, no last-seen time, no channel
    opted = (await live_socket(sockets, bob)).received("user:authenticated")[0]
    assert [m["channelId"] for m in opted["messageMentions"]] == [gid]
    assert opted["groupDms"][0]["channel"]["type"] == GROUP_DM


async def test_a_request_without_the_feature_finds_no_such_channel(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    gone = (403, error("Channel does not exist."))
    for method, path, body in (
        ("GET", f"/api/channels/{gid}", None),
        ("GET", f"/api/channels/{gid}/messages", None),
        ("POST", f"/api/channels/{gid}/messages", {"content": "hi"}),
        ("POST", f"/api/channels/{gid}/typing", None),
        ("GET", f"/api/channels/{gid}/messages/pins", None),
        ("POST", f"/api/channels/{gid}/cdn/token", None),
    ):
        assert await gcall(client, method, path, body, bob, opted=False) == gone, path
    channel = await ok(client, "GET", f"/api/channels/{gid}", person=bob)
    assert channel["type"] == GROUP_DM
