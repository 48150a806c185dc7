"""A Tenor v2-shaped GIF API (Tenor itself, or Klipy's Tenor-compatible one): the request URLs
and turning its answers into the reference's shapes (rest.md §16). Every field of the answer is
checked: a provider is trusted to be reachable, not to be well-formed."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp

from core.safefetch import FetchError, FetchPolicy, get, new_session

JSON_TYPES = frozenset({"application/json", "text/json"})
MAX_URL = 2048
MAX_TEXT = 200
MAX_CATEGORIES = 100


class ProviderFailed(Exception):
    """Not configured, unreachable, too slow, or an answer that is not a provider's answer."""


def _http_url(value: Any) -> str | None:
    if not isinstance(value, str) or not value or len(value) > MAX_URL:
        return None
    try:
        parts = urlsplit(value)
    except ValueError:
        return None
    return value if parts.scheme in ("http", "https") and parts.hostname else None


def _dimension(media: dict[str, Any], index: int) -> int | None:
    dims = media.get("dims")
    if isinstance(dims, list) and len(dims) == 2 and all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
        return dims[index] if dims[index] > 0 else None
    return None


def gif_item(item: Any) -> dict[str, Any] | None:
    """``{url, gifUrl, previewUrl, previewWidth, previewHeight}``, or None for an item without a
    usable ``gif`` format (the reference drops those)."""
    formats = item.get("media_formats") if isinstance(item, dict) else None
    if not isinstance(formats, dict):
        return None
    gif = formats.get("gif") if isinstance(formats.get("gif"), dict) else None
    gif_url = _http_url(gif.get("url")) if gif else None
    if gif is None or gif_url is None:
        return None
    tiny = formats.get("tinygif") if isinstance(formats.get("tinygif"), dict) else None
    tiny_url = _http_url(tiny.get("url")) if tiny else None
    preview = tiny if tiny_url else gif
    return {
        "url": _http_url(item.get("itemurl")) or gif_url,
        "gifUrl": gif_url,
        "previewUrl": tiny_url or gif_url,
        "previewWidth": _dimension(preview, 0) or _dimension(gif, 0),
        "previewHeight": _dimension(preview, 1) or _dimension(gif, 1),
    }


def search_page(answer: Any, limit: int) -> dict[str, Any]:
    """``{next, results}`` from a ``/v2/search`` answer."""
    if not isinstance(answer, dict) or not isinstance(answer.get("results"), list):
        raise ProviderFailed("a search answer without results")
    results = [found for found in map(gif_item, answer["results"][: limit * 2]) if found][:limit]
    next_pos = answer.get("next")
    if isinstance(next_pos, bool) or not isinstance(next_pos, (str, int)):
        next_pos = ""
    return {"next": str(next_pos)[:MAX_TEXT], "results": results}


def category_list(answer: Any) -> list[dict[str, str]]:
    """``[{searchterm, path, image, name}]`` from a ``/v2/categories`` answer."""
    if not isinstance(answer, dict) or not isinstance(answer.get("tags"), list):
        raise ProviderFailed("a categories answer without tags")
    categories = []
    for tag in answer["tags"][:MAX_CATEGORIES]:
        if not isinstance(tag, dict):
            continue
        term, name, path, image = (tag.get(key) for key in ("searchterm", "name", "path", "image"))
        if not (isinstance(term, str) and term.strip() and len(term) <= MAX_TEXT and _http_url(image)):
            continue
        categories.append(
            {
                "searchterm": term,
                "path": path[:MAX_URL] if isinstance(path, str) else "",
                "image": image,
                "name": name[:MAX_TEXT] if isinstance(name, str) else f"#{term}",
            }
        )
    return categories


class TenorApi:
    """GETs ``<base_url>/v2/<endpoint>?...&key=<api key>`` through the kernel's guarded fetch."""

    def __init__(self, base_url: str, api_key: str, client_key: str, locale: str, policy: FetchPolicy):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.client_key = client_key
        self.locale = locale
        self.policy = policy

    def url(self, endpoint: str, params: dict[str, Any]) -> str:
        common = {"key": self.api_key, "client_key": self.client_key, "locale": self.locale}
        query = {k: v for k, v in {**params, **common}.items() if v not in (None, "")}
        return f"{self.base_url}/v2/{endpoint}?{urlencode(query)}"

    async def fetch(self, endpoint: str, params: dict[str, Any]) -> Any:
        """The decoded JSON answer. Raises ProviderFailed; the caller bounds the time."""
        try:
            async with new_session(self.policy, limit=2) as session:
                body = await get(session, self.url(endpoint, params), self.policy, JSON_TYPES, "application/json")
            return json.loads(body.data)
        except (FetchError, aiohttp.ClientError, OSError, ValueError) as error:  # JSON errors are ValueErrors
            raise ProviderFailed(f"{endpoint}: {type(error).__name__}") from error

    async def search(self, query: str, pos: str | None, limit: int, content_filter: str) -> dict[str, Any]:
        answer = await self.fetch(
            "search",
            {"q": query, "pos": pos, "limit": limit, "contentfilter": content_filter, "media_filter": "gif,tinygif"},
        )
        return search_page(answer, limit)

    async def categories(self, content_filter: str) -> list[dict[str, str]]:
        answer = await self.fetch("categories", {"type": "trending", "contentfilter": content_filter})
        return category_list(answer)
