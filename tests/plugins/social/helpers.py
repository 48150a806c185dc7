"""Helpers of the social tests."""

from __future__ import annotations

from typing import Any

from tests.plugins.accounts.helpers import confirm_email
from tests.support import Person, call, register


async def confirmed(client: Any, **kwargs: Any) -> Person:
    person = await register(client, **kwargs)
    await confirm_email(client, person)
    return person


async def follow(client: Any, person: Person, other_id: str) -> tuple[int, Any]:
    return await call(client, "POST", f"/api/users/{other_id}/follow", token=person.token)


async def unfollow(client: Any, person: Person, other_id: str) -> tuple[int, Any]:
    return await call(client, "DELETE", f"/api/users/{other_id}/follow", token=person.token)
