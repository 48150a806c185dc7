"""A server's custom emojis in its export and import (plugins/server_transfer's hooks; this plugin
does not need it): the part ``emojis``, one item per emoji with its picture copied into the
archive. On import each picture goes through the CDN's upload path as an emoji upload does
(``core.cdn.service.store_upload``: an image within the limits), as the importer's upload; an
emoji whose picture is refused, or past the new server's limit, is not made (the dry run lists
it) and the import writes its markup as ``:name:`` text."""

from __future__ import annotations

import os
from typing import Any

from core.cdn.images import NotAnImage, TooManyPixels, inspect_image
from core.cdn.service import store_upload
from core.context import hearth
from core.errors import ApiError
from plugins.emojis.models import CustomEmoji
from plugins.emojis.service import MAX_EMOJIS, MAX_EMOJIS_VERIFIED, sanitise

PART = "emojis"
PICTURE, LIMIT = "picture", "limit"  # why an emoji is not made (the dry run's reasons)


async def parts(server_id: int) -> list[dict[str, Any]]:
    from core.cdn.models import CdnFile

    emojis = await CustomEmoji.filter(server_id=server_id).order_by("id").limit(MAX_EMOJIS_VERIFIED)
    paths = dict(await CdnFile.filter(id__in=[e.id for e in emojis]).values_list("id", "path"))
    items = [
        {"id": str(e.id), "name": e.name, "gif": e.gif, "webp": e.webp, "picture": paths.get(e.id)} for e in emojis
    ]
    return [{"name": PART, "items": items, "files": [i["picture"] for i in items if i["picture"]]}]


def _problem(item: Any) -> str | None:
    if not isinstance(item, dict):
        return "an emoji is not an object."
    emoji_id, name, picture = item.get("id"), item.get("name"), item.get("picture")
    if not isinstance(emoji_id, str) or not emoji_id.isdigit() or len(emoji_id) > 20:
        return "an emoji's id is not an id."
    if not isinstance(name, str) or not 2 <= len(name) <= 15:
        return "an emoji's name is not a text of 2 to 15 characters."
    if not isinstance(item.get("gif"), bool) or not isinstance(item.get("webp"), bool):
        return "an emoji's gif or webp is not true or false."
    if picture is not None and (not isinstance(picture, str) or len(picture) > 255):
        return "an emoji's picture is not a stored file's path."
    return None


def check(part: str, items: list[Any]) -> list[str] | None:
    if part != PART:
        return None
    if len(items) > MAX_EMOJIS_VERIFIED:
        return [f"it holds more than {MAX_EMOJIS_VERIFIED} emojis."]
    problems = [problem for item in items if (problem := _problem(item))]
    if not problems and len({item["id"] for item in items}) != len(items):
        problems = ["it holds one emoji id twice."]
    return problems[:1]


def _picture_bytes() -> int:
    return int(hearth().settings.cdn.max_image_mb) * 1024 * 1024


async def left_out(part: str, items: list[Any], files: Any) -> list[dict[str, str]] | None:
    """What the dry run lists: emojis whose picture is not one an upload would take, then those
    past the limit of a new server."""
    if part != PART:
        return None
    skipped, makeable = [], 0
    for item in items:
        data = await files.read(item["picture"], _picture_bytes())
        try:
            if data is None:
                raise NotAnImage
            await inspect_image(data, int(hearth().settings.cdn.max_image_pixels))
        except (NotAnImage, TooManyPixels):
            skipped.append({"name": item["name"], "reason": PICTURE})
            continue
        makeable += 1
        if makeable > MAX_EMOJIS:
            skipped.append({"name": item["name"], "reason": LIMIT})
    return skipped


async def restore(server_id: int, user_id: int, part: str, items: list[Any], files: Any) -> dict[str, Any] | None:
    if part != PART:
        return None
    made: dict[str, int] = {}
    for item in items:
        if len(made) >= MAX_EMOJIS:  # a new server is not verified
            break
        data = await files.read(item["picture"], _picture_bytes())
        if data is None:
            continue
        try:
            record = await store_upload(user_id, "emojis", None, os.path.basename(item["picture"]), data, True)
        except ApiError:  # not a picture an upload would take
            continue
        animated = bool(record.animated)
        await CustomEmoji.create(
            id=record.id,
            name=sanitise(item["name"]),
            server_id=server_id,
            uploaded_by_id=user_id,
            gif=animated and record.mimetype == "image/gif",
            webp=animated and record.mimetype == "image/webp",
        )
        made[item["id"]] = record.id
    return {"emoji": made}
