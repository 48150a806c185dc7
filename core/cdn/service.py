"""Uploads and the ownership check other features run before storing a CDN path."""

from __future__ import annotations

import asyncio
import mimetypes
import re
import unicodedata

from core.cdn.groups import KINDS, PICTURE_KINDS
from core.cdn.images import ALLOWED_FORMATS, BadCrop, ImageInfo, NotAnImage, TooManyPixels, crop_image, inspect_image
from core.cdn.incoming import Incoming
from core.cdn.models import CdnFile
from core.context import hearth
from core.errors import ApiError
from core.ids import new_id, parse_id

__all__ = ["KINDS", "safe_filename", "store_incoming", "store_upload", "verify_file"]

MAX_NAME_CHARS = 100
MAX_NAME_BYTES = 200  # UTF-8; file systems allow 255 bytes per name
MAX_EXTENSION_CHARS = 16
_TYPE = re.compile(r"[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}")
# Picture types a browser would decode inline: an attachment claiming one of them that Pillow
# did not accept is stored as a plain download instead.
_RASTER_TYPES = set(ALLOWED_FORMATS.values())
NOT_AN_IMAGE = "The file is not a supported image (PNG, JPEG, GIF or WebP)."
BAD_CROP = "Invalid crop points."


def safe_filename(name: str) -> str:
    """A client's file name made safe to store and to offer as the download's name: no folders
    (what follows the last ``/`` or ``\\``), no quotes, control characters or ``..``, at most
    ``MAX_NAME_CHARS`` characters and ``MAX_NAME_BYTES`` bytes, the extension kept when cut."""
    name = unicodedata.normalize("NFC", re.split(r"[/\\]", name)[-1])
    # letters, marks and digits of any script stay (a name in the uploader's own language);
    # everything else (quotes, spaces, control and formatting characters) becomes "_"
    cleaned = "".join(c if (c in ".-" or unicodedata.category(c)[0] in "LNM") else "_" for c in name)
    cleaned = re.sub(r"([._-])[._-]+", _keep_dot, cleaned).strip("._-") or "file"
    stem, dot, extension = cleaned.rpartition(".")
    if not dot or not stem or len(extension) > MAX_EXTENSION_CHARS:
        stem, extension = cleaned, ""
    suffix = f".{extension}" if extension else ""
    stem = stem[: MAX_NAME_CHARS - len(suffix)]
    while len((stem + suffix).encode()) > MAX_NAME_BYTES:
        stem = stem[:-1]
    stem = stem.rstrip("._-")
    return f"{stem}{suffix}" if stem else f"file{suffix}"


def _keep_dot(run: re.Match[str]) -> str:
    """A run of dots, dashes and underscores becomes one of them: a dot if it had one."""
    return "." if "." in run[0] else run[0][0]


def _extension_for(declared: str) -> str:
    """The extension of a type the client declared (``""`` for none, a bad one, one that says
    nothing, or a picture type, which only Pillow's reading decides)."""
    kind = declared.split(";", 1)[0].strip().lower()
    if not _TYPE.fullmatch(kind) or kind in _RASTER_TYPES or kind == "application/octet-stream":
        return ""
    return mimetypes.guess_extension(kind, strict=False) or ""


async def _checked_image(data: bytes, required: bool) -> ImageInfo | None:
    """The image's facts; for an attachment (``required`` False) None when it is not a picture
    Hearth shows inline, for everything else a 400."""
    max_pixels = int(hearth().settings.cdn.max_image_pixels)
    try:
        return await inspect_image(data, max_pixels)
    except NotAnImage:
        if not required:
            return None
        raise ApiError(400, NOT_AN_IMAGE, "f") from None
    except TooManyPixels:
        if not required:
            return None
        raise ApiError(400, f"Images must have at most {max_pixels} pixels.", "f") from None


def image_too_large() -> ApiError:
    return ApiError(413, f"Images must be smaller than {hearth().settings.cdn.max_image_mb} MB.", "f")


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
    """``store_incoming`` for bytes already in memory."""
    scratch = hearth().storage.scratch_file()

    def write() -> None:
        scratch.parent.mkdir(parents=True, exist_ok=True)
        scratch.write_bytes(data)

    await asyncio.to_thread(write)
    incoming = Incoming(scratch, len(data), filename, "")
    return await store_incoming(user_id, kind, group_id, incoming, image_only, points=points)


async def store_incoming(
    user_id: int,
    kind: str,
    group_id: str | None,
    incoming: Incoming,
    image_only: bool,
    *,
    points: tuple[float, float, float, float] | None = None,
) -> CdnFile:
    """Check an upload waiting in its scratch file and store it in ``<kind>/<group or user>/``
    (the scratch file is gone afterwards either way). Pictures (every kind but attachments, or
    ``image_only``) must be images within the limits; ``points`` crops avatars and banners
    (already validated, see ``images.parse_points``)."""
    storage = hearth().storage
    try:
        return await _store(user_id, kind, group_id, incoming, image_only, points)
    finally:
        await storage.discard(incoming.path)


async def _store(
    user_id: int,
    kind: str,
    group_id: str | None,
    incoming: Incoming,
    image_only: bool,
    points: tuple[float, float, float, float] | None,
) -> CdnFile:
    settings, storage = hearth().settings, hearth().storage
    if kind not in KINDS:
        raise ApiError(400, "Invalid upload type.", "type")
    if group_id is not None and parse_id(group_id) is None:
        raise ApiError(400, "Invalid group id.", "groupId")
    if incoming.size == 0:
        raise ApiError(400, "The file is empty.", "f")
    required = image_only or kind != "attachments"
    data: bytes | None = None
    image = None
    if incoming.size <= int(settings.cdn.max_image_mb) * 1024 * 1024:  # small enough to be a picture
        data = await asyncio.to_thread(incoming.path.read_bytes)
        image = await _checked_image(data, required)
    elif required:
        raise image_too_large()
    cropped = None
    if image is not None and points is not None and kind in PICTURE_KINDS:
        try:
            cropped, image = await crop_image(data, image, points, int(settings.cdn.max_image_pixels))
        except BadCrop:
            raise ApiError(400, BAD_CROP, "points") from None
        except TooManyPixels:
            raise ApiError(400, "This animated image is too large to crop.", "points") from None
    file_id = new_id()
    folder = f"{kind}/{group_id or user_id}"
    name = safe_filename(incoming.filename)
    if image is not None and kind != "attachments":
        path, mimetype = f"{folder}/{file_id}.{image.extension}", image.mimetype
    elif image is not None:  # an attachment keeps its name, with the extension its bytes deserve
        if mimetypes.guess_type(name)[0] != image.mimetype:
            name = f"{name}.{image.extension}"
        path, mimetype = f"{folder}/{file_id}/{name}", image.mimetype
    else:
        if mimetypes.guess_type(name)[0] is None:  # a name that says nothing: the declared type may
            name = f"{name}{_extension_for(incoming.content_type)}"
        path = f"{folder}/{file_id}/{name}"
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if mimetype in _RASTER_TYPES:
            mimetype = "application/octet-stream"
    if cropped is not None:
        await storage.save(path, cropped)
        size = len(cropped)
    else:
        await storage.save_file(path, incoming.path)
        size = incoming.size
    return await CdnFile.create(
        id=file_id,
        uploader_id=user_id,
        kind=kind,
        group_id=group_id,
        path=path,
        filename=name,
        mimetype=mimetype,
        size=size,
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
