"""The upload protocol of rest.md §13 (``POST /api/cdn/token``, then multipart ``f`` to
``/cdn/<type>/<groupId>``) and the files served under ``/cdn/``."""

import io
import struct
import zlib

import pytest
from PIL import Image
from quart.datastructures import FileStorage

from core.cdn.models import CdnFile
from core.cdn.service import verify_file
from core.cdn.tokens import make_token
from core.errors import ApiError
from core.identity.models import Session
from tests.support import call, new_person, upload_file


def png(width: int = 8, height: int = 8) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


def gif(frames: int, size: tuple[int, int] = (40, 20)) -> bytes:
    buffer = io.BytesIO()
    images = [Image.new("RGB", size, (i * 60, 100, 30)) for i in range(frames)]
    images[0].save(buffer, format="GIF", save_all=True, append_images=images[1:], duration=80, loop=0)
    return buffer.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` with almost no pixel data behind it."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


def error(message, path=None):
    return {"message": message, "path": path}


async def post_file(client, upload_token, path, data=b"", filename="a.png", query=None):
    headers = {"Authorization": upload_token} if upload_token else {}
    response = await client.post(
        path, headers=headers, query_string=query, files={"f": FileStorage(io.BytesIO(data), filename=filename)}
    )
    return response.status_code, await response.get_json()


async def token_of(client, person, channel_id=None):
    path = f"/api/channels/{channel_id}/cdn/token" if channel_id else "/api/cdn/token"
    status, body = await call(client, "POST", path, token=person.token)
    assert status == 200, body
    return body["token"]


async def path_of(file_id: str) -> str:
    return (await CdnFile.get(id=int(file_id))).path


# --- the protocol --------------------------------------------------------------------------


async def test_an_avatar_uploaded_with_an_upload_token_is_served_back(client):
    person = await new_person()
    status, body = await call(client, "POST", "/api/cdn/token", token=person.token)
    assert status == 200 and list(body) == ["token"]
    status, body = await post_file(client, body["token"], f"/cdn/avatars/{person.id}", png(16, 9))
    assert status == 200 and list(body) == ["fileId"], body
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.kind, record.group_id, record.width, record.height, record.mimetype) == (
        "avatars",
        person.id,
        16,
        9,
        "image/png",
    )
    served = await client.get(f"/cdn/{record.path}")
    assert served.status_code == 200 and served.mimetype == "image/png"
    assert await served.get_data() == png(16, 9)
    assert served.headers["X-Content-Type-Options"] == "nosniff"


async def test_the_token_routes_need_a_signed_in_caller(client):
    assert await call(client, "POST", "/api/cdn/token") == (401, error("No token provided."))
    assert await call(client, "POST", "/api/cdn/token", token="nonsense") == (401, error("Invalid token."))


async def test_an_upload_needs_a_live_upload_token(client, app):
    person = await new_person()
    path = f"/cdn/avatars/{person.id}"
    assert await post_file(client, None, path, png()) == (401, error("No token provided."))
    for bad in ("nonsense", person.token, "a.b", "YQ.YQ"):  # a session token is not an upload token
        assert await post_file(client, bad, path, png()) == (401, error("Invalid token.")), bad
    upload_token = await token_of(client, person)
    forged = upload_token.split(".")[0] + "." + upload_token.split(".")[1][::-1]
    assert await post_file(client, forged, path, png()) == (401, error("Invalid token."))
    async with app.app_context():
        session = await Session.get(user_id=int(person.id))
        old = make_token(app.extensions["hearth"].settings, session.id, int(person.id), now=1_000_000)
    assert await post_file(client, old, path, png()) == (401, error("Token expired."))
    # logging out ends the session, and with it the session's upload tokens
    assert (await call(client, "DELETE", "/api/users/logout", token=person.token))[0] == 200
    assert await post_file(client, upload_token, path, png()) == (401, error("Invalid token."))
    assert await CdnFile.all().count() == 0


async def test_a_file_is_required_in_field_f(client):
    person = await new_person()
    response = await client.post(
        f"/cdn/avatars/{person.id}",
        headers={"Authorization": await token_of(client, person)},
        files={"file": FileStorage(io.BytesIO(png()), filename="a.png")},
    )
    assert (response.status_code, await response.get_json()) == (
        400,
        error("A file is required in the form field f.", "f"),
    )


async def test_a_file_that_is_not_an_image_is_refused_when_an_image_is_required(client):
    person = await new_person()
    status, body = await upload_file(
        client, person.token, "avatars", person.id, b"<html><script>alert(1)</script>", filename="x.png"
    )
    assert (status, body) == (400, error("The file is not a supported image (PNG, JPEG, GIF or WebP).", "f"))


async def test_plain_attachments_download_instead_of_rendering(client):
    person = await new_person()
    status, body = await upload_file(
        client, person.token, "attachments", person.id, b"<html><script>alert(1)</script></html>", filename="page.html"
    )
    assert status == 200, body
    served = await client.get(f"/cdn/{await path_of(body['fileId'])}")
    assert served.headers["Content-Disposition"] == "attachment; filename*=UTF-8''page.html"
    assert "default-src 'none'" in served.headers["Content-Security-Policy"]


async def test_attachment_pictures_keep_their_name_and_get_their_size(client):
    person = await new_person()
    status, body = await upload_file(client, person.token, "attachments", person.id, png(30, 20), filename="cat.png")
    assert status == 200, body
    record = await CdnFile.get(id=int(body["fileId"]))
    assert record.path == f"attachments/{person.id}/{record.id}/cat.png"
    assert (record.mimetype, record.width, record.height) == ("image/png", 30, 20)
    # a name claiming a picture the bytes are not is stored as a plain download
    status, body = await upload_file(client, person.token, "attachments", person.id, b"not a picture", filename="x.png")
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.mimetype, record.width) == ("application/octet-stream", None)


async def test_oversize_images_are_refused_with_a_clear_error(make_app):
    app = make_app(**{"cdn.max_image_mb": 0})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, body = await upload_file(client, person.token, "avatars", person.id, png())
    assert (status, body) == (413, error("Images must be smaller than 0 MB.", "f"))


async def test_uploads_over_the_request_limit_are_refused(make_app):
    app = make_app(**{"cdn.max_upload_mb": 0})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, body = await upload_file(
            client, person.token, "attachments", person.id, b"x" * (2 * 1024 * 1024), filename="big.bin"
        )
    assert status == 413
    assert body["message"] == "The request is too large."


async def test_a_client_on_another_origin_may_upload(client):
    response = await client.options(
        "/cdn/avatars/123", headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"}
    )
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in response.headers["Access-Control-Allow-Headers"]


# --- where an upload may go ----------------------------------------------------------------


@pytest.mark.parametrize("group", ["..", "abc", "-1", "01", "1e3", "١٢٣", "99999999999999999999"])
async def test_a_group_id_that_is_not_an_id_is_refused(client, group):
    person = await new_person()
    status, body = await post_file(client, await token_of(client, person), f"/cdn/avatars/{group}", png())
    assert (status, body) == (400, error("Invalid group id.", "groupId"))
    assert await CdnFile.all().count() == 0


async def test_another_users_folder_is_refused(client):
    person, other = await new_person(), await new_person()
    for kind in ("avatars", "profile_banners", "attachments"):
        status, body = await upload_file(client, person.token, kind, other.id, png())
        assert (status, body) == (403, error("You may not upload files to this group.")), kind
    assert await CdnFile.all().count() == 0


async def test_each_type_takes_its_own_kind_of_group(client):
    person = await new_person()
    assert await upload_file(client, person.token, "emojis", person.id, png()) == (
        403,
        error("Emojis are uploaded without a group."),
    )
    assert await upload_file(client, person.token, "avatars", None, png()) == (
        403,
        error("This upload type needs a group id."),
    )
    assert await upload_file(client, person.token, "secrets", person.id, png()) == (
        400,
        error("Invalid upload type.", "type"),
    )
    status, body = await upload_file(client, person.token, "emojis", None, png())
    assert status == 200 and (await CdnFile.get(id=int(body["fileId"]))).group_id is None


async def test_only_the_uploader_can_use_a_file_and_only_for_its_group(client, app):
    owner = await new_person()
    other = await new_person()
    _, body = await upload_file(client, owner.token, "avatars", owner.id, png())
    async with app.app_context():
        record = await verify_file(int(owner.id), body["fileId"], "avatars", group_id=owner.id, image_only=True)
        assert record.path == f"avatars/{owner.id}/{body['fileId']}.png"
        for user_id, kind, group in (
            (int(other.id), "avatars", None),
            (int(owner.id), "emojis", None),
            (int(owner.id), "avatars", other.id),
        ):
            with pytest.raises(ApiError) as refused:
                await verify_file(user_id, body["fileId"], kind, group_id=group)
            assert refused.value.status == 403


# --- the pixel limit (probing found it was really twice the configured one) -----------------


async def test_images_over_the_pixel_limit_are_refused_even_below_twice_it(make_app):
    app = make_app(**{"cdn.max_image_pixels": 1000})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        refused = await upload_file(client, person.token, "avatars", person.id, png(40, 30))  # 1,200 pixels
        accepted = await upload_file(client, person.token, "avatars", person.id, png(40, 25))  # 1,000 pixels
    assert refused == (400, error("Images must have at most 1000 pixels.", "f"))
    assert accepted[0] == 200


async def test_dimensions_are_checked_before_anything_is_decoded(make_app):
    # The header claims 1,500 × 1,000 (under Pillow's own guard at twice the limit) over almost no
    # pixel data: decoding it is what would fail (and, for a real picture, what would cost).
    app = make_app(**{"cdn.max_image_pixels": 1_000_000})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, body = await upload_file(client, person.token, "avatars", person.id, png_header_only(1500, 1000))
    assert (status, body) == (400, error("Images must have at most 1000000 pixels.", "f"))


# --- crops ---------------------------------------------------------------------------------


async def test_an_avatar_is_cropped_to_its_points(client):
    person = await new_person()
    status, body = await upload_file(client, person.token, "avatars", person.id, png(100, 50), points=[10, 5, 60, 45])
    assert status == 200, body
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.width, record.height) == (50, 40)
    served = await client.get(f"/cdn/{record.path}")
    assert Image.open(io.BytesIO(await served.get_data())).size == (50, 40)
    # points beyond the picture are clamped to it
    _, body = await upload_file(
        client, person.token, "profile_banners", person.id, png(100, 50), points=[50, 0, 9999, 9999]
    )
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.width, record.height) == (50, 50)


async def test_an_animated_avatar_stays_animated_when_cropped(client):
    person = await new_person()
    status, body = await upload_file(client, person.token, "avatars", person.id, gif(3), points=[0, 0, 20, 20])
    assert status == 200, body
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.width, record.height, record.animated, record.mimetype) == (20, 20, True, "image/gif")
    picture = Image.open(io.BytesIO(await (await client.get(f"/cdn/{record.path}")).get_data()))
    assert (picture.size, picture.n_frames) == ((20, 20), 3)


@pytest.mark.parametrize(
    "points",
    ["[1,2,3]", "abc", "[-1,0,5,5]", "[0,0,0,9]", "[1,1,1,1]", '["1",0,5,5]', "[0,0,10000,5]", "[true,0,5,5]", "{}"],
)
async def test_bad_crop_points_are_refused(client, points):
    person = await new_person()
    status, body = await post_file(
        client, await token_of(client, person), f"/cdn/avatars/{person.id}", png(20, 20), query={"points": points}
    )
    assert (status, body) == (400, error("Invalid crop points.", "points"))
    assert await CdnFile.all().count() == 0


async def test_points_are_ignored_for_attachments_and_emojis(client):
    person = await new_person()
    status, body = await upload_file(client, person.token, "emojis", None, png(30, 30), points=[0, 0, 5, 5])
    assert status == 200 and (await CdnFile.get(id=int(body["fileId"]))).width == 30


# --- serving -------------------------------------------------------------------------------


async def test_missing_files_and_paths_outside_the_store_are_not_found(client):
    missing = await client.get("/cdn/avatars/1/nothing.png")
    assert missing.status_code == 404
    traversal = await client.get("/cdn/..%2F..%2Fpyproject.toml")
    assert traversal.status_code == 404
