"""Uploads in both shapes (rest.md §13, docs/uploads.md, core/cdn/incoming.py): the raw body the
protocol's current web client sends (``Content-Type`` + ``File-Name``) and multipart field ``f``;
the size bound enforced while reading; ``File-Name`` made safe; refusals that always arrive."""

import io
from pathlib import Path

import aiohttp
import pytest
from PIL import Image

from core.cdn.models import CdnFile
from tests.core.raw_http import RawConnection, chunked
from tests.core.test_cdn import error, gif, png, token_of
from tests.core.uploads import encode_uri_component, post_raw, post_raw_http, upload_raw
from tests.support import new_person, upload_file

MIB = 1024 * 1024


async def stored(body) -> CdnFile:
    return await CdnFile.get(id=int(body["fileId"]))


def files_under(app, folder: str) -> list[Path]:
    root = app.extensions["hearth"].storage.root / folder
    return sorted(path for path in root.rglob("*") if path.is_file()) if root.exists() else []


def scratch_files(app) -> list[Path]:
    return files_under(app, ".incoming")


# --- every type, as the protocol's web client sends it ----------------------------------------


@pytest.mark.parametrize("kind", ["avatars", "profile_banners", "emojis", "attachments"])
async def test_every_type_takes_the_file_as_the_raw_body(client, kind):
    person = await new_person()
    group = None if kind == "emojis" else person.id
    picture = png(30, 20)
    status, body = await upload_raw(client, person.token, kind, group, picture, filename="holiday photo.png")
    assert status == 200 and list(body) == ["fileId"], body
    record = await stored(body)
    assert (record.kind, record.group_id, record.uploader_id) == (kind, group, int(person.id))
    assert (record.mimetype, record.width, record.height, record.size) == ("image/png", 30, 20, len(picture))
    if kind == "attachments":  # the post image of the protocol: its name kept, made safe
        assert record.path == f"attachments/{person.id}/{record.id}/holiday_photo.png"
    else:
        assert record.path == f"{kind}/{group or person.id}/{record.id}.png"
    served = await client.get(f"/cdn/{record.path}")
    assert served.status_code == 200 and served.mimetype == "image/png"
    assert await served.get_data() == picture


@pytest.mark.parametrize("kind", ["avatars", "profile_banners"])
async def test_points_crop_avatars_and_banners_sent_raw(client, kind):
    person = await new_person()
    status, body = await upload_raw(client, person.token, kind, person.id, png(100, 50), points=[10, 5, 60, 45])
    assert status == 200, body
    record = await stored(body)
    assert (record.width, record.height) == (50, 40)
    served = await client.get(f"/cdn/{record.path}")
    assert Image.open(io.BytesIO(await served.get_data())).size == (50, 40)
    # animated pictures stay animated
    status, body = await upload_raw(
        client, person.token, kind, person.id, gif(3), filename="a.gif", content_type="image/gif", points=[0, 0, 20, 20]
    )
    record = await stored(body)
    assert (record.width, record.height, record.animated, record.mimetype) == (20, 20, True, "image/gif")
    # and bad points are refused before anything is read or stored
    status, body = await post_raw(
        client, await token_of(client, person), kind, person.id, png(20, 20), points="[1,2,3]"
    )
    assert (status, body) == (400, error("Invalid crop points.", "points"))
    assert await CdnFile.filter(kind=kind).count() == 2


async def test_points_are_ignored_for_emojis_and_attachments_sent_raw(client):
    person = await new_person()
    for kind, group in (("emojis", None), ("attachments", person.id)):
        status, body = await upload_raw(client, person.token, kind, group, png(30, 30), points=[0, 0, 5, 5])
        assert status == 200 and (await stored(body)).width == 30, kind


