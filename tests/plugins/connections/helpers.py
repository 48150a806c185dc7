"""Following a provider's authorize URL as a browser would, and the linking calls."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import aiohttp

from tests.support import Person, call


def query_of(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(url).query))


async def follow(authorize_url: str) -> tuple[str, dict[str, str]]:
    """Open the provider's authorize page; ``(where it sends the browser back, that URL's query)``."""
    async with aiohttp.ClientSession() as session:
        async with session.get(authorize_url, allow_redirects=False) as response:
            assert response.status == 302, await response.text()
            back = response.headers["Location"]
    return back.split("?")[0], query_of(back)


async def start_link(client: Any, person: Person, provider_id: str = "fake") -> str:
    status, body = await call(client, "POST", f"/api/connections/{provider_id}/link", token=person.token)
    assert status == 200, body
    return body["url"]


async def link(client: Any, person: Person, provider_id: str = "fake") -> tuple[int, Any]:
    """The whole link: start it, pass the provider's page, post what came back."""
    _, answer = await follow(await start_link(client, person, provider_id))
    return await callback(client, person, answer, provider_id)


async def callback(client: Any, person: Person, answer: dict[str, str], provider_id: str = "fake") -> tuple[int, Any]:
    body = {
        "state": answer.get("state"),
        "code": answer.get("code"),
        "error": answer.get("error"),
        "errorDescription": answer.get("error_description"),
    }
    return await call(
        client,
        "POST",
        f"/api/connections/{provider_id}/callback",
        {k: v for k, v in body.items() if v is not None},
        token=person.token,
    )
