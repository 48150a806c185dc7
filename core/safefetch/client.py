"""A guarded HTTP GET for URLs users gave.

Safe by construction: http(s) only, no credentials in the URL, every hop's address checked
(``addresses``), at most ``MAX_REDIRECTS`` redirects followed by hand so each one is checked,
no cookies, no proxy from the environment, and a size cap per kind of body counted after
decompression. The overall time limit is the caller's (``asyncio.timeout``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp

from core.safefetch.addresses import GuardedResolver, address_allowed, is_ip_literal
from core.safefetch.errors import BadResponse, FetchError, Refused, TooLarge, WrongType

__all__ = [
    "IMAGE_TYPES",
    "BadResponse",
    "Body",
    "FetchError",
    "FetchPolicy",
    "MAX_REDIRECTS",
    "TooLarge",
    "WrongType",
    "check_url",
    "get",
    "new_session",
    "policy_from_settings",
]

MAX_REDIRECTS = 3
REDIRECTS = {301, 302, 303, 307, 308}
IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
USER_AGENT = "Mozilla/5.0 (compatible; HearthBot/1.0)"


@dataclass(frozen=True)
class FetchPolicy:
    allow_private: bool = False
    trusted_hosts: frozenset[str] = frozenset()
    max_html_bytes: int = 1024 * 1024
    max_image_bytes: int = 10 * 1024 * 1024


def policy_from_settings(settings: Any, **caps: int) -> FetchPolicy:
    """The deployment's address rules (``[fetch]``) with the caller's body caps."""
    return FetchPolicy(
        allow_private=bool(settings.get("fetch.allow_private_networks", False)),
        trusted_hosts=frozenset(str(h).lower() for h in (settings.get("fetch.trusted_hosts") or [])),
        **caps,
    )


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
    if (
        is_ip_literal(host)
        and not policy.allow_private
        and host.lower() not in policy.trusted_hosts
        and not address_allowed(host)
    ):
        raise Refused(url)
    return host


def new_session(policy: FetchPolicy, limit: int = 4) -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(
        resolver=GuardedResolver(policy.allow_private, policy.trusted_hosts), use_dns_cache=False, limit=limit
    )
    return aiohttp.ClientSession(
        connector=connector,
        cookie_jar=aiohttp.DummyCookieJar(),
        trust_env=False,
        headers={"User-Agent": USER_AGENT},
        auto_decompress=True,
    )


async def get(
    session: aiohttp.ClientSession, url: str, policy: FetchPolicy, accept: set[str] | frozenset[str], accept_header: str
) -> Body:
    """GET ``url`` following at most MAX_REDIRECTS checked redirects: the body when its type is in
    ``accept`` and it fits the cap for its kind. Raises a :class:`FetchError` saying why not (and
    aiohttp / OS errors for the network itself)."""
    for _ in range(MAX_REDIRECTS + 1):
        check_url(url, policy)
        async with session.get(url, allow_redirects=False, headers={"Accept": accept_header}) as response:
            if response.status in REDIRECTS:
                location = response.headers.get("Location")
                if not location:
                    raise BadResponse(f"{url}: redirect without a location")
                url = urljoin(url, location)
                continue
            if response.status != 200:
                raise BadResponse(f"{url}: status {response.status}")
            content_type = (response.content_type or "").lower()
            if content_type not in accept:
                raise WrongType(f"{url}: {content_type}")
            cap = policy.max_image_bytes if content_type.startswith("image/") else policy.max_html_bytes
            if response.content_length is not None and response.content_length > cap:
                raise TooLarge(url)
            data = bytearray()
            async for chunk in response.content.iter_chunked(65536):
                data.extend(chunk)
                if len(data) > cap:
                    raise TooLarge(url)
            return Body(url=str(response.url), content_type=content_type, charset=response.charset, data=bytes(data))
    raise BadResponse(f"{url}: more than {MAX_REDIRECTS} redirects")
