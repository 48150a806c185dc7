"""Issue 9's done-when check: a client over real HTTP following exactly the reference's upload
protocol (rest.md §13, §3.21) — an upload token, then the file to ``<origin>/cdn/<type>/<groupId>``,
in either shape: the raw body (``Content-Type``, ``File-Name``; the protocol's current web client)
or multipart field ``f`` (older clients) — sets an avatar and sends a message with an attachment
that another member's socket receives live (and an outsider's does not)."""

import io
import json

import aiohttp
import pytest
from PIL import Image

from tests.core.uploads import post_raw_http
from tests.plugins.accounts.helpers import ping, png_bytes
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join


async def api(http, base, method, path, token, body=None):
    async with http.request(method, f"{base}/api{path}", json=body, headers={"Authorization": token}) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def cdn_upload(http, base, upload_token, kind, group_id, data, filename, points=None, shape="multipart"):
    """What the reference web clients send: multipart ``f`` (older) or the raw body (current)."""
    if shape == "raw":
        status, body, _ = await post_raw_http(
            http, base, upload_token, kind, group_id, data, filename, "image/png", points
        )
        assert status == 200, body
        return body
    form = aiohttp.FormData()
    form.add_field("f", data, filename=filename, content_type="image/png")
    query = {"points": json.dumps(points)} if points else {}
    async with http.post(
        f"{base}/cdn/{kind}/{group_id}", data=form, params=query, headers={"Authorization": upload_token}
    ) as response:
        body = await response.json()
        assert response.status == 200, body
        return body


@pytest.mark.parametrize("shape", ["raw", "multipart"])
async def test_avatar_and_attachment_through_the_reference_protocol_reach_another_member_live(
    live_server, live_client, sockets, shape
):
    place = await community(live_client)
    ada = place.owner
    bob = await join(live_client, place)
    eve = await member()
    bob_socket, eve_socket = await sockets(bob.token), await sockets(eve.token)
    base = live_server.url

    async with aiohttp.ClientSession() as http:
        token = (await api(http, base, "POST", "/cdn/token", ada.token))["token"]
        avatar = await cdn_upload(
            http, base, token, "avatars", ada.id, png_bytes((64, 48)), "me.png", points=[8, 0, 56, 48], shape=shape
        )
        assert list(avatar) == ["fileId"]
        me = (await api(http, base, "POST", "/users", ada.token, {"avatarId": avatar["fileId"]}))["user"]
        assert me["avatar"] == f"avatars/{ada.id}/{avatar['fileId']}.png"

        channel_token = (await api(http, base, "POST", f"/channels/{place.general}/cdn/token", ada.token))["token"]
        picture = png_bytes((30, 20), (10, 120, 200))
        attachment = await cdn_upload(
            http, base, channel_token, "attachments", place.general, picture, "cat.png", shape=shape
        )
        sent = await api(
            http,
            base,
            "POST",
            f"/channels/{place.general}/messages",
            ada.token,
            {"content": "look", "nerimityCdnFileId": attachment["fileId"]},
        )

        event = await bob_socket.wait_for("message:created")
        message = event["message"]
        assert message == sent and message["content"] == "look"
        assert message["createdBy"]["avatar"] == me["avatar"]
        [shown] = message["attachments"]
        assert (shown["mime"], shown["width"], shown["height"]) == ("image/png", 30, 20)
        async with http.get(f"{base}/cdn/{shown['path']}") as response:
            assert (response.status, response.content_type, await response.read()) == (200, "image/png", picture)
        async with http.get(f"{base}/cdn/{me['avatar']}") as response:  # cropped to its points
            assert Image.open(io.BytesIO(await response.read())).size == (48, 48)

    await ping(live_client, eve, eve_socket)  # a barrier: anything sent to eve before it has arrived
    assert eve_socket.received("message:created") == []
