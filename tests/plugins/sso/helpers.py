"""Signing in through the test provider as a browser would: start, follow the authorize page,
post what came back to Hearth's callback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.plugins.connections.helpers import follow
from tests.support import call


async def start(client: Any, provider_id: str = "idp") -> str:
    status, body = await call(client, "POST", f"/api/sso/{provider_id}/start")
    assert status == 200, body
    return body["url"]


async def trip(client: Any, provider_id: str = "idp", tamper: Callable[[str], str] | None = None) -> dict[str, str]:
    """The query the provider sends the browser back with (``tamper`` edits the authorize URL first)."""
    url = await start(client, provider_id)
    back, answer = await follow(tamper(url) if tamper else url)
    assert back == f"http://hearth.test/login/sso/{provider_id}"
    return answer


async def callback(client: Any, answer: dict[str, str], provider_id: str = "idp") -> tuple[int, Any]:
    body = {"state": answer.get("state"), "code": answer.get("code"), "error": answer.get("error")}
    return await call(client, "POST", f"/api/sso/{provider_id}/callback", {k: v for k, v in body.items() if v})


async def sign_in(client: Any, provider_id: str = "idp", **kwargs: Any) -> tuple[int, Any]:
    return await callback(client, await trip(client, provider_id, **kwargs), provider_id)


async def ticket_for(client: Any) -> dict[str, Any]:
    status, body = await sign_in(client)
    assert status == 200 and "sso" in body, body
    return body["sso"]


async def me(client: Any, token: str) -> dict[str, Any]:
    status, body = await call(client, "GET", "/api/users", token=token)
    assert status == 200, body
    return body["user"]