# --- types -----------------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, ""])
async def test_a_missing_or_empty_type_is_read_from_the_bytes_and_the_name(client, content_type):
    person = await new_person()
    status, body = await upload_raw(
        client, person.token, "avatars", person.id, png(), filename="me", content_type=content_type
    )
    assert status == 200 and (await stored(body)).mimetype == "image/png", body
    status, body = await upload_raw(
        client, person.token, "attachments", person.id, b"plain words", filename="notes.txt", content_type=content_type
    )
    record = await stored(body)
    assert (record.filename, record.mimetype) == ("notes.txt", "text/plain")
    status, body = await upload_raw(
        client, person.token, "attachments", person.id, b"\x00\x01", filename=None, content_type=content_type
    )
    record = await stored(body)
    assert (record.filename, record.mimetype) == ("file", "application/octet-stream")


async def test_the_bytes_and_the_name_decide_before_the_declared_type(client):
    person = await new_person()
    # a picture declared as text is a picture; a name claiming a picture the bytes are not is a download
    _, body = await upload_raw(client, person.token, "attachments", person.id, png(), "cat.png", "text/plain")
    assert (await stored(body)).mimetype == "image/png"
    _, body = await upload_raw(client, person.token, "attachments", person.id, b"nope", "x", "image/png")
    record = await stored(body)
    assert (record.filename, record.mimetype) == ("x", "application/octet-stream")
    # a name that says nothing takes the declared type's extension (so it is served as that type)
    _, body = await upload_raw(
        client, person.token, "attachments", person.id, b"\x00\x00\x00\x18ftypmp42", "clip", "video/mp4"
    )
    record = await stored(body)
    assert (record.filename, record.mimetype) == ("clip.mp4", "video/mp4")
    assert (await client.get(f"/cdn/{record.path}")).mimetype == "video/mp4"
    _, body = await upload_raw(client, person.token, "attachments", person.id, b"abc", "data", "not a type; x=1")
    assert (await stored(body)).filename == "data"


async def test_a_raw_body_that_is_not_a_picture_is_refused_where_one_is_required(client):
    person = await new_person()
    status, body = await upload_raw(client, person.token, "avatars", person.id, b"<svg onload=alert(1)>", "a.png")
    assert (status, body) == (400, error("The file is not a supported image (PNG, JPEG, GIF or WebP).", "f"))
    status, body = await upload_raw(client, person.token, "emojis", None, b"", "empty.png")
    assert (status, body) == (400, error("The file is empty.", "f"))
    assert await CdnFile.all().count() == 0


# --- File-Name -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header, kept",
    [
        *(
            (encode_uri_component(sent), kept)
            for sent, kept in [
                ("../../etc/passwd", "passwd"),
                ("..\\..\\boot.ini", "boot.ini"),
                ("..", "file"),
                ('say "hi" it\'s me.txt', "say_hi_it_s_me.txt"),
                ("bell\x07\r\nnew\x00line\u202etxt.exe", "bell_new_line_txt.exe"),
                ("a" * 296 + ".txt", "a" * 96 + ".txt"),
                ("x" * 300, "x" * 100),
                ("café ☕ 日本.txt", "café_日本.txt"),
            ]
        ),
        ("%FF%FEdata.bin", "data.bin"),  # not UTF-8
        ("%E0%A4%A", "A"),  # a cut escape
        ("", "file"),
    ],
)
async def test_file_name_is_decoded_and_made_safe_for_storing_and_downloading(client, app, header, kept):
    person = await new_person()
    before = set(files_under(app, ""))
    upload_token = await token_of(client, person)
    response = await client.post(
        f"/cdn/attachments/{person.id}",
        data=b"some bytes",
        headers={"Authorization": upload_token, "Content-Type": "application/octet-stream", "File-Name": header},
    )
    body = await response.get_json()
    assert response.status_code == 200, body
    record = await stored(body)
    assert (record.filename, record.path) == (kept, f"attachments/{person.id}/{record.id}/{kept}")
    # the only new file is that one, inside the user's folder
    root = app.extensions["hearth"].storage.root
    assert set(files_under(app, "")) - before == {root / record.path}
    served = await client.get(f"/cdn/{record.path}")
    assert await served.get_data() == b"some bytes"
    assert served.headers["Content-Disposition"] == f"attachment; filename*=UTF-8''{encode_uri_component(kept)}"


