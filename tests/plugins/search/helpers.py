"""Search for tests: calls that opt in (``X-Hearth-Features: search``), as Hearth's web client does,
each after the indexer has read every change made before it (``flush``: PostgreSQL indexes after
commit), as a search a moment after a send would."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from plugins.search.indexer import flush
from tests.support import Person

FEATURES = "search"


async def search_call(
    client: Any, person: Person, q: str, features: str | None = FEATURES, index_first: bool = True, **params: Any
) -> tuple[int, Any]:
    if index_first:
        await flush()
    headers = {"Authorization": person.token, **({"X-Hearth-Features": features} if features else {})}
    query = urlencode({"q": q, **{key: value for key, value in params.items() if value is not None}})
    response = await client.get(f"/api/search/messages?{query}", headers=headers)
    return response.status_code, await response.get_json()


async def searched(client: Any, person: Person, q: str, **params: Any) -> dict[str, Any]:
    status, body = await search_call(client, person, q, **params)
    assert status == 200, body
    return body


async def contents(client: Any, person: Person, q: str, **params: Any) -> list[str]:
    """The contents of the results, in the order they came."""
    return [result["message"]["content"] for result in (await searched(client, person, q, **params))["results"]]


async def post_search_call(
    client: Any, person: Person, q: str, features: str | None = FEATURES, **params: Any
) -> tuple[int, Any]:
    headers = {"Authorization": person.token, **({"X-Hearth-Features": features} if features else {})}
    query = urlencode({"q": q, **{key: value for key, value in params.items() if value is not None}})
    response = await client.get(f"/api/search/posts?{query}", headers=headers)
    return response.status_code, await response.get_json()


async def found_posts(client: Any, person: Person, q: str, **params: Any) -> list[str]:
    """The contents of the posts found, in the order they came."""
    status, body = await post_search_call(client, person, q, **params)
    assert status == 200, body
    return [result["post"]["content"] for result in body["results"]]
