"""Worn clans cost a page nothing per author: a page of 50 messages from 50 authors wearing a
clan sends the same statements as the same page before any of them wore one, or a page of one
message; the clans plugin's part of it is one statement (plugins/clans/service.py
``worn_clans``), asked once for the authors who have a profile."""

from __future__ import annotations

import re
from typing import Any

from tests.contracts.queries import captured_queries, shape
from tests.plugins.clans.helpers import verified, with_clan
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import ok

AUTHORS = 50


def without_id_lists(queries: list[str]) -> list[str]:
    """The worn clans' statement writes its ids into the text (``IN (1,2,3)``): one value."""
    return [re.sub(r"IN \([0-9,]+\)", "IN (ids)", q) for q in queries]


async def page_queries(client: Any, token: str, channel_id: str, limit: int) -> tuple[list[str], list[Any]]:
    with captured_queries() as queries:
        page = await ok(client, "GET", f"/api/channels/{channel_id}/messages?limit={limit}", token=token)
    assert len(page) == limit
    return queries, page


async def test_a_page_from_50_clan_wearing_authors_costs_no_more_statements(client):
    place = await verified(client)
    clan = await with_clan(client, place)
    await ok(
        client, "POST", f"/api/servers/{place.id}", {"systemChannelId": None}, place.owner.token
    )  # no join messages
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    authors = []
    for n in range(AUTHORS):
        author = await member()
        await ok(client, "POST", f"/api/servers/invites/{invite['code']}", token=author.token)
        await ok(client, "POST", "/api/users", {"font": n % 10}, author.token)
        await sent(client, author, place.general, f"message {n}")
        authors.append(author)
    viewer = place.owner.token
    await page_queries(client, viewer, place.general, AUTHORS)  # warm up what is built once per process

    bare, bare_page = await page_queries(client, viewer, place.general, AUTHORS)
    assert len({m["createdBy"]["id"] for m in bare_page}) == AUTHORS
    assert {m["createdBy"]["profile"]["clan"] for m in bare_page} == {None}
    for author in authors:
        await ok(client, "POST", "/api/users", {"clanServerId": place.id}, author.token)
    worn, worn_page = await page_queries(client, viewer, place.general, AUTHORS)
    assert [m["createdBy"]["profile"]["clan"] for m in worn_page] == [clan] * AUTHORS

    assert shape(without_id_lists(worn)) == shape(without_id_lists(bare))
    assert len([q for q in worn if "worn_clans" in q]) == 1
    one, _ = await page_queries(client, viewer, place.general, 1)
    assert len(one) == len(worn)  # (one author's profile is a prepared single-row lookup)
