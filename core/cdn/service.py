"""Uploads and the ownership check other features run before storing a CDN path."""

from __future__ import annotations

import mimetypes
import re

from core.cdn.images import NotAnImage, inspect_image
from core.cdn.models import CdnFile
from core.context import hearth
from core.errors import ApiError
from core.ids import new_id, parse_id

KINDS = ("avatars", "profile_banners", "emojis", "attachments")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(name: str) -> str:
    cleaned = _UNSAFE.sub("_", name).strip("._") or "file"
    return cleaned[-100:]


async def store_upload(user_id: int, kind: str, group_id: str | None, filename: str, data: bytes,
                       image_only: bool) -> CdnFile:
    settings = hearth().settings
    if kind not in KINDS:
        raise ApiError(400, "Invalid upload type.", "type")
    if not data:
        raise ApiError(400, "The file is empty.", "f")
    image = None
    if image_only or kind != "attachments":
        if len(data) > int(settings.cdn.max_image_mb) * 1024 * 1024:
            raise ApiError(413, f"Images must be smaller than {settings.cdn.max_image_mb} MB.", "f")
        try:
            image = await inspect_image(data, int(settings.cdn.max_image_pixels))
        except NotAnImage:
            raise ApiError(400, "The file is not a supported image (PNG, JPEG, GIF or WebP).", "f") from None
    file_id = new_id()
    folder = f"{kind}/{group_id or user_id}"
    if image is not None:
        path, mimetype = f"{folder}/{file_id}.{image.extension}", image.mimetype
    else:
        name = safe_filename(filename)
        path = f"{folder}/{file_id}/{name}"
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    await hearth().storage.save(path, data)
    return await CdnFile.create(
        id=file_id, uploader_id=user_id, kind=kind, group_id=group_id, path=path,
        filename=safe_filename(filename), mimetype=mimetype, size=len(data),
        width=image.width if image else None, height=image.height if image else None,
        animated=image.animated if image else False,
    )


async def verify_file(user_id: int, file_id: str, kind: str, group_id: str | None = None,
                      image_only: bool = False) -> CdnFile:
    """The uploaded file ``file_id`` if ``user_id`` uploaded it for this use, else 403."""
    parsed = parse_id(file_id)
    record = None if parsed is None else await CdnFile.get_or_none(id=parsed)
    if record is None or record.uploader_id != user_id:
        raise ApiError(403, "File not found.")
    if record.kind != kind or (group_id is not None and record.group_id not in (None, str(group_id))):
        raise ApiError(403, "This file was uploaded for something else.")
    if image_only and record.width is None:
        raise ApiError(403, "This file is not an image.")
    return record
