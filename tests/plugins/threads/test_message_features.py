"""Every message feature works in a thread through the usual ``/api/channels/{threadId}/…``
routes (issue 35: replies, pins, edits, deletes, attachments, buttons, read state), with the
parent's rules (moderators pin and delete others' messages), and their events reach the opted-in
viewers of the parent only — not the same member's protocol client (a button click and read state
go to the user's own sockets: only those that asked), a member who cannot see the parent, or an
outsider."""

import io

from quart.datastructures import FileStorage

from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import error
from tests.plugins.threads.helpers import start_thread, tcall, tok
from tests.plugins.threads.test_audiences import _audience, _nothing_for


async def _attachment(client, token: str, thread_id: str) -> str:
    """A picture uploaded with the thread's own channel token (as the web client uploads)."""
    upload = await tok(client, "POST", f"/api/channels/{thread_id}/cdn/token", token=token)
    response = await client.post(
        f"/cdn/attachments/{thread_id}",
        headers={"Authorization": upload["token"]},
        files={"f": FileStorage(io.BytesIO(png_bytes()), filename="cat.png")},
    )
    assert response.status_code == 200, await response.get_data(as_text=True)
    return (await response.get_json())["fileId"]


async def test_replies_edits_attachments_pins_deletes_and_buttons_in_a_thread(live_client, sockets):
    place, reader, blind, outsider, probes = await _audience(live_client, sockets)
    thread = await start_thread(live_client, place)
    messages = f"/api/channels/{thread['id']}/messages"
    first = await tok(live_client, "POST", messages, {"content": "question"}, place.owner.token)

    # a reply quoting the first, with an attachment uploaded for the thread
    file_id = await _attachment(live_client, reader.token, thread["id"])
    body = {"content": "answer", "replyToMessageIds": [first["id"]], "nerimityCdnFileId": file_id}
    reply = await tok(live_client, "POST", messages, body, reader.token)
    assert [r["replyToMessage"]["id"] for r in reply["replyMessages"]] == [first["id"]]
    assert reply["attachments"][0]["mime"] == "image/png"
    assert (await probes["reader"].wait_for("message:created", count=3))["message"]["id"] == reply["id"]

    # its author edits it
    edited = await tok(live_client, "PATCH", f"{messages}/{reply['id']}", {"content": "better answer"}, reader.token)
    assert edited["content"] == "better answer"
    updated = await probes["reader"].wait_for("message:updated")
    assert (updated["channelId"], updated["messageId"]) == (thread["id"], reply["id"])

    # a member who does not moderate neither pins nor deletes another's message; the owner does
    pin = f"{messages}/pins/{first['id']}"
    not_a_moderator = (403, error("Missing Manage Channels permission"))
    assert await tcall(live_client, "POST", pin, token=reader.token) == not_a_moderator
    assert await tcall(live_client, "DELETE", f"{messages}/{first['id']}", token=reader.token) == not_a_moderator
    assert await tcall(live_client, "POST", pin, token=place.owner.token) == (200, {"status": True})
    pins = await tok(live_client, "GET", f"{messages}/pins", token=reader.token)
    assert [m["id"] for m in pins["messages"]] == [first["id"]]
    assert await tcall(live_client, "DELETE", f"{messages}/{reply['id']}", token=place.owner.token) == (
        200,
        {"message": "Message deleted!"},
    )
    deleted = await probes["reader"].wait_for("message:deleted")
    assert (deleted["channelId"], deleted["messageId"]) == (thread["id"], reply["id"])

    # a message with buttons: a click reaches its author
    voting = await tok(
        live_client, "POST", messages, {"content": "vote", "buttons": [{"id": "yes", "label": "Yes"}]}, reader.token
    )
    click = f"{messages}/{voting['id']}/buttons/yes"
    assert await tcall(live_client, "POST", click, token=place.owner.token) == (200, {"status": True})
    clicked = await probes["reader"].wait_for("message:button_clicked")
    assert (clicked["channelId"], clicked["userId"]) == (thread["id"], place.owner.id)

    # read state goes to the reader's own opted-in sockets
    status, _ = await tcall(live_client, "POST", f"{messages}/{first['id']}/mark-unread", token=reader.token)
    assert status == 200
    assert (await probes["reader"].wait_for("message:mark_unread"))["channelId"] == thread["id"]
    await probes["reader"].client.emit("notification:dismiss", {"channelId": thread["id"]})
    assert await probes["reader"].wait_for("notification:dismissed") == {"channelId": thread["id"]}

    # nobody else: not the protocol client, the member who cannot see the parent, the outsider
    for path, token in ((f"{messages}/pins", blind.token), (f"/api/channels/{thread['id']}/cdn/token", blind.token)):
        method = "POST" if path.endswith("token") else "GET"
        assert await tcall(live_client, method, path, token=token) == (403, error("This channel is private."))
    assert await tcall(live_client, "POST", click, token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    await _nothing_for(
        live_client,
        [(reader, probes["reader_protocol"]), (blind, probes["blind"]), (outsider, probes["outsider"])],
        "message:updated",
        "message:deleted",
        "message:button_clicked",
        "message:mark_unread",
        "notification:dismissed",
    )
    assert [m["message"]["channelId"] for m in probes["reader_protocol"].received("message:created")] == [place.general]
