"""The protocol's current web client uploads from a page on another origin the way its
``xhrRequest`` does (rest.md §13): an upload token from ``POST /api/cdn/token``, then an
XMLHttpRequest whose body is the ``File`` itself, with ``Content-Type: file.type`` and
``File-Name: encodeURIComponent(file.name)``. The browser adds its own headers (Origin, the
CORS preflight for ``File-Name``, the length) and shows upload progress; Hearth stores the file
under its name, crops the avatar to its points and serves both back; a refused upload of
several megabytes arrives as its JSON error, and the browser's next request works."""

import io
import json

from aiohttp import web
from PIL import Image

from core.testing import free_port
from tests.plugins.messages.helpers import member

CLIENT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>protocol client</title></head>
<body>
<input type="file" id="picker" multiple>
<script>
  // the client's two calls: JSON with fetch, the upload with XMLHttpRequest and a File body
  window.api = async (method, url, token, body) => {
    const response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", Authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  window.upload = (url, uploadToken, file, points) =>
    new Promise((resolve) => {
      const target = new URL(url);
      if (points) target.search = new URLSearchParams({ points: JSON.stringify(points) }).toString();
      const xhr = new XMLHttpRequest();
      const progress = [];
      xhr.open("POST", target, true);
      xhr.setRequestHeader("Authorization", uploadToken);
      xhr.upload.onprogress = (event) => progress.push([event.lengthComputable, event.loaded, event.total]);
      xhr.onreadystatechange = () => {
        if (xhr.readyState === XMLHttpRequest.DONE) {
          resolve({ status: xhr.status, text: xhr.responseText, progress });
        }
      };
      xhr.setRequestHeader("Content-Type", file.type);
      xhr.setRequestHeader("File-Name", encodeURIComponent(file.name));
      xhr.send(file);
    });
  window.picked = (index) => document.getElementById("picker").files[index];
</script>
</body></html>"""


async def serve_client_page() -> tuple[str, web.AppRunner]:
    """The client's page on its own origin (another port), as a deployment of the protocol's
    web client would be."""

    async def page(_: web.Request) -> web.Response:
        return web.Response(text=CLIENT_PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", page)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return f"http://127.0.0.1:{port}", runner


def png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_the_protocol_clients_raw_uploads_from_a_page_on_another_origin(live_server, page, tmp_path):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bob")
    hearth = live_server.url
    origin, runner = await serve_client_page()
    sent: list[dict[str, str]] = []

    async def remember(request):
        if request.method == "POST" and "/cdn/" in request.url and "/api/" not in request.url:
            sent.append(await request.all_headers())

    page.on("request", remember)
    try:
        await page.goto(origin)
        notes = tmp_path / "notes été"  # no extension: the browser knows no type and sends it empty
        notes.write_bytes(b"Remember the milk.\n")
        avatar = tmp_path / "me and the sea.png"
        avatar.write_bytes(png(120, 80))
        big = tmp_path / "big.png"
        big.write_bytes(png(8, 8) + b"\0" * (6 * 1024 * 1024))
        await page.locator("#picker").set_input_files([str(avatar), str(notes), str(big)])

        token = (await page.evaluate("([u, t]) => api('POST', u, t)", [f"{hearth}/api/cdn/token", ada.token]))["body"][
            "token"
        ]

        # the avatar, cropped to its points, then chosen and served back
        result = await page.evaluate(
            "([u, t, p]) => upload(u, t, picked(0), p)", [f"{hearth}/cdn/avatars/{ada.id}", token, [20, 0, 100, 80]]
        )
        assert result["status"] == 200, result
        file_id = json.loads(result["text"])["fileId"]
        assert json.loads(result["text"]) == {"fileId": file_id}
        assert result["progress"] and result["progress"][-1] == [True, avatar.stat().st_size, avatar.stat().st_size]
        chosen = await page.evaluate(
            "([u, t, b]) => api('POST', u, t, b)", [f"{hearth}/api/users", ada.token, {"avatarId": file_id}]
        )
        assert chosen["status"] == 200, chosen
        path = chosen["body"]["user"]["avatar"]
        assert path == f"avatars/{ada.id}/{file_id}.png"
        size = await page.evaluate(
            """(src) => new Promise((resolve, reject) => {
                const img = new Image();
                img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
                img.onerror = reject;
                img.src = src;
            })""",
            f"{hearth}/cdn/{path}",
        )
        assert size == [80, 80]

        # a file the browser has no type for, kept under its (safe) name and served back
        result = await page.evaluate(
            "([u, t]) => upload(u, t, picked(1))", [f"{hearth}/cdn/attachments/{ada.id}", token]
        )
        assert result["status"] == 200, result
        attachment_id = json.loads(result["text"])["fileId"]
        async with live_server.app.quart.app_context():
            from core.cdn.models import CdnFile

            record = await CdnFile.get(id=int(attachment_id))
        assert (record.filename, record.mimetype) == ("notes_été", "application/octet-stream")
        served = await page.evaluate(
            "async (u) => { const r = await fetch(u); return [r.status, await r.text()]; }",
            f"{hearth}/cdn/{record.path}",
        )
        assert served == [200, "Remember the milk.\n"]
        download = await client.get(f"/cdn/{record.path}")
        assert download.headers["Content-Disposition"] == "attachment; filename*=UTF-8''notes_%C3%A9t%C3%A9"

        # what the browser itself put on the wire
        avatar_headers, notes_headers = sent[0], sent[1]
        assert avatar_headers["content-type"] == "image/png"
        assert avatar_headers["file-name"] == "me%20and%20the%20sea.png"
        assert avatar_headers["authorization"] == token
        assert avatar_headers["origin"] == origin
        assert notes_headers["content-type"] == ""  # file.type, empty: Chromium sends the header empty
        assert notes_headers["file-name"] == "notes%20%C3%A9t%C3%A9"

        # 6 MB refused (another user's group): the page gets the JSON error, not a network error
        result = await page.evaluate("([u, t]) => upload(u, t, picked(2))", [f"{hearth}/cdn/avatars/{bob.id}", token])
        assert (result["status"], json.loads(result["text"])) == (
            403,
            {"message": "You may not upload files to this group.", "path": None},
        )
        after = await page.evaluate("([u, t]) => api('GET', u, t)", [f"{hearth}/api/users/{bob.id}", ada.token])
        assert after["status"] == 200 and after["body"]["user"]["username"] == "bob"
    finally:
        await runner.cleanup()
