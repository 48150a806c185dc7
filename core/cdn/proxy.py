"""The image proxy (rest.md §13): ``GET /cdn/proxy/<encodeURIComponent(url)>/<file name>``.

Clients load third-party pictures (link-preview images, image embeds, webhook avatars) through
it, so a viewer's browser never contacts the third-party host. The fetch is the kernel's
guarded one (``core.safefetch``: public addresses only, each redirect checked again, unless
``[fetch]`` allows private networks or trusts a host), images only — the Content-Type must say
PNG, JPEG, GIF or WebP and Pillow must read the bytes as one, within ``[cdn] max_image_pixels``
— with a size cap and a time limit (``[proxy]``). Answers are cached in memory per process
(bounded in bytes; failures for a minute), identical concurrent requests share one fetch, and
fetches (not cache hits) count against a per-IP limit.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp

from core.cdn.images import NotAnImage, TooManyPixels, identify
from core.errors import ApiError
from core.ratelimit import check
from core.safefetch import (
    IMAGE_TYPES,
    BadResponse,
    FetchPolicy,
    Refused,
    TooLarge,
    WrongType,
    get,
    new_session,
    policy_from_settings,
    refused_by_resolver,
)
from core.settings import Settings

MIB = 1024 * 1024
MAX_URL = 2048
FAILURE_SECONDS = 60

INVALID_URL = "Invalid URL."
REFUSED = "This address may not be fetched."
NOT_AN_IMAGE = "The link is not a supported image (PNG, JPEG, GIF or WebP)."
TOO_LARGE = "The image is too large."
TOO_SLOW = "The image took too long to fetch."
UNREACHABLE = "Could not fetch the image."


@dataclass(frozen=True)
class Proxied:
    data: bytes
    mimetype: str


def target_url(path: str) -> str:
    """The proxied URL in a decoded request path ``/cdn/proxy/<url>/<file name>``: everything
    between the prefix and the last ``/`` (the client encodes the URL as one segment)."""
    rest = path.split("/cdn/proxy/", 1)[1] if "/cdn/proxy/" in path else ""
    url = rest.rsplit("/", 1)[0] if "/" in rest else ""
    try:
        parts = urlsplit(url)
    except ValueError:
        raise ApiError(400, INVALID_URL) from None
    if len(url) > MAX_URL or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ApiError(400, INVALID_URL)
    return url


class ImageProxy:
    """One per app: settings, a bound on concurrent fetches, the memory cache."""

    def __init__(self, settings: Settings):
        get_setting = settings.get
        self.enabled = bool(get_setting("proxy.enabled", True))
        self.timeout = float(get_setting("proxy.timeout_seconds", 10))
        self.browser_cache_seconds = int(get_setting("proxy.cache_seconds", 86400))
        self.memory_cache_bytes = int(get_setting("proxy.memory_cache_mib", 32)) * MIB
        self.fetches_per_ip = int(get_setting("proxy.fetches_per_ip_per_minute", 120))
        self.max_pixels = int(settings.cdn.max_image_pixels)
        self.policy: FetchPolicy = policy_from_settings(
            settings, max_image_bytes=int(get_setting("proxy.max_image_mib", 12)) * MIB
        )
        self.slots = asyncio.Semaphore(int(get_setting("proxy.concurrent_fetches", 16)))
        self._cache: OrderedDict[str, tuple[float, Proxied | ApiError]] = OrderedDict()
        self._cached_bytes = 0
        self._inflight: dict[str, asyncio.Future[Proxied | ApiError]] = {}

    async def image(self, url: str) -> Proxied:
        """The picture at ``url`` (from the cache, or fetched once), or ApiError."""
        if not self.enabled:
            raise ApiError(404, "Not found.")
        outcome = self._cached(url)
        if outcome is None:
            pending = self._inflight.get(url)
            if pending is None:
                await check("cdn_proxy", self.fetches_per_ip, 60, by="ip")
                pending = asyncio.ensure_future(self._fetch_and_keep(url))
                self._inflight[url] = pending
                pending.add_done_callback(lambda _: self._inflight.pop(url, None))
            outcome = await asyncio.shield(pending)
        if isinstance(outcome, ApiError):
            raise ApiError(outcome.status, outcome.message)  # a fresh one: the kept one is shared
        return outcome

    def _cached(self, url: str) -> Proxied | ApiError | None:
        found = self._cache.get(url)
        if found is None:
            return None
        if found[0] <= time.monotonic():
            self._forget(url)
            return None
        self._cache.move_to_end(url)
        return found[1]

    def _forget(self, url: str) -> None:
        _, outcome = self._cache.pop(url)
        if isinstance(outcome, Proxied):
            self._cached_bytes -= len(outcome.data)

    def _keep(self, url: str, outcome: Proxied | ApiError) -> None:
        size = len(outcome.data) if isinstance(outcome, Proxied) else 0
        if size > self.memory_cache_bytes // 4:
            return
        if url in self._cache:
            self._forget(url)
        seconds = min(self.browser_cache_seconds, 3600) if isinstance(outcome, Proxied) else FAILURE_SECONDS
        self._cache[url] = (time.monotonic() + seconds, outcome)
        self._cached_bytes += size
        while self._cached_bytes > self.memory_cache_bytes or len(self._cache) > 4096:
            self._forget(next(iter(self._cache)))

    async def _fetch_and_keep(self, url: str) -> Proxied | ApiError:
        try:
            outcome: Proxied | ApiError = await self._fetch(url)
        except ApiError as error:
            outcome = error
        self._keep(url, outcome)
        return outcome

    async def _fetch(self, url: str) -> Proxied:
        async with self.slots:
            try:
                async with asyncio.timeout(self.timeout):
                    async with new_session(self.policy, limit=2) as session:
                        body = await get(
                            session, url, self.policy, IMAGE_TYPES, "image/png,image/jpeg,image/gif,image/webp"
                        )
            except Refused:
                raise ApiError(403, REFUSED) from None
            except TooLarge:
                raise ApiError(413, TOO_LARGE) from None
            except WrongType:
                raise ApiError(415, NOT_AN_IMAGE) from None
            except TimeoutError:
                raise ApiError(504, TOO_SLOW) from None
            except aiohttp.ClientConnectorError as error:
                raise ApiError(
                    403 if refused_by_resolver(error) else 502, REFUSED if refused_by_resolver(error) else UNREACHABLE
                ) from None
            except (BadResponse, aiohttp.ClientError, OSError, ValueError):
                raise ApiError(502, UNREACHABLE) from None
        try:
            info = await asyncio.to_thread(identify, body.data, self.max_pixels)
        except NotAnImage:
            raise ApiError(415, NOT_AN_IMAGE) from None
        except TooManyPixels:
            raise ApiError(413, TOO_LARGE) from None
        return Proxied(data=body.data, mimetype=info.mimetype)
