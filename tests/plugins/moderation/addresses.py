"""People signing in from addresses of their own (``X-Forwarded-For`` with
``server.trust_proxy_headers``), for IP-ban tests."""

from __future__ import annotations

from typing import Any

from tests.support import PASSWORD, Person, SocketProbe, _counter, connect_socket

TRUST_PROXY = {"server.trust_proxy_headers": True}


async def call_from(
    client: Any, ip: str, method: str, path: str, json: Any = None, token: str | None = None
) -> tuple[int, Any]:
    headers = {"X-Forwarded-For": ip, **({"Authorization": token} if token else {})}
    response = await client.open(path, method=method, json=json, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def person_at(client: Any, ip: str) -> Person:
    """Registered, confirmed and using the API only from ``ip`` (a session keeps its last address)."""
    n = next(_counter)
    email, username = f"at{n}@example.com", f"at{n}"
    status, body = await call_from(
        client, ip, "POST", "/api/users/register", {"email": email, "username": username, "password": PASSWORD}
    )
    assert status == 200, body
    token = body["token"]
    status, body = await call_from(client, ip, "POST", "/api/users/emails/verify/send-code", token=token)
    code = body["message"].split(": ")[2]
    assert await call_from(client, ip, "POST", f"/api/users/emails/verify?code={code}", token=token) == (
        200,
        {"status": True},
    )
    status, me = await call_from(client, ip, "GET", "/api/users", token=token)
    return Person(token=token, id=me["user"]["id"], username=username, tag=me["user"]["tag"], email=email)


async def ping_from(client: Any, ip: str, person: Person, probe: SocketProbe) -> None:
    """``tests.plugins.accounts.helpers.ping`` from ``ip``: a barrier on ``probe``'s events."""
    count = len(probe.received("user:updatedSelf")) + 1
    status, body = await call_from(client, ip, "POST", "/api/users", {}, token=person.token)
    assert status == 200, body
    await probe.wait_for("user:updatedSelf", count=count)


async def socket_from(url: str, ip: str, token: str) -> SocketProbe:
    return await connect_socket(url, token, headers={"X-Forwarded-For": ip})
