"""A reminder shows its message only while its owner may still view the channel: after the
channel is made private, or the owner is kicked or leaves the server, the reminder stays (so it
can be deleted and keeps its place among the 10) but ``message`` is null, in ``GET /reminders``
and in ``user:authenticated``; the message's later edits never reach them."""

from __future__ import annotations

import time
from typing import Any

from tests.contracts.queries import captured_queries, shape
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.support import Person, call

SOON = int(time.time() * 1000) + 3_600_000


async def remind(client: Any, person: Person, message: dict[str, Any]) -> dict[str, Any]:
    return await ok(client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, person.token)


async def edit(client: Any, person: Person, message: dict[str, Any], content: str) -> None:
    await ok(
        client,
        "PATCH",
        f"/api/channels/{message['channelId']}/messages/{message['id']}",
        {"content": content},
        person.token,
    )


def contents(reminders: list[dict[str, Any]]) -> dict[str, str | None]:
    return {r["channelId"]: r["message"]["content"] if r["message"] else None for r in reminders}


async def test_reminders_hide_messages_of_channels_the_owner_can_no_longer_see(live_client, sockets):
    place, left, kicked = await community(live_client), await community(live_client), await community(live_client)
    bob = await join(live_client, place)
    await join(live_client, left, bob)
    await join(live_client, kicked, bob)
    staff = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "staff"}, place.owner.token)
    alice, _, dm = await dm_pair(live_client)
    await join(live_client, place, alice)
    messages = {
        "visible": await sent(live_client, place.owner, place.general, "visible"),
        "private": await sent(live_client, place.owner, staff["id"], "staff note"),
        "left": await sent(live_client, left.owner, left.general, "left"),
        "kicked": await sent(live_client, kicked.owner, kicked.general, "kicked"),
    }
    for message in messages.values():
        await remind(live_client, bob, message)

    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff['id']}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    await ok(live_client, "POST", f"/api/servers/{left.id}/leave", token=bob.token)
    await ok(live_client, "DELETE", f"/api/servers/{kicked.id}/members/{bob.id}/kick", token=kicked.owner.token)
    await edit(live_client, place.owner, messages["visible"], "visible, edited")
    await edit(live_client, place.owner, messages["private"], "the new secret")
    await edit(live_client, left.owner, messages["left"], "said after bob left")
    await edit(live_client, kicked.owner, messages["kicked"], "said after the kick")

    expected = {place.general: "visible, edited", staff["id"]: None, left.general: None, kicked.general: None}
    status, listed = await call(live_client, "GET", "/api/reminders", token=bob.token)
    assert status == 200 and contents(listed) == expected
    payload = (await sockets(bob.token)).received("user:authenticated")[0]
    assert contents(payload["user"]["reminders"]) == expected

    # someone who can still see them gets them in full, DMs included
    for message in (messages["visible"], messages["private"]):
        await remind(live_client, place.owner, message)
    dm_message = await sent(live_client, alice, dm, "in a dm")
    await remind(live_client, alice, dm_message)
    await remind(live_client, alice, messages["visible"])
    assert contents((await call(live_client, "GET", "/api/reminders", token=place.owner.token))[1]) == {
        place.general: "visible, edited",
        staff["id"]: "the new secret",
    }
    assert contents((await call(live_client, "GET", "/api/reminders", token=alice.token))[1]) == {
        dm: "in a dm",
        place.general: "visible, edited",
    }


async def test_checking_access_costs_the_same_queries_for_two_servers_or_five(client):
    async def listing_queries(count: int) -> list[str]:
        places = [await community(client) for _ in range(count)]
        bob = await join(client, places[0])
        for place in places[1:]:
            await join(client, place, bob)
        for place in places:
            await remind(client, bob, await sent(client, place.owner, place.general, "x"))
        with captured_queries() as queries:
            status, listed = await call(client, "GET", "/api/reminders", token=bob.token)
        assert status == 200 and all(r["message"] for r in listed) and len(listed) == count
        return queries

    assert shape(await listing_queries(5)) == shape(await listing_queries(2))
