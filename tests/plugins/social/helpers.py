"""Helpers of the social tests."""

from __future__ import annotations

from typing import Any

from tests.support import Person, call, new_person


async def confirmed(**kwargs: Any) -> Person:
    """Someone whose e-mail is confirmed (``username=``, ``email=``, ``password=``)."""
    return await new_person(confirmed=True, **kwargs)


async def follow(client: Any, person: Person, other_id: str) -> tuple[int, Any]:
    return await call(client, "POST", f"/api/users/{other_id}/follow", token=person.token)


async def unfollow(client: Any, person: Person, other_id: str) -> tuple[int, Any]:
    return await call(client, "DELETE", f"/api/users/{other_id}/follow", token=person.token)
