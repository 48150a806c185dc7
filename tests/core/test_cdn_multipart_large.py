"""A multipart upload of a binary file much larger than the form decoder's memory, over real HTTP:
the server hands the body over in 64 KiB reads, and a read that ended near a line break once made
the decoder answer 413 (core/cdn/incoming.py feeds it in halves since)."""

from __future__ import annotations

import os

import aiohttp

from tests.plugins.messages.helpers import dm_pair


async def test_a_binary_file_of_several_reads_uploads_as_multipart(live_server, live_client):
    alice, _, channel_id = await dm_pair(live_client)
    data = bytes(range(256)) * 4096 + os.urandom(300_000)  # every byte value, line breaks everywhere
    async with aiohttp.ClientSession() as http:
        headers = {"Authorization": alice.token}
        async with http.post(f"{live_server.url}/api/channels/{channel_id}/cdn/token", headers=headers) as response:
            upload_token = (await response.json())["token"]
        form = aiohttp.FormData()
        form.add_field("f", data, filename="data.bin", content_type="application/octet-stream")
        async with http.post(
            f"{live_server.url}/cdn/attachments/{channel_id}", data=form, headers={"Authorization": upload_token}
        ) as response:
            assert response.status == 200, await response.text()
            file_id = (await response.json())["fileId"]
        async with http.post(
            f"{live_server.url}/api/channels/{channel_id}/messages",
            json={"content": "a file", "nerimityCdnFileId": file_id},
            headers=headers,
        ) as response:
            assert response.status == 200, await response.text()
            [attachment] = (await response.json())["attachments"]
        async with http.get(f"{live_server.url}/cdn/{attachment['path']}") as response:
            assert response.status == 200 and await response.read() == data
