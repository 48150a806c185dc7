"""Where thread events go: the sockets in the parent channel's room (the servers plugin keeps
that room to the members who can view the channel, on every process) that asked for the
``threads`` feature at authenticate. Sockets that did not never hear of a thread.

The filter runs on every process for its own sockets (``gateway.everywhere``), after the
surrounding transaction commits, and the event is encoded once for all of them."""

from __future__ import annotations

from typing import Any

from core.context import hearth

FEATURE = "threads"
DELIVER = "threads:deliver"


def install(gateway: Any) -> None:
    gateway.on_everywhere(DELIVER, _deliver_local)


async def _deliver_local(body: dict[str, Any]) -> None:
    gateway = hearth().gateway
    skipped = set(body.get("skip") or [])
    sids = [
        socket.sid
        for socket in gateway.local_sockets(body["room"])
        if FEATURE in socket.features and socket.sid not in skipped
    ]
    if sids:
        await gateway.sio.emit(body["event"], body["data"], to=sids, ignore_queue=True)


async def to_parent_audience(parent_id: int, event: str, data: Any, skip_sid: str | list[str] | None = None) -> None:
    """``event`` to the opted-in sockets of whoever can view the parent channel."""
    skip = [skip_sid] if isinstance(skip_sid, str) else list(skip_sid or [])
    await hearth().gateway.everywhere(DELIVER, {"room": str(parent_id), "event": event, "data": data, "skip": skip})


async def to_user(user_id: int, event: str, data: Any) -> None:
    """``event`` to the opted-in sockets of one user (their follow state)."""
    await hearth().gateway.everywhere(DELIVER, {"room": str(user_id), "event": event, "data": data, "skip": []})