# --- the size bound --------------------------------------------------------------------------


async def test_a_raw_body_over_the_bound_is_refused_and_nothing_is_kept(make_app):
    app = make_app(**{"cdn.max_upload_mb": 1, "cdn.max_image_mb": 1})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, body = await upload_raw(
            client, person.token, "attachments", person.id, b"x" * (MIB + 1), "big.bin", "application/octet-stream"
        )
        assert (status, body) == (413, error("The request is too large."))
        padded = png() + b"\0" * MIB  # a PNG with trailing bytes: over the image bound
        status, body = await upload_raw(client, person.token, "avatars", person.id, padded)
        assert (status, body) == (413, error("Images must be smaller than 1 MB.", "f"))
        async with app.app_context():
            assert await CdnFile.all().count() == 0
        assert files_under(app, f"attachments/{person.id}") == files_under(app, f"avatars/{person.id}") == []
        assert scratch_files(app) == []
        # exactly the bound is accepted
        status, body = await upload_raw(
            client, person.token, "attachments", person.id, b"x" * MIB, "just.bin", "application/octet-stream"
        )
        assert status == 200, body
        assert scratch_files(app) == []


async def test_the_bound_holds_while_reading_a_body_of_unknown_length(start_server):
    server = await start_server(**{"cdn.max_upload_mb": 1})
    client = server.app.quart.test_client()
    person = await new_person()
    upload_token = await token_of(client, person)
    connection = await RawConnection.open(server.url)
    try:
        head = connection.head(
            "POST",
            f"/cdn/attachments/{person.id}",
            {"Authorization": upload_token, "Transfer-Encoding": "chunked", "File-Name": "big.bin"},
        )
        await connection.send(head + chunked(b"x" * (2 * MIB)))
        refused = await connection.response()
        assert (refused.status, refused.json()) == (413, error("The request is too large."))
        # the rest was read and dropped: the connection goes on
        follow_up = await connection.request("GET", f"/api/users/{person.id}", {"Authorization": person.token})
        assert follow_up.status == 200
    finally:
        await connection.close()
    async with server.app.quart.app_context():
        assert await CdnFile.all().count() == 0
    assert scratch_files(server.app.quart) == []


async def test_a_declared_length_far_over_the_bound_is_answered_at_once(start_server):
    server = await start_server(**{"cdn.max_upload_mb": 1})
    client = server.app.quart.test_client()
    person = await new_person()
    upload_token = await token_of(client, person)
    connection = await RawConnection.open(server.url)
    try:
        head = connection.head(
            "POST",
            f"/cdn/attachments/{person.id}",
            {"Authorization": upload_token, "Content-Length": str(200 * MIB), "File-Name": "huge.bin"},
        )
        await connection.send(head + b"x" * MIB)  # the client stops here, and reads its answer
        refused = await connection.response()
        assert (refused.status, refused.json()) == (413, error("The request is too large."))
        assert refused.headers["connection"] == "close"
    finally:
        await connection.close()
    assert scratch_files(server.app.quart) == []


# --- refusals always arrive, and the connection stays usable ---------------------------------


