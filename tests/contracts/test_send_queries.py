"""Sending a message to a server channel costs a fixed number of statements: a channel with more
members, or a message mentioning more of them, costs the same round trips (no N+1 on the send
path, which a busy channel runs many times a second)."""

from __future__ import annotations

from typing import Any

from tests.contracts.queries import captured_queries, shape
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join


async def queries_to_send(client: Any, person: Any, channel_id: str, content: str) -> list[str]:
    with captured_queries() as queries:
        await sent(client, person, channel_id, content)
    return queries


async def test_a_bigger_channel_and_more_mentions_cost_no_more_queries(live_client):
    small, big = await community(live_client), await community(live_client)
    small_speaker = await join(live_client, small)
    big_members = [await join(live_client, big) for _ in range(6)]
    await sent(live_client, small_speaker, small.general, "warming up")
    await sent(live_client, big_members[0], big.general, "warming up")

    small_queries = await queries_to_send(live_client, small_speaker, small.general, f"hi [@:{small.owner.id}]")
    big_queries = await queries_to_send(
        live_client, big_members[0], big.general, " ".join(f"[@:{m.id}]" for m in [big.owner, *big_members[1:]])
    )

    assert shape(big_queries) == shape(small_queries)
    member_rows = [q for q in big_queries if q.startswith('SELECT "server_members"."')]
    assert all("user_id" in q.split("WHERE", 1)[1] for q in member_rows), "mentions load only who they name"
