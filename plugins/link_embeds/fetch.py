"""Fetching a link and turning it into an Embed (entities.md §6.4).

Safe by construction: http(s) only, every hop's address checked (see ``safety``), at most
``MAX_REDIRECTS`` redirects followed by hand so each one is checked, no cookies, no proxy
from the environment, a size cap per kind of body and an overall time limit set by the caller.
"""

from __future__ import annotations

import asyncio
import codecs
import io
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp

from plugins.link_embeds.parse import PageTags, read_tags, truncate
from plugins.link_embeds.safety import GuardedResolver, Refused, address_allowed, is_ip_literal

MAX_REDIRECTS = 3
REDIRECTS = {301, 302, 303, 307, 308}
HTML_TYPES = {"text/html", "application/xhtml+xml"}
IMAGE_TYPES = {"image/png", "image/jpeg", "image/gif", "image/webp"}
PILLOW_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}
USER_AGENT = "Mozilla/5.0 (compatible; HearthBot/1.0; link previews)"
CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)""", re.IGNORECASE)


class TooLarge(Exception):
    """The body is bigger than the cap for its kind."""


@dataclass(frozen=True)
class FetchPolicy:
    allow_private: bool = False
    trusted_hosts: frozenset[str] = frozenset()
    max_html_bytes: int = 1024 * 1024
    max_image_bytes: int = 10 * 1024 * 1024


@dataclass
class Body:
    url: str
    content_type: str
    charset: str | None
    data: bytes


def check_url(url: str, policy: FetchPolicy) -> str:
    """The URL's host, or Refused when the URL may not be fetched."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise Refused(url) from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise Refused(url)
    if parts.username is not None or parts.password is not None:
        raise Refused(url)
    if is_ip_literal(host) and not policy.allow_private and host.lower() not in policy.trusted_hosts \
            and not address_allowed(host):
        raise Refused(url)
    return host


def new_session(policy: FetchPolicy) -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(resolver=GuardedResolver(policy.allow_private, policy.trusted_hosts),
                                     use_dns_cache=False, limit=4)
    return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar(), trust_env=False,
                                 headers={"User-Agent": USER_AGENT}, auto_decompress=True)


async def get(session: aiohttp.ClientSession, url: str, policy: FetchPolicy, accept: set[str],
              accept_header: str) -> Body | None:
    """GET ``url`` following at most MAX_REDIRECTS checked redirects; the body when its type is in
    ``accept`` and it fits the cap for its kind, else None."""
    for _ in range(MAX_REDIRECTS + 1):
        check_url(url, policy)
        async with session.get(url, allow_redirects=False, headers={"Accept": accept_header}) as response:
            if response.status in REDIRECTS:
                location = response.headers.get("Location")
                if not location:
                    return None
                url = urljoin(url, location)
                continue
            if response.status != 200:
                return None
            content_type = (response.content_type or "").lower()
            if content_type not in accept:
                return None
            cap = policy.max_image_bytes if content_type.startswith("image/") else policy.max_html_bytes
            if response.content_length is not None and response.content_length > cap:
                raise TooLarge(url)
            data = bytearray()
            async for chunk in response.content.iter_chunked(65536):
                data.extend(chunk)
                if len(data) > cap:
                    raise TooLarge(url)
            return Body(url=str(response.url), content_type=content_type, charset=response.charset,
                        data=bytes(data))
    return None  # too many redirects


# --- images ------------------------------------------------------------------------------

def measure_image(data: bytes) -> dict[str, Any] | None:
    """Width, height, MIME type and whether it moves, read by Pillow (run in a thread)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            mime = PILLOW_FORMATS.get(image.format or "")
            if mime is None:
                return None
            width, height = image.size
            animated = bool(getattr(image, "is_animated", False)) and mime in ("image/gif", "image/webp")
    except Exception:  # noqa: BLE001 - anything Pillow cannot read is not an image we preview
        return None
    if width <= 0 or height <= 0:
        return None
    return {"imageWidth": width, "imageHeight": height, "imageMime": mime, "animated": animated}


async def image_facts(session: aiohttp.ClientSession, url: str, policy: FetchPolicy) -> dict[str, Any] | None:
    try:
        body = await get(session, url, policy, IMAGE_TYPES, "image/*")
    except (Refused, TooLarge, aiohttp.ClientError, OSError, ValueError):
        return None
    if body is None:
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
            body = await get(session, url, policy, HTML_TYPES | IMAGE_TYPES, "text/html,application/xhtml+xml,image/*;q=0.9")
        except (Refused, TooLarge, aiohttp.ClientError, OSError, ValueError, UnicodeError):
            return None
        if body is None:
            return None
        if body.content_type.startswith("image/"):
            facts = await asyncio.to_thread(measure_image, body.data)
            if facts is None:
                return None
            return {"type": "image", "imageUrl": truncate(body.url), **facts}
        tags = await asyncio.to_thread(_parse_page, body)
        return await _page_embed(session, url, body, tags, policy)


async def _page_embed(session: aiohttp.ClientSession, url: str, body: Body, tags: PageTags,
                      policy: FetchPolicy) -> dict[str, Any] | None:
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
    image_url = _http_url(og.get("image") or og.get("image:url") or og.get("image:secure_url")
                          or twitter.get("image") or twitter.get("image:src"), body.url)
    if image_url:
        facts = await image_facts(session, image_url, policy)
        if facts is not None:
            facts["imageUrl"] = image_url
            embed.update(facts)
            if twitter.get("card", "").lower() == "summary_large_image":
                embed["largeImage"] = True
    return {key: truncate(value) for key, value in embed.items()}
