"""People with confirmed e-mail, DMs between them, and sending helpers for messaging tests."""

from __future__ import annotations

from typing import Any

from tests.support import Person, call, new_person


async def member(**kwargs: Any) -> Person:
    """Someone whose e-mail is confirmed (``username=``, ``email=``, ``password=``)."""
    return await new_person(confirmed=True, **kwargs)


async def open_dm(client: Any, person: Person, other: Person) -> str:
    status, body = await call(client, "POST", f"/api/users/{other.id}/open-channel", token=person.token)
    assert status == 200, body
    return body["channelId"]


async def dm_pair(client: Any) -> tuple[Person, Person, str]:
    alice, bob = await member(), await member()
    channel_id = await open_dm(client, alice, bob)
    return alice, bob, channel_id


async def send(
    client: Any, person: Person, channel_id: str, content: str | None = "hello", **extra: Any
) -> tuple[int, Any]:
    body = {"content": content, **extra} if content is not None else extra
    return await call(client, "POST", f"/api/channels/{channel_id}/messages", body, token=person.token)


async def sent(client: Any, person: Person, channel_id: str, content: str = "hello", **extra: Any) -> dict[str, Any]:
    status, body = await send(client, person, channel_id, content, **extra)
    assert status == 200, body
    return body


def error(message: str, path: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"message": message, "path": path, **extra}
