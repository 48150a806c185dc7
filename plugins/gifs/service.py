"""The GIF search of one app: the provider from ``[gifs]``, a time limit per fetch, and a small
in-process cache (bounded, with a time to live) so a picker typing the same words, or every
user opening the categories, does not reach the provider each time. Identical fetches in flight
at once share one request."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from quart import current_app

from core.context import hearth
from core.errors import ApiError
from core.safefetch import policy_from_settings
from core.settings import Settings
from plugins.gifs.provider import ProviderFailed, TenorApi

log = logging.getLogger("hearth.gifs")

# Tenor v2-shaped APIs; `base_url` in [gifs] overrides the address.
PROVIDERS = {"tenor": "https://tenor.googleapis.com", "klipy": "https://api.klipy.com"}
MAX_QUERY = 100
MAX_POS = 200
MAX_PER_PAGE = 50


def search_params(args: Any) -> tuple[str, str | None]:
    """``query`` (required, 1–100 characters once trimmed) and ``pos`` (the provider's cursor)."""
    query = (args.get("query") or "").strip()
    if not query:
        raise ApiError(400, "Query is required.", "query")
    if len(query) > MAX_QUERY:
        raise ApiError(400, f"Query must be between 1 and {MAX_QUERY} characters long.", "query")
    pos = args.get("pos") or None
    if pos is not None and len(pos) > MAX_POS:
        raise ApiError(400, "Invalid pos.", "pos")
    return query, pos


def provider_from_settings(settings: Settings) -> TenorApi | None:
    """The configured provider, or None when GIF search is off (no API key, unknown provider)."""
    get = settings.get
    key = str(get("gifs.api_key", "") or "")
    provider = str(get("gifs.provider", "tenor") or "").lower()
    base_url = str(get("gifs.base_url", "") or "") or PROVIDERS.get(provider, "")
    if not key or provider not in PROVIDERS or not base_url:
        return None
    # The operator named this host, so it is fetched even when it is private (an intranet
    # mirror, the tests' fake provider); everything else follows [fetch].
    policy = policy_from_settings(settings, max_html_bytes=int(get("gifs.max_response_kib", 1024)) * 1024)
    host = (urlsplit(base_url).hostname or "").lower()
    policy = replace(policy, trusted_hosts=policy.trusted_hosts | {host})
    return TenorApi(base_url, key, str(get("gifs.client_key", "hearth")), str(get("gifs.locale", "en")), policy)


class GifSearch:
    def __init__(self, settings: Settings):
        get = settings.get
        self.api = provider_from_settings(settings)
        if self.api is None:
            log.info("GIF search is off: set [gifs] api_key (and provider) to turn it on")
        self.timeout = float(get("gifs.timeout_seconds", 5))
        self.per_page = max(1, min(int(get("gifs.results_per_page", 30)), MAX_PER_PAGE))
        self.search_filter = str(get("gifs.search_content_filter", "medium"))
        self.categories_filter = str(get("gifs.categories_content_filter", "high"))
        self.search_ttl = float(get("gifs.cache_seconds", 300))
        self.categories_ttl = float(get("gifs.categories_cache_seconds", 3600))
        self.max_entries = max(1, int(get("gifs.cache_entries", 500)))
        self.cache: OrderedDict[tuple, tuple[float, Any]] = OrderedDict()
        self.in_flight: dict[tuple, asyncio.Future] = {}

    async def search(self, query: str, pos: str | None) -> dict[str, Any]:
        api = self._api()
        return await self._cached(
            ("search", query.lower(), pos),
            self.search_ttl,
            lambda: api.search(query, pos, self.per_page, self.search_filter),
        )

    async def categories(self) -> list[dict[str, str]]:
        api = self._api()
        return await self._cached(("categories",), self.categories_ttl, lambda: api.categories(self.categories_filter))

    def _api(self) -> TenorApi:
        if self.api is None:
            raise ProviderFailed("not configured")
        return self.api

    async def _cached(self, key: tuple, ttl: float, fetch: Callable[[], Awaitable[Any]]) -> Any:
        found = self.cache.get(key)
        if found is not None and found[0] > time.monotonic():
            self.cache.move_to_end(key)
            return found[1]
        running = self.in_flight.get(key)
        if running is None:
            running = self.in_flight[key] = asyncio.ensure_future(self._fetch(key, ttl, fetch))
            running.add_done_callback(lambda done: self._settled(key, done))
        return await asyncio.shield(running)

    def _settled(self, key: tuple, done: asyncio.Future) -> None:
        self.in_flight.pop(key, None)
        if not done.cancelled():
            done.exception()  # retrieved even when every waiter went away

    async def _fetch(self, key: tuple, ttl: float, fetch: Callable[[], Awaitable[Any]]) -> Any:
        try:
            async with asyncio.timeout(self.timeout):
                value = await fetch()
        except TimeoutError:
            log.warning("the GIF provider did not answer %s within %ss", key[0], self.timeout)
            raise ProviderFailed("timed out") from None
        except ProviderFailed as error:
            log.warning("the GIF provider failed: %s", error)
            raise
        self.cache[key] = (time.monotonic() + ttl, value)
        self.cache.move_to_end(key)
        while len(self.cache) > self.max_entries:
            self.cache.popitem(last=False)
        return value


def gif_search() -> GifSearch:
    found = current_app.extensions.get("gifs")
    if found is None:
        found = current_app.extensions["gifs"] = GifSearch(hearth().settings)
    return found
