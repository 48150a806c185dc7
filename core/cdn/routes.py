"""The CDN's HTTP side (rest.md §13, docs/uploads.md):

- ``POST /api/cdn/token`` → ``{token}``, an upload token (the channel form is the messages
  plugin's ``POST /api/channels/:channelId/cdn/token``; both count in one ``cdn_token`` bucket);
- ``POST /cdn/<avatars|profile_banners|emojis|attachments>/<groupId?>`` with
  ``Authorization: <upload token>`` and the file as the raw body (``Content-Type``, ``File-Name``)
  or in multipart field ``f`` (``core/cdn/incoming.py``) → ``{fileId}``;
- ``GET /cdn/proxy/<encodeURIComponent(url)>/<file name>``: third-party images, proxied;
- ``GET /cdn/<path>``: the stored files.
"""

from __future__ import annotations

import asyncio
import logging
import mimetypes
import re
from typing import Any
from urllib.parse import quote

from quart import Blueprint, Response, current_app, g, redirect, request, send_file

from core.auth import current_session, current_user, require_user_or_bot
from core.cdn.groups import PICTURE_KINDS, UploadGroups
from core.cdn.images import BadCrop, parse_points
from core.cdn.incoming import TOO_LARGE, TooLarge, receive_upload
from core.cdn.models import CdnFile
from core.cdn.proxy import ImageProxy, target_url
from core.cdn.service import BAD_CROP, image_too_large, store_incoming
from core.cdn.storage import Download, StorageUnavailable
from core.cdn.tokens import BadToken, make_token, read_token
from core.context import hearth
from core.errors import ApiError
from core.identity.models import Session
from core.identity.sessions import Identity
from core.ids import parse_id
from core.ratelimit import check, rate_limit
from core.unavailable import unavailable_response

_EMOJI_BY_ID = re.compile(r"emojis/([0-9]{1,19})(?:\.(?:gif|webp|png|jpe?g))?")

log = logging.getLogger("hearth.cdn")
api = Blueprint("cdn_api", __name__, url_prefix="/api/cdn")
files = Blueprint("cdn_files", __name__)


# The reference's ``cdn_token`` bucket, shared by both token routes: ``@rate_limit(*CDN_TOKEN_LIMIT)``.
CDN_TOKEN_LIMIT = ("cdn_token", 5, 30)


def upload_token(channel_id: int | None = None) -> dict[str, str]:
    """``{token}`` for the signed-in caller (inside a route guarded by ``require_user*``)."""
    return {"token": make_token(hearth().settings, current_session().id, current_user().id, channel_id)}


@api.post("/token")
@require_user_or_bot
@rate_limit(*CDN_TOKEN_LIMIT)
async def token() -> dict[str, str]:
    return upload_token()


async def _grant_identity() -> Any:
    """The upload token's grant, with ``g.identity`` set to its live session (401 otherwise)."""
    try:
        grant = read_token(hearth().settings, request.headers.get("Authorization"))
    except BadToken as error:
        raise ApiError(401, error.message) from None
    session = await Session.get_or_none(id=grant.session_id, user_id=grant.user_id).select_related("user__account")
    if session is None or session.user.deleted:
        raise ApiError(401, "Invalid token.")
    g.identity = Identity(user=session.user, session=session, account=session.user.account)
    return grant


@files.post("/cdn/<kind>")
@files.post("/cdn/<kind>/<group_id>")
async def upload(kind: str, group_id: str | None = None) -> tuple[dict[str, str], int]:
    grant = await _grant_identity()
    user = current_user()
    group = await current_app.extensions["hearth.cdn_groups"].destination(grant, user, kind, group_id)
    try:
        points = parse_points(request.args.get("points")) if kind in PICTURE_KINDS else None
    except BadCrop:
        raise ApiError(400, BAD_CROP, "points") from None
    await check("cdn_upload", 30, 60)
    settings = hearth().settings
    image_only = kind != "attachments"
    limit_mb = settings.cdn.max_image_mb if image_only else settings.cdn.max_upload_mb
    try:
        incoming = await receive_upload(request, hearth().storage.scratch_file(), int(limit_mb) * 1024 * 1024)
    except TooLarge:
        raise image_too_large() if image_only else ApiError(413, TOO_LARGE) from None
    record = await store_incoming(
        user.id,
        kind=kind,
        group_id=None if group is None else str(group),
        incoming=incoming,
        image_only=image_only,
        points=points,
    )
    return {"fileId": str(record.id)}, 200


@files.get("/cdn/proxy/<path:rest>")
async def proxy(rest: str) -> Response:
    proxied = await current_app.extensions["hearth.image_proxy"].image(target_url(request.path))
    response = Response(proxied.data, mimetype=proxied.mimetype)
    response.headers["Cache-Control"] = (
        f"public, max-age={current_app.extensions['hearth.image_proxy'].browser_cache_seconds}"
    )
    response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response.headers["Content-Disposition"] = "inline"
    return response


@files.get("/cdn/<path:path>")
async def serve(path: str) -> Response:
    storage = hearth().storage
    download = await storage.download(path, request.headers, head=request.method == "HEAD")
    if download is None:
        download = await _emoji_by_id(path)
    if download is None:
        raise ApiError(404, "File not found.")
    if download.redirect is not None:
        return redirect(download.redirect, 302)
    if download.file is not None:
        response = await send_file(download.file, conditional=True)
    else:
        response = Response(download.body or b"", status=download.status, mimetype=_type_of(download.name))
        response.headers.update(download.headers)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; media-src 'self'"
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    if not (response.mimetype or "").startswith(("image/", "video/", "audio/")):
        # the stored name (made safe when it was uploaded) is the download's name
        response.headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(download.name, safe='')}"
    return response


def _type_of(name: str) -> str:
    """The type Quart's ``send_file`` would give a local file of this name."""
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


async def _emoji_by_id(path: str) -> Download | None:
    """``emojis/<fileId>`` (optionally with an extension): custom emoji markup carries only the
    file id, as upstream's CDN does, so emoji pictures are also reachable by id."""
    match = _EMOJI_BY_ID.fullmatch(path)
    file_id = parse_id(match[1]) if match else None
    if file_id is None:
        return None
    record = await CdnFile.get_or_none(id=file_id, kind="emojis")
    if record is None:
        return None
    return await hearth().storage.download(record.path, request.headers, head=request.method == "HEAD")


def install(app: Any) -> None:
    """The CDN routes and the per-app services they use (plugins' upload groups, the proxy)."""
    app.extensions["hearth.cdn_groups"] = UploadGroups(app.extensions["hearth"].plugins)
    app.extensions["hearth.image_proxy"] = ImageProxy(app.extensions["hearth"].settings)
    app.register_blueprint(api)
    app.register_blueprint(files)

    @app.errorhandler(StorageUnavailable)
    async def storage_unavailable(error: StorageUnavailable) -> Response:
        log.warning("file storage unavailable, answered 503: %s", error)
        return unavailable_response()

    @app.before_serving
    async def sweep_scratch() -> None:
        await asyncio.to_thread(app.extensions["hearth"].storage.sweep_scratch)

    @app.after_serving
    async def close_storage() -> None:
        await app.extensions["hearth"].storage.close()
