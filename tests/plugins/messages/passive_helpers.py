"""Passive sockets for tests, and what Hearth's UI makes of the events a socket receives."""

from __future__ import annotations

from typing import Any

from tests.support import Person, SocketProbe, call, connect_socket


async def passive_socket(
    sockets: Any, person: Person, viewing: str | None = None, also: tuple[str, ...] = ()
) -> SocketProbe:
    """A socket authenticated as Hearth's web UI does (``features: ["passive", *also]``), viewing a
    channel (``sockets``: the fixture, or a server's URL)."""
    if isinstance(sockets, str):
        probe = await connect_socket(sockets, person.token, authenticate=False)
    else:
        probe = await sockets(person.token, authenticate=False)
    await probe.client.emit("user:authenticate", {"token": person.token, "features": ["passive", *also]})
    await probe.wait_for("user:authenticated")
    if viewing is not None:
        await view(probe, viewing)
    return probe


async def mentions_only(client: Any, person: Person, server_id: str, channel_id: str | None = None) -> None:
    """The person's server (or one channel of it) notifies them of mentions only: summarised."""
    body = {"serverId": server_id, "notificationPingMode": 1, **({"channelId": channel_id} if channel_id else {})}
    status, answer = await call(client, "POST", "/api/users/notifications", body, token=person.token)
    assert status == 200, answer


async def view(probe: SocketProbe, channel_id: str | None) -> int:
    """``hearth:view``; returns the position of its answer among the socket's events."""
    await viewed(probe, channel_id)
    count = len(probe.received("hearth:viewing"))
    return [i for i, (event, _) in enumerate(probe.events) if event == "hearth:viewing"][count - 1]


async def viewed(probe: SocketProbe, channel_id: str | None) -> dict[str, Any]:
    """``hearth:view`` and the server's answer to it."""
    count = len(probe.received("hearth:viewing")) + 1
    await probe.client.emit("hearth:view", {"channelId": channel_id})
    answer = await probe.wait_for("hearth:viewing", count=count)
    assert answer["channelId"] == channel_id and set(answer) == {"channelId", "summarised", "missed"}, answer
    return answer


def full_messages(
    probe: SocketProbe, channel_id: str, since: int = 0, until: int | None = None
) -> list[dict[str, Any]]:
    return [
        data["message"]
        for event, data in probe.events[since:until]
        if event == "message:created" and data["message"]["channelId"] == channel_id
    ]


def client_view(probe: SocketProbe, self_id: str, role_ids: tuple[str, ...] = ()) -> dict[str, dict[str, Any]]:
    """Per channel, what the web UI derives from the socket's events (readState.ts): the newest
    message time (the unread dot against last seen) and the mention counter (named, a role held,
    @everyone)."""
    state: dict[str, dict[str, Any]] = {}
    for event, data in probe.events:
        if event == "message:created":
            message = data["message"]
            entry = state.setdefault(message["channelId"], {"lastMessagedAt": 0, "mentions": 0})
            entry["lastMessagedAt"] = max(entry["lastMessagedAt"], message["createdAt"])
            named = any(user["id"] == self_id for user in message.get("mentions") or [])
            role = any(role["id"] in role_ids for role in message.get("roleMentions") or [])
            if message["createdBy"]["id"] != self_id and (named or role or "[@:e]" in message["content"]):
                entry["mentions"] += 1
        elif event == "hearth:activity":
            entry = state.setdefault(data["channelId"], {"lastMessagedAt": 0, "mentions": 0})
            entry["lastMessagedAt"] = max(entry["lastMessagedAt"], data["message"]["createdAt"])
    return state
