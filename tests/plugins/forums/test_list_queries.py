"""A page of a forum's posts costs a fixed number of statements however many posts it holds and
tags they carry (no N+1 on the list every visit of a forum loads)."""

from tests.contracts.queries import captured_queries, shape
from tests.plugins.forums.helpers import forum, post, tag
from tests.plugins.servers.helpers import community
from tests.plugins.threads.helpers import tok


async def test_a_bigger_page_costs_no_more_queries(live_client):
    place = await community(live_client)
    small, big = await forum(live_client, place, "small"), await forum(live_client, place, "big")
    small_tag = await tag(live_client, place, small, "bug")
    big_tags = [await tag(live_client, place, big, f"t{i}") for i in range(3)]
    await post(live_client, place.owner, small, "only one", [small_tag])
    for index in range(8):
        await post(live_client, place.owner, big, f"post {index}", big_tags)

    async def list_queries(forum_id: str) -> list[str]:
        with captured_queries() as queries:
            page = await tok(live_client, "GET", f"/api/forums/{forum_id}/posts", token=place.owner.token)
        assert page["posts"]
        return queries

    await list_queries(small)  # warm caches
    assert shape(await list_queries(big)) == shape(await list_queries(small))
