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
