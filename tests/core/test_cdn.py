"""Uploads through POST /api/cdn/upload and files served under /cdn/."""

import io

from PIL import Image

from core.cdn.service import verify_file
from core.errors import ApiError
from tests.support import call, register


def png(width: int = 8, height: int = 8) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


async def upload(client, token, data: bytes, query: str = "image=true&type=avatars", filename: str = "a.png"):
    from quart.datastructures import FileStorage

    response = await client.post(f"/api/cdn/upload?{query}", headers={"Authorization": token} if token else {},
                                 files={"f": FileStorage(io.BytesIO(data), filename=filename)})
    return response.status_code, await response.get_json()


async def test_an_uploaded_image_is_served_back(client):
    person = await register(client)
    status, body = await upload(client, person.token, png(16, 9))
    assert status == 200, body
    assert (body["width"], body["height"], body["mimetype"]) == (16, 9, "image/png")
    served = await client.get(f"/cdn/{body['path']}")
    assert served.status_code == 200
    assert served.mimetype == "image/png"
    assert await served.get_data() == png(16, 9)
    assert served.headers["X-Content-Type-Options"] == "nosniff"


async def test_a_file_that_is_not_an_image_is_refused_when_an_image_is_required(client):
    person = await register(client)
    status, body = await upload(client, person.token, b"<html><script>alert(1)</script>", filename="x.png")
    assert status == 400
    assert body == {"message": "The file is not a supported image (PNG, JPEG, GIF or WebP).", "path": "f"}


async def test_plain_attachments_download_instead_of_rendering(client):
    person = await register(client)
    status, body = await upload(client, person.token, b"<html><script>alert(1)</script></html>",
                                query="type=attachments&groupId=123", filename="page.html")
    assert status == 200, body
    served = await client.get(f"/cdn/{body['path']}")
    assert served.headers["Content-Disposition"] == "attachment"
    assert "default-src 'none'" in served.headers["Content-Security-Policy"]


async def test_oversize_images_are_refused_with_a_clear_error(make_app):
    app = make_app(**{"cdn.max_image_mb": 0})
    async with app.test_app():
        client = app.test_client()
        person = await register(client)
        status, body = await upload(client, person.token, png())
    assert status == 413
    assert body == {"message": "Images must be smaller than 0 MB.", "path": "f"}


async def test_uploads_over_the_request_limit_are_refused(make_app):
    app = make_app(**{"cdn.max_upload_mb": 0})
    async with app.test_app():
        client = app.test_client()
        person = await register(client)
        status, body = await upload(client, person.token, b"x" * (2 * 1024 * 1024), query="type=attachments")
    assert status == 413
    assert body["message"] == "The request is too large."


async def test_upload_needs_a_token_and_a_file(client):
    status, body = await upload(client, None, png())
    assert (status, body) == (401, {"message": "No token provided.", "path": None})
    person = await register(client)
    status, body = await call(client, "POST", "/api/cdn/upload", token=person.token)
    assert (status, body) == (400, {"message": "A file is required in the form field f.", "path": "f"})


async def test_unknown_types_and_missing_files_are_refused(client):
    person = await register(client)
    status, body = await upload(client, person.token, png(), query="type=secrets")
    assert (status, body) == (400, {"message": "Invalid upload type.", "path": "type"})
    missing = await client.get("/cdn/avatars/1/nothing.png")
    assert missing.status_code == 404
    traversal = await client.get("/cdn/..%2F..%2Fpyproject.toml")
    assert traversal.status_code == 404


async def test_only_the_uploader_can_use_a_file(client, app):
    owner = await register(client)
    other = await register(client)
    _, body = await upload(client, owner.token, png(), query=f"image=true&type=avatars&groupId={owner.id}")
    async with app.app_context():
        record = await verify_file(int(owner.id), body["fileId"], "avatars", group_id=owner.id, image_only=True)
        assert record.path == body["path"]
        for user_id, kind in ((int(other.id), "avatars"), (int(owner.id), "emojis")):
            try:
                await verify_file(user_id, body["fileId"], kind)
            except ApiError as error:
                assert error.status == 403
            else:
                raise AssertionError("verify_file accepted a file it should refuse")
