"""``[cdn] storage = "s3"`` against a real S3-compatible server (moto, tests/core/cdn/s3server.py):
uploads land in the bucket and nowhere on disk, downloads stream back with ranges and conditional
requests, deletes reach the bucket, and a public URL turns downloads into redirects."""

import io
import os

import pytest
from PIL import Image

from core.app import create_quart_app
from core.cdn import s3
from core.cdn.models import CdnFile
from core.testing import free_port
from tests.core.uploads import upload_raw
from tests.plugins.messages.helpers import dm_pair, error, sent
from tests.support import call, new_person, upload_file


def png(size: int = 12) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), (10, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


def stored_on_disk(settings) -> list[str]:
    return [
        os.path.relpath(os.path.join(folder, name), settings.cdn.directory)
        for folder, _, names in os.walk(settings.cdn.directory)
        for name in names
    ]


async def test_an_attachment_goes_to_the_bucket_and_streams_back_with_ranges(s3_client, s3_server, bucket, settings):
    alice, _, channel_id = await dm_pair(s3_client)
    data = b"hearth on s3 " * 1000
    status, upload = await upload_file(
        s3_client, alice.token, "attachments", channel_id, data, filename="notes.txt", channel_id=channel_id
    )
    assert status == 200, upload
    path = f"attachments/{channel_id}/{upload['fileId']}/notes.txt"
    assert s3_server.keys(bucket) == {path: data}
    assert not [name for name in stored_on_disk(settings) if path in name]  # only the bucket holds it

    whole = await s3_client.get(f"/cdn/{path}")
    assert whole.status_code == 200 and await whole.get_data() == data
    assert whole.headers["Content-Length"] == str(len(data)) and whole.headers["Accept-Ranges"] == "bytes"
    assert whole.headers["Content-Disposition"] == "attachment; filename*=UTF-8''notes.txt"
    assert whole.headers["X-Content-Type-Options"] == "nosniff" and whole.mimetype == "text/plain"

    head = await s3_client.head(f"/cdn/{path}")  # HeadObject: no body fetched from the bucket
    # (its Content-Length is checked over real HTTP in test_shared_bucket.py: Quart's test client
    # recounts it from the body it received)
    assert head.status_code == 200 and await head.get_data() == b"" and head.headers["ETag"] == whole.headers["ETag"]

    part = await s3_client.get(f"/cdn/{path}", headers={"Range": "bytes=5-14"})
    assert part.status_code == 206 and await part.get_data() == data[5:15]
    assert part.headers["Content-Range"] == f"bytes 5-14/{len(data)}"

    unchanged = await s3_client.get(f"/cdn/{path}", headers={"If-None-Match": whole.headers["ETag"]})
    assert unchanged.status_code == 304 and await unchanged.get_data() == b""

    beyond = await s3_client.get(f"/cdn/{path}", headers={"Range": f"bytes={len(data) + 10}-"})
    assert beyond.status_code == 416


async def test_missing_and_hidden_paths_are_not_found(s3_client, s3_server, bucket):
    s3_server.client().put_object(Bucket=bucket, Key="attachments/1/.secret", Body=b"x")
    for path in ("attachments/1/2/none.txt", "attachments/1/.secret", "attachments/1/../1/.secret"):
        assert await call(s3_client, "GET", f"/cdn/{path}") == (404, error("File not found."))


async def test_an_avatar_and_an_emoji_by_id_are_served_from_the_bucket(s3_client, s3_server, bucket):
    person = await new_person()
    status, avatar = await upload_file(s3_client, person.token, "avatars", person.id, png(), points=[0, 0, 6, 6])
    assert status == 200, avatar
    status, emoji = await upload_file(s3_client, person.token, "emojis", None, png(20))
    assert status == 200, emoji
    stored = s3_server.keys(bucket)
    assert sorted(stored) == sorted(
        [f"avatars/{person.id}/{avatar['fileId']}.png", f"emojis/{person.id}/{emoji['fileId']}.png"]
    )
    cropped = Image.open(io.BytesIO(stored[f"avatars/{person.id}/{avatar['fileId']}.png"]))
    assert cropped.size == (6, 6)  # the crop, not the original, was stored
    by_id = await s3_client.get(f"/cdn/emojis/{emoji['fileId']}.webp")
    assert by_id.status_code == 200 and await by_id.get_data() == stored[f"emojis/{person.id}/{emoji['fileId']}.png"]
    assert by_id.mimetype == "image/png" and "Content-Disposition" not in by_id.headers


async def test_a_large_file_is_sent_in_parts_and_read_back_whole(s3_client, s3_server, bucket, monkeypatch):
    monkeypatch.setattr(s3, "PART_BYTES", 5 * 1024 * 1024)  # S3's smallest part: three parts here
    alice, _, channel_id = await dm_pair(s3_client)
    data = os.urandom(12 * 1024 * 1024 + 7)
    status, upload = await upload_raw(
        s3_client, alice.token, "attachments", channel_id, data, "big.bin", "", channel_id=channel_id
    )
    assert status == 200, upload
    path = f"attachments/{channel_id}/{upload['fileId']}/big.bin"
    head = s3_server.client().head_object(Bucket=bucket, Key=path)
    assert head["ContentLength"] == len(data) and head["ETag"].endswith('-3"')  # a multipart upload's ETag
    tail = await s3_client.get(f"/cdn/{path}", headers={"Range": "bytes=-100"})
    assert tail.status_code == 206 and await tail.get_data() == data[-100:]


async def test_deleting_a_message_deletes_its_attachment_from_the_bucket(s3_client, s3_server, bucket):
    alice, bob, channel_id = await dm_pair(s3_client)
    status, upload = await upload_file(
        s3_client, alice.token, "attachments", channel_id, png(), filename="cat.png", channel_id=channel_id
    )
    assert status == 200, upload
    message = await sent(s3_client, alice, channel_id, "look", nerimityCdnFileId=upload["fileId"])
    path = message["attachments"][0]["path"]
    assert list(s3_server.keys(bucket)) == [path]
    denied = await call(s3_client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=bob.token)
    assert denied[0] == 403 and list(s3_server.keys(bucket)) == [path]  # someone else's: refused, kept
    deleted = await call(s3_client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=alice.token)
    assert deleted[0] == 200, deleted
    assert s3_server.keys(bucket) == {}
    assert await call(s3_client, "GET", f"/cdn/{path}") == (404, error("File not found."))


async def test_with_a_public_url_downloads_redirect_there(make_app, s3_server, bucket):
    app = make_app(**s3_server.settings(bucket), **{"cdn.s3_public_url": "https://files.example.org/hearth/"})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, emoji = await upload_file(client, person.token, "emojis", None, png())
        assert status == 200, emoji
        response = await client.get(f"/cdn/emojis/{person.id}/{emoji['fileId']}.png")
        assert response.status_code == 302
        assert (
            response.headers["Location"] == f"https://files.example.org/hearth/emojis/{person.id}/{emoji['fileId']}.png"
        )


@pytest.mark.parametrize("failure", ["endpoint closed", "no such bucket"])
async def test_a_store_that_cannot_serve_answers_503_and_the_upload_is_not_recorded(make_app, s3_server, failure):
    overrides = s3_server.settings("hearth-never-created")
    if failure == "endpoint closed":
        overrides["cdn.s3_endpoint"] = f"http://127.0.0.1:{free_port()}"
    app = make_app(**overrides)
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, body = await upload_file(client, person.token, "emojis", None, png())
        assert (status, body) == (503, error("The service is temporarily unavailable. Try again shortly."))
        assert await CdnFile.filter(uploader_id=int(person.id)).count() == 0
        response = await client.get(f"/cdn/emojis/{person.id}/1.png")
        assert response.status_code == 503 and response.headers["Retry-After"] == "5"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"cdn.storage": "ftp"}, "[cdn] storage must be one of local, s3, not 'ftp'"),
        ({"cdn.storage": "s3", "cdn.s3_bucket": ""}, "[cdn] storage is s3 but s3_bucket is empty"),
    ],
)
def test_a_storage_setting_that_cannot_work_stops_the_start(settings, overrides, message):
    with pytest.raises(ValueError) as refused:
        create_quart_app(settings.with_overrides(overrides))
    assert str(refused.value) == message
