"""Turning a link into an Embed (entities.md §6.4), with the kernel's guarded fetch
(``core.safefetch``: addresses, redirects, size caps); the time limit is the caller's."""

from __future__ import annotations

import asyncio
import codecs
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp

from core.cdn.images import NotAnImage, TooManyPixels, identify
from core.safefetch import IMAGE_TYPES, Body, FetchError, FetchPolicy, Refused, check_url, get, new_session
from plugins.link_embeds.parse import PageTags, read_tags, truncate

HTML_TYPES = {"text/html", "application/xhtml+xml"}
CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)""", re.IGNORECASE)
# Previews read only the picture's header (size, type, animation) and decode nothing, so no
# pixel bound of Hearth's applies (the image proxy applies [cdn] max_image_pixels when showing it).
MAX_PREVIEW_PIXELS = 1 << 40
FETCH_FAILURES = (FetchError, aiohttp.ClientError, OSError, ValueError)


# --- images ------------------------------------------------------------------------------


def measure_image(data: bytes) -> dict[str, Any] | None:
    """Width, height, MIME type and whether it moves, from the header (run in a thread)."""
    try:
        info = identify(data, MAX_PREVIEW_PIXELS)
    except (NotAnImage, TooManyPixels):
        return None
    animated = info.animated and info.mimetype in ("image/gif", "image/webp")
    return {"imageWidth": info.width, "imageHeight": info.height, "imageMime": info.mimetype, "animated": animated}


async def image_facts(session: aiohttp.ClientSession, url: str, policy: FetchPolicy) -> dict[str, Any] | None:
    try:
        body = await get(session, url, policy, IMAGE_TYPES, "image/*")
    except FETCH_FAILURES:
        return None
    facts = await asyncio.to_thread(measure_image, body.data)
    if facts is not None:
        facts["imageUrl"] = body.url
    return facts


# --- pages -------------------------------------------------------------------------------


def _decode(body: Body) -> str:
    charset = body.charset
    if not charset:
        found = CHARSET.search(body.data[:4096])
        charset = found.group(1).decode("ascii", "ignore") if found else "utf-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    return body.data.decode(charset, errors="replace")


def _parse_page(body: Body) -> PageTags:
    return read_tags(_decode(body))


def _http_url(value: str | None, base: str) -> str | None:
    if not value:
        return None
    url = urljoin(base, value.strip())
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return url if parts.scheme in ("http", "https") and parts.hostname and len(url) <= 2048 else None


async def build_embed(url: str, policy: FetchPolicy) -> dict[str, Any] | None:
    """The Embed for ``url``, or None (no preview). Raises nothing the caller must handle
    except asyncio.TimeoutError/CancelledError from the caller's own time limit."""
    try:
        check_url(url, policy)
    except Refused:
        return None
    async with new_session(policy) as session:
        try:
            body = await get(
                session, url, policy, HTML_TYPES | IMAGE_TYPES, "text/html,application/xhtml+xml,image/*;q=0.9"
            )
        except (*FETCH_FAILURES, UnicodeError):
            return None
        if body.content_type.startswith("image/"):
            facts = await asyncio.to_thread(measure_image, body.data)
            if facts is None:
                return None
            return {"type": "image", "imageUrl": truncate(body.url), **facts}
        tags = await asyncio.to_thread(_parse_page, body)
        return await _page_embed(session, url, body, tags, policy)


async def _page_embed(
    session: aiohttp.ClientSession, url: str, body: Body, tags: PageTags, policy: FetchPolicy
) -> dict[str, Any] | None:
    og, twitter = tags.og, tags.twitter
    title = og.get("title") or twitter.get("title") or tags.title
    description = og.get("description") or twitter.get("description") or tags.description
    if not title and not description:
        return None
    embed: dict[str, Any] = {"type": og.get("type") or "website"}
    if title:
        embed["title"] = title
    if description:
        embed["description"] = description
    if og.get("site_name"):
        embed["siteName"] = og["site_name"]
    embed["url"] = _http_url(og.get("url"), body.url) or body.url
    embed["origUrl"] = url
    embed["domain"] = urlsplit(url).hostname or ""
    image_url = _http_url(
        og.get("image")
        or og.get("image:url")
        or og.get("image:secure_url")
        or twitter.get("image")
        or twitter.get("image:src"),
        body.url,
    )
    if image_url:
        facts = await image_facts(session, image_url, policy)
        if facts is not None:
            facts["imageUrl"] = image_url
            embed.update(facts)
            if twitter.get("card", "").lower() == "summary_large_image":
                embed["largeImage"] = True
    return {key: truncate(value) for key, value in embed.items()}
