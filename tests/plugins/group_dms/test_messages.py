"""Every message feature in a group (a channel kind of the messages plugin): sends, replies,
mentions, reactions, pins, edits, deletes, attachments, typing, unread counts — heard by the
members' opted-in sockets only."""

from __future__ import annotations

import io

from quart.datastructures import FileStorage

from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.messages.helpers import error, member


async def _group(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    return ada, bob, cid, gid


async def test_a_message_reaches_the_other_members_and_nobody_else(live_client, sockets):
    ada, bob, cid, gid = await _group(live_client)
    outsider = await member()
    bob_socket, cid_socket = await live_socket(sockets, bob), await live_socket(sockets, cid)
    bob_plain, outsider_socket = await live_socket(sockets, bob, features=None), await live_socket(sockets, outsider)
    sent = await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"content": f"hi [@:{cid.id}]"}, ada)
    for probe in (bob_socket, cid_socket):
        message = (await probe.wait_for("message:created"))["message"]
        assert (message["id"], message["channelId"], message["content"]) == (sent["id"], gid, f"hi [@:{cid.id}]")
    assert [m["id"] for m in sent["mentions"]] == [cid.id]
    reply = await ok(
        live_client, "POST", f"/api/channels/{gid}/messages", {"content": "yes", "replyToMessageIds": [sent["id"]]}, bob
    )
    assert [r["replyToMessage"]["id"] for r in reply["replyMessages"]] == [sent["id"]]
    await quiet(live_client, (bob, bob_plain), (outsider, outsider_socket))
    assert bob_plain.received("message:created") == [] and outsider_socket.received("message:created") == []
    history = await ok(live_client, "GET", f"/api/channels/{gid}/messages", person=cid)
    assert [m["id"] for m in history] == [sent["id"], reply["id"]]


async def test_reactions_pins_edits_deletes_and_typing_reach_the_members(live_client, sockets):
    ada, bob, cid, gid = await _group(live_client)
    bob_socket, bob_plain = await live_socket(sockets, bob), await live_socket(sockets, bob, features=None)
    sent = await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"content": "pin me"}, ada)
    base = f"/api/channels/{gid}/messages/{sent['id']}"
    await ok(live_client, "POST", f"{base}/reactions", {"name": "👍"}, cid)
    added = await bob_socket.wait_for("message:reaction_added")
    assert (added["messageId"], added["reactedByUserId"], added["count"]) == (sent["id"], cid.id, 1)
    await ok(live_client, "POST", f"/api/channels/{gid}/messages/pins/{sent['id']}", person=cid)  # any member pins
    assert (await bob_socket.wait_for("message:updated"))["updated"] == {"pinned": True}
    pins = await ok(live_client, "GET", f"/api/channels/{gid}/messages/pins", person=bob)
    assert [p["id"] for p in pins["messages"]] == [sent["id"]]
    await ok(live_client, "PATCH", base, {"content": "edited"}, ada)
    assert (await bob_socket.wait_for("message:updated", count=2))["updated"]["content"] == "edited"
    assert await gcall(live_client, "PATCH", base, {"content": "not mine"}, bob) == (
        400,
        error("Message does not exist or is not created by you."),
    )
    assert await gcall(live_client, "DELETE", base, person=bob) == (
        403,
        error("Only the creator of the message can delete this message!"),
    )
    status, _ = await gcall(live_client, "POST", f"/api/channels/{gid}/typing", person=cid)
    assert status == 204
    assert await bob_socket.wait_for("channel:typing") == {"userId": cid.id, "channelId": gid}
    await ok(live_client, "DELETE", base, person=ada)
    assert (await bob_socket.wait_for("message:deleted"))["messageId"] == sent["id"]
    await quiet(live_client, (bob, bob_plain))
    for event in ("message:reaction_added", "message:updated", "channel:typing", "message:deleted"):
        assert bob_plain.received(event) == []


async def test_attachments_are_uploaded_for_the_group(live_client, sockets):
    ada, bob, cid, gid = await _group(live_client)
    token = (await ok(live_client, "POST", f"/api/channels/{gid}/cdn/token", person=ada))["token"]
    response = await live_client.post(
        f"/cdn/attachments/{gid}",
        headers={"Authorization": token},
        files={"f": FileStorage(io.BytesIO(png_bytes()), filename="photo.png")},
    )
    file_id = (await response.get_json())["fileId"]
    sent = await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"nerimityCdnFileId": file_id}, ada)
    assert sent["attachments"][0]["mime"] == "image/png"
    listed = await ok(live_client, "GET", f"/api/channels/{gid}/attachments", person=cid)
    assert len(listed) == 1
    outsider = await member()
    assert await gcall(live_client, "POST", f"/api/channels/{gid}/cdn/token", person=outsider) == (
        403,
        error("You are not a member of this channel."),
    )


async def test_every_message_counts_for_the_others_until_they_read(live_client, sockets):
    ada, bob, cid, gid = await _group(live_client)
    for text in ("one", "two"):
        await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"content": text}, ada)
    await ok(live_client, "POST", f"/api/group-dms/{gid}", {"name": "News"}, ada)  # a system message counts too
    bob_socket = await live_socket(sockets, bob)
    payload = bob_socket.received("user:authenticated")[0]
    counts = {m["channelId"]: m["count"] for m in payload["messageMentions"]}
    assert counts == {gid: 3}
    assert [g["channelId"] for g in payload["groupDms"]] == [gid]
    ada_payload = (await live_socket(sockets, ada)).received("user:authenticated")[0]
    assert ada_payload["messageMentions"] == []  # one's own messages count for nobody else
    await bob_socket.client.emit("notification:dismiss", {"channelId": gid})
    assert await bob_socket.wait_for("notification:dismissed") == {"channelId": gid}
    again = (await live_socket(sockets, bob)).received("user:authenticated")[0]
    assert again["messageMentions"] == [] and again["groupDms"][0]["lastSeen"] is not None


async def test_outsiders_and_removed_members_may_not(client):
    ada, bob, cid, gid = await _group(client)
    outsider = await member()
    refused = (403, error("You are not a member of this channel."))
    assert await gcall(client, "GET", f"/api/channels/{gid}/messages", person=outsider) == refused
    assert await gcall(client, "POST", f"/api/channels/{gid}/messages", {"content": "hi"}, outsider) == refused
    await ok(client, "DELETE", f"/api/group-dms/{gid}/members/{cid.id}", person=ada)
    assert await gcall(client, "POST", f"/api/channels/{gid}/messages", {"content": "hi"}, cid) == refused
    assert await gcall(client, "POST", f"/api/channels/{gid}/typing", person=cid) == refused


async def test_a_members_search_finds_the_groups_messages(client):
    ada, bob, cid, gid = await _group(client)
    await ok(client, "POST", f"/api/channels/{gid}/messages", {"content": "the crag at dawn"}, ada)
    await ok(client, "POST", f"/api/channels/{gid}/messages", {"content": "something else"}, bob)
    found = await ok(client, "GET", f"/api/channels/{gid}/messages/search?query=crag", person=cid)
    assert [m["content"] for m in found] == ["the crag at dawn"]
    outsider = await member()
    assert await gcall(client, "GET", f"/api/channels/{gid}/messages/search?query=crag", person=outsider) == (
        403,
        error("You are not a member of this channel."),
    )
