"""Image checks with Pillow, run off the event loop."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

from PIL import Image, UnidentifiedImageError

ALLOWED_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}


@dataclass
class ImageInfo:
    mimetype: str
    extension: str
    width: int
    height: int
    animated: bool


class NotAnImage(Exception):
    pass


def _inspect(data: bytes, max_pixels: int) -> ImageInfo:
    Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
        with Image.open(io.BytesIO(data)) as image:
            image.load()  # decodes: truncated or malformed data fails here
            if image.format not in ALLOWED_FORMATS:
                raise NotAnImage()
            return ImageInfo(
                mimetype=ALLOWED_FORMATS[image.format],
                extension=image.format.lower().replace("jpeg", "jpg"),
                width=image.width,
                height=image.height,
                animated=bool(getattr(image, "is_animated", False)),
            )
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as error:
        raise NotAnImage() from error


async def inspect_image(data: bytes, max_pixels: int) -> ImageInfo:
    return await asyncio.to_thread(_inspect, data, max_pixels)