async def test_refused_raw_uploads_deliver_their_error_on_a_connection_that_stays_usable(start_server):
    server = await start_server(**{"cdn.max_upload_mb": 8, "cdn.max_image_mb": 4})
    client = server.app.quart.test_client()
    person, other = await new_person(), await new_person()
    upload_token = await token_of(client, person)
    big = b"x" * (6 * MIB)
    connections = []

    async def connected(session, context, params):
        connections.append(params)

    trace = aiohttp.TraceConfig()
    trace.on_connection_create_end.append(connected)
    cases = [
        (upload_token, f"attachments/{other.id}", big, 403, error("You may not upload files to this group.")),
        (upload_token, "attachments/abc", big, 400, error("Invalid group id.", "groupId")),
        ("not a token", f"attachments/{person.id}", big, 401, error("Invalid token.")),
        (upload_token, f"avatars/{person.id}", big, 413, error("Images must be smaller than 4 MB.", "f")),
        (upload_token, f"attachments/{person.id}", b"x" * (8 * MIB + 1), 413, error("The request is too large.")),
    ]
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1), trace_configs=[trace]) as http:
        for token, path, data, status, message in cases:
            kind, _, group = path.partition("/")
            got_status, got_body, headers = await post_raw_http(http, server.url, token, kind, group, data)
            assert (got_status, got_body) == (status, message), path
            assert headers.get("Connection") != "close", path
            async with http.get(f"{server.url}/api/users/{person.id}", headers={"Authorization": person.token}) as r:
                assert r.status == 200, path
        status, body, _ = await post_raw_http(http, server.url, upload_token, "attachments", person.id, b"fine")
        assert status == 200, body
    assert len(connections) == 1  # every request above went over the same connection
    async with server.app.quart.app_context():
        assert await CdnFile.all().count() == 1


# --- multipart still works -------------------------------------------------------------------


async def test_multipart_field_f_still_works_with_its_name_and_points(client):
    person = await new_person()
    status, body = await upload_file(
        client, person.token, "avatars", person.id, png(100, 50), filename="café.png", points=[0, 0, 40, 40]
    )
    assert status == 200, body
    assert ((await stored(body)).width, (await stored(body)).height) == (40, 40)
    status, body = await upload_file(client, person.token, "attachments", person.id, b"words", filename="café.txt")
    record = await stored(body)
    assert (record.filename, record.mimetype) == ("café.txt", "text/plain")


async def test_multipart_takes_the_first_file_in_f_and_ignores_other_fields(client):
    person = await new_person()
    boundary = "hearthboundary"
    body = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="note"\r\n\r\n'
        "ignored\r\n"
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="f"; filename="first.txt"\r\n'
        "Content-Type: text/plain\r\n\r\n"
        "the first\r\n"
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="f"; filename="second.txt"\r\n\r\n'
        "the second\r\n"
        f"--{boundary}--\r\n"
    ).encode()
    response = await client.post(
        f"/cdn/attachments/{person.id}",
        data=body,
        headers={
            "Authorization": await token_of(client, person),
            "Content-Type": f"multipart/form-data; boundary={boundary}",
        },
    )
    record = await stored(await response.get_json())
    assert record.filename == "first.txt"
    assert await (await client.get(f"/cdn/{record.path}")).get_data() == b"the first"


@pytest.mark.parametrize(
    "content_type, body, expected",
    [
        ("multipart/form-data", b"--x\r\n", error("The form data could not be read.", "f")),
        ("multipart/form-data; boundary=x", b"no boundary anywhere", error("The form data could not be read.", "f")),
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\ncut sh',
            error("The form data could not be read.", "f"),
        ),
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="g"; filename="a.txt"\r\n\r\nabc\r\n--x--\r\n',
            error("A file is required in the form field f.", "f"),
        ),
    ],
)
async def test_a_form_that_cannot_be_read_is_a_400(client, content_type, body, expected):
    person = await new_person()
    response = await client.post(
        f"/cdn/attachments/{person.id}",
        data=body,
        headers={"Authorization": await token_of(client, person), "Content-Type": content_type},
    )
    assert (response.status_code, await response.get_json()) == (400, expected)
    assert await CdnFile.all().count() == 0


async def test_a_client_on_another_origin_may_send_file_name(client):
    response = await client.options(
        "/cdn/attachments/123",
        headers={
            "Origin": "https://elsewhere.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,content-type,file-name",
        },
    )
    assert response.status_code == 204
    allowed = {name.strip().lower() for name in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "file-name"} <= allowed
