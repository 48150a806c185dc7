"""``POST /api/cdn/upload`` (multipart, field ``f``) and the files under ``/cdn/...``."""

from __future__ import annotations

import re
from pathlib import Path

from quart import Blueprint, Response, request, send_file

from core.auth import current_user, require_user_or_bot
from core.cdn.models import CdnFile
from core.cdn.service import store_upload
from core.context import hearth
from core.errors import ApiError
from core.ids import parse_id
from core.ratelimit import rate_limit

_EMOJI_BY_ID = re.compile(r"emojis/([0-9]{1,19})(?:\.(?:gif|webp|png|jpe?g))?")

api = Blueprint("cdn_api", __name__, url_prefix="/api/cdn")
files = Blueprint("cdn_files", __name__)


@api.post("/upload")
@require_user_or_bot
@rate_limit("cdn_upload", 30, 60)
async def upload() -> tuple[dict, int]:
    form_files = await request.files
    upload = form_files.get("f")
    if upload is None:
        raise ApiError(400, "A file is required in the form field f.", "f")
    data = upload.read()
    record = await store_upload(
        current_user().id,
        kind=request.args.get("type", "attachments"),
        group_id=request.args.get("groupId") or None,
        filename=upload.filename or "file",
        data=data,
        image_only=request.args.get("image") == "true",
    )
    return {
        "fileId": str(record.id), "path": record.path, "mimetype": record.mimetype, "filesize": record.size,
        "width": record.width, "height": record.height, "animated": record.animated,
    }, 200


@files.get("/cdn/<path:path>")
async def serve(path: str) -> Response:
    local = hearth().storage.local_path(path)
    if local is None:
        local = await _emoji_by_id(path)
    if local is None:
        raise ApiError(404, "File not found.")
    response = await send_file(local, conditional=True)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; media-src 'self'"
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    if not (response.mimetype or "").startswith(("image/", "video/", "audio/")):
        response.headers["Content-Disposition"] = "attachment"
    return response


async def _emoji_by_id(path: str) -> Path | None:
    """``emojis/<fileId>`` (optionally with an extension): custom emoji markup carries only the
    file id, as upstream's CDN does, so emoji pictures are also reachable by id."""
    match = _EMOJI_BY_ID.fullmatch(path)
    file_id = parse_id(match[1]) if match else None
    if file_id is None:
        return None
    record = await CdnFile.get_or_none(id=file_id, kind="emojis")
    return None if record is None else hearth().storage.local_path(record.path)
