"""Uploads and the ownership check other features run before storing a CDN path."""

from __future__ import annotations

import mimetypes
import re

from core.cdn.groups import KINDS, PICTURE_KINDS
from core.cdn.images import ALLOWED_FORMATS, BadCrop, ImageInfo, NotAnImage, TooManyPixels, crop_image, inspect_image
from core.cdn.models import CdnFile
from core.context import hearth
from core.errors import ApiError
from core.ids import new_id, parse_id

__all__ = ["KINDS", "safe_filename", "store_upload", "verify_file"]

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
# Picture types a browser would decode inline: an attachment claiming one of them that Pillow
# did not accept is stored as a plain download instead.
_RASTER_TYPES = set(ALLOWED_FORMATS.values())
NOT_AN_IMAGE = "The file is not a supported image (PNG, JPEG, GIF or WebP)."
BAD_CROP = "Invalid crop points."


def safe_filename(name: str) -> str:
    cleaned = _UNSAFE.sub("_", name).strip("._") or "file"
    return cleaned[-100:]


async def _checked_image(data: bytes, required: bool) -> ImageInfo | None:
    """The image's facts; for an attachment (``required`` False) None when it is not a picture
    Hearth shows inline, for everything else a 400 / 413."""
    settings = hearth().settings
    max_bytes = int(settings.cdn.max_image_mb) * 1024 * 1024
    if len(data) > max_bytes:
        if not required:
            return None
        raise ApiError(413, f"Images must be smaller than {settings.cdn.max_image_mb} MB.", "f")
    try:
        return await inspect_image(data, int(settings.cdn.max_image_pixels))
    except NotAnImage:
        if not required:
            return None
        raise ApiError(400, NOT_AN_IMAGE, "f") from None
    except TooManyPixels:
        if not required:
            return None
        raise ApiError(400, f"Images must have at most {int(settings.cdn.max_image_pixels)} pixels.", "f") from None


async def store_upload(
    user_id: int,
    kind: str,
    group_id: str | None,
    filename: str,
    data: bytes,
    image_only: bool,
    *,
    points: tuple[float, float, float, float] | None = None,
) -> CdnFile:
    """Check and store an upload in ``<kind>/<group or user>/``. Pictures (every kind but
    attachments, or ``image_only``) must be images within the limits; ``points`` crops avatars
    and banners (already validated, see ``images.parse_points``)."""
    settings = hearth().settings
    if kind not in KINDS:
        raise ApiError(400, "Invalid upload type.", "type")
    if group_id is not None and parse_id(group_id) is None:
        raise ApiError(400, "Invalid group id.", "groupId")
    if not data:
        raise ApiError(400, "The file is empty.", "f")
    image = await _checked_image(data, required=image_only or kind != "attachments")
    if image is not None and points is not None and kind in PICTURE_KINDS:
        try:
            data, image = await crop_image(data, image, points, int(settings.cdn.max_image_pixels))
        except BadCrop:
            raise ApiError(400, BAD_CROP, "points") from None
        except TooManyPixels:
            raise ApiError(400, "This animated image is too large to crop.", "points") from None
    file_id = new_id()
    folder = f"{kind}/{group_id or user_id}"
    name = safe_filename(filename)
    if image is not None and kind != "attachments":
        path, mimetype = f"{folder}/{file_id}.{image.extension}", image.mimetype
    elif image is not None:  # an attachment keeps its name, with the extension its bytes deserve
        if mimetypes.guess_type(name)[0] != image.mimetype:
            name = f"{name}.{image.extension}"
        path, mimetype = f"{folder}/{file_id}/{name}", image.mimetype
    else:
        path = f"{folder}/{file_id}/{name}"
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if mimetype in _RASTER_TYPES:
            mimetype = "application/octet-stream"
    await hearth().storage.save(path, data)
    return await CdnFile.create(
        id=file_id,
        uploader_id=user_id,
        kind=kind,
        group_id=group_id,
        path=path,
        filename=name,
        mimetype=mimetype,
        size=len(data),
        width=image.width if image else None,
        height=image.height if image else None,
        animated=image.animated if image else False,
    )


async def verify_file(
    user_id: int, file_id: str, kind: str, group_id: str | None = None, image_only: bool = False
) -> CdnFile:
    """The uploaded file ``file_id`` if ``user_id`` uploaded it for this use, else 403."""
    parsed = parse_id(file_id)
    record = None if parsed is None else await CdnFile.get_or_none(id=parsed)
    if record is None or record.uploader_id != user_id:
        raise ApiError(403, "File not found.")
    if record.kind != kind or (group_id is not None and record.group_id != str(group_id)):
        raise ApiError(403, "This file was uploaded for something else.")
    if image_only and record.width is None:
        raise ApiError(403, "This file is not an image.")
    return record
