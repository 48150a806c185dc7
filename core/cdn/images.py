"""Image checks and crops with Pillow, run off the event loop.

Dimensions are read from the header and checked against the pixel limit *before* anything is
decoded: Pillow's own decompression-bomb guard only raises at twice its limit (and warns below),
so it is not what bounds Hearth.
"""

from __future__ import annotations

import asyncio
import io
import json
import math
from dataclasses import dataclass, replace

from PIL import Image, ImageSequence, UnidentifiedImageError

ALLOWED_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}
MAX_POINT = 9999  # crop points are pixels of the original, as upstream's CDN bounds them
_PILLOW_ERRORS = (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError)


@dataclass(frozen=True)
class ImageInfo:
    mimetype: str
    extension: str
    width: int
    height: int
    animated: bool


class NotAnImage(Exception):
    """Not a PNG, JPEG, GIF or WebP Pillow can read."""


class TooManyPixels(Exception):
    """Wider × higher than the configured pixel limit."""


class BadCrop(Exception):
    """Crop points that are not four numbers within bounds, or an empty area."""


def _describe(image: Image.Image, max_pixels: int) -> ImageInfo:
    if image.format not in ALLOWED_FORMATS:
        raise NotAnImage()
    width, height = image.size
    if width <= 0 or height <= 0:
        raise NotAnImage()
    if width * height > max_pixels:
        raise TooManyPixels()
    return ImageInfo(
        mimetype=ALLOWED_FORMATS[image.format],
        extension=image.format.lower().replace("jpeg", "jpg"),
        width=width,
        height=height,
        animated=bool(getattr(image, "is_animated", False)),
    )


def identify(data: bytes, max_pixels: int) -> ImageInfo:
    """Format, size and animation from the header alone (nothing is decoded)."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return _describe(image, max_pixels)
    except Image.DecompressionBombError:
        raise TooManyPixels() from None
    except _PILLOW_ERRORS as error:
        raise NotAnImage() from error


def _inspect(data: bytes, max_pixels: int) -> ImageInfo:
    info = identify(data, max_pixels)  # refuses oversized pictures before any decoding
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
        with Image.open(io.BytesIO(data)) as image:
            image.load()  # decodes: truncated or malformed data fails here
    except _PILLOW_ERRORS as error:
        raise NotAnImage() from error
    return info


async def inspect_image(data: bytes, max_pixels: int) -> ImageInfo:
    """The image's facts once it is known to decode; NotAnImage / TooManyPixels otherwise."""
    return await asyncio.to_thread(_inspect, data, max_pixels)


def parse_points(raw: str | None) -> tuple[float, float, float, float] | None:
    """``points`` of an avatar / banner upload: JSON ``[x1, y1, x2, y2]`` in pixels of the original."""
    if raw is None or raw == "":
        return None
    try:
        points = json.loads(raw)
    except ValueError:
        raise BadCrop() from None
    if not isinstance(points, list) or len(points) != 4:
        raise BadCrop()
    if not all(
        isinstance(p, (int, float)) and not isinstance(p, bool) and math.isfinite(p) and 0 <= p <= MAX_POINT
        for p in points
    ):
        raise BadCrop()
    return (float(points[0]), float(points[1]), float(points[2]), float(points[3]))


def _box(points: tuple[float, float, float, float], width: int, height: int) -> tuple[int, int, int, int]:
    x1, y1, x2, y2 = points
    left, right = sorted((min(round(x1), width), min(round(x2), width)))
    top, bottom = sorted((min(round(y1), height), min(round(y2), height)))
    if right - left < 1 or bottom - top < 1:
        raise BadCrop()
    return left, top, right, bottom


def _crop(
    data: bytes, info: ImageInfo, points: tuple[float, float, float, float], max_pixels: int
) -> tuple[bytes, ImageInfo]:
    box = _box(points, info.width, info.height)
    size = (box[2] - box[0], box[3] - box[1])
    output = io.BytesIO()
    with Image.open(io.BytesIO(data)) as image:
        fmt = image.format
        if not info.animated:
            image.crop(box).save(output, format=fmt, **({"quality": 90} if fmt in ("JPEG", "WEBP") else {}))
        else:
            # every frame is kept in memory once cropped: bound their total size
            if getattr(image, "n_frames", 1) * size[0] * size[1] > max_pixels:
                raise TooManyPixels()
            frames, durations = [], []
            for frame in ImageSequence.Iterator(image):
                frames.append(frame.copy().crop(box))
                durations.append(frame.info.get("duration", 100))
            frames[0].save(
                output,
                format=fmt,
                save_all=True,
                append_images=frames[1:],
                duration=durations,
                loop=image.info.get("loop", 0),
            )
    return output.getvalue(), replace(info, width=size[0], height=size[1])


async def crop_image(
    data: bytes, info: ImageInfo, points: tuple[float, float, float, float], max_pixels: int
) -> tuple[bytes, ImageInfo]:
    """The picture cut to ``points`` (clamped to the picture), same format, animation kept."""
    return await asyncio.to_thread(_crop, data, info, points, max_pixels)
