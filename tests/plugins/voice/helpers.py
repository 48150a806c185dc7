"""Calls for tests: people in a server (or a DM) with live sockets, joining and leaving voice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.plugins.servers.helpers import Community, community, join
from tests.support import Person, SocketProbe, call


def sid(probe: SocketProbe) -> str:
    """The id the server knows this socket by (what the web client sends as ``socketId``)."""
    return probe.client.get_sid("/")


async def join_voice(client: Any, person: Person, channel_id: str, probe: SocketProbe, **extra: Any) -> tuple[int, Any]:
    return await call(
        client, "POST", f"/api/channels/{channel_id}/voice/join", {"socketId": sid(probe), **extra}, token=person.token
    )


async def joined(client: Any, person: Person, channel_id: str, probe: SocketProbe, **extra: Any) -> None:
    status, body = await join_voice(client, person, channel_id, probe, **extra)
    assert (status, body) == (200, {"success": True})


async def leave_voice(client: Any, person: Person, channel_id: str) -> tuple[int, Any]:
    return await call(client, "POST", f"/api/channels/{channel_id}/voice/leave", token=person.token)


@dataclass
class Room:
    """A server with members, each with one authenticated socket."""

    place: Community
    people: list[Person]
    probes: dict[str, SocketProbe]

    @property
    def channel(self) -> str:
        return self.place.general

    def probe(self, person: Person) -> SocketProbe:
        return self.probes[person.id]


async def room(client: Any, sockets: Any, members: int = 2) -> Room:
    place = await community(client)
    people = [place.owner, *[await join(client, place) for _ in range(members - 1)]]
    probes = {p.id: await sockets(p.token) for p in people}
    return Room(place=place, people=people, probes=probes)
