"""Helpers shared by the friends, social and presence tests."""

from __future__ import annotations

from typing import Any

from tests.support import Person, call


def error(message: str, path: str | None = None) -> dict[str, Any]:
    return {"message": message, "path": path}


async def request_friend(client: Any, person: Person, other: Person) -> tuple[int, Any]:
    return await call(
        client, "POST", "/api/friends/add", {"username": other.username, "tag": other.tag}, token=person.token
    )


async def accept(client: Any, person: Person, other: Person) -> tuple[int, Any]:
    return await call(client, "POST", f"/api/friends/{other.id}", token=person.token)


async def make_friends(client: Any, person: Person, other: Person) -> None:
    status, body = await request_friend(client, person, other)
    assert status == 200, body
    assert await accept(client, other, person) == (200, {"message": "Accepted!"})


async def block(client: Any, person: Person, other: Person) -> None:
    assert await call(client, "POST", f"/api/users/{other.id}/block", token=person.token) == (200, {"status": True})


def public_user_keys() -> set[str]:
    return {"id", "username", "tag", "hexColor", "avatar", "banner", "badges", "bot", "joinedAt"}


def assert_limited(status: int, body: Any, window_ms: int, message: str = "Slow down!") -> None:
    assert status == 429
    assert (body["message"], body["path"]) == (message, None)
    assert isinstance(body["ttl"], int) and 0 < body["ttl"] <= window_ms
