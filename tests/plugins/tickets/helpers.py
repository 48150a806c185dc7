"""Tickets for tests."""

from __future__ import annotations

from typing import Any

from tests.support import Person, call


async def open_ticket(
    client: Any, person: Person, title: str = "Help", body: str = "I need help", category: int = 0
) -> dict[str, Any]:
    status, ticket = await call(
        client, "POST", "/api/tickets", {"title": title, "body": body, "category": category}, token=person.token
    )
    assert status == 200, ticket
    return ticket


async def live_socket(sockets: Any, person: Person, features: Any = ("tickets",)) -> Any:
    """A socket authenticated as Hearth's web client does, asking for ``features`` (the ticket
    events, docs/protocol-extensions.md); ``features=None`` leaves the key out."""
    probe = await sockets(person.token, authenticate=False)
    options = {} if features is None else {"features": list(features) if isinstance(features, tuple) else features}
    await probe.client.emit("user:authenticate", {"token": person.token, **options})
    await probe.wait_for("user:authenticated")
    return probe
