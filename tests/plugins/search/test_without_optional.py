"""Search without its optional plugins, and Hearth without search. Without friends (and so group
DMs) nobody is blocked and no group is searched; without the inbox (and so group DMs) the DM scope
is empty; without threads a caller asking for them finds the server's channels only. Without
search itself its route is not there and the reference's one-channel search scans as before."""

from tests.plugins.messages.helpers import error, sent
from tests.plugins.search.helpers import contents, search_call
from tests.plugins.servers.helpers import community, join
from tests.support import call


async def enabled(client):
    status, body = await call(client, "GET", "/api/plugins")
    assert status == 200, body
    return {plugin["id"] for plugin in body["plugins"]}


async def test_without_friends_servers_are_searched_and_nobody_is_blocked(client_without):
    client = await client_without("friends")
    assert {"search", "servers"} <= await enabled(client) and not {"friends", "group_dms"} & await enabled(client)
    place = await community(client)
    ada = await join(client, place)
    await sent(client, place.owner, place.general, "lantern festival")
    assert await contents(client, ada, "lantern", features="search,group_dms", scope="all") == ["lantern festival"]


async def test_without_the_inbox_the_dm_scope_is_empty(client_without):
    client = await client_without("inbox")
    assert not {"inbox", "group_dms"} & await enabled(client)
    place = await community(client)
    await sent(client, place.owner, place.general, "harbour lights")
    assert await contents(client, place.owner, "harbour", scope="dms") == []
    assert await contents(client, place.owner, "harbour", scope="all") == ["harbour lights"]


async def test_without_threads_a_caller_asking_for_them_searches_the_channels(client_without):
    client = await client_without("threads")
    assert "threads" not in await enabled(client)
    place = await community(client)
    await sent(client, place.owner, place.general, "orchard walk")
    assert await contents(
        client, place.owner, "orchard", features="search,threads", scope="server", serverId=place.id
    ) == ["orchard walk"]


async def test_without_search_its_route_is_gone_and_the_reference_search_scans(client_without):
    client = await client_without("search")
    assert "search" not in await enabled(client)
    place = await community(client)
    await sent(client, place.owner, place.general, "the big red dog")
    await sent(client, place.owner, place.general, "a small cat")
    assert await search_call(client, place.owner, "dog") == (404, error("Not found."))
    status, page = await call(
        client, "GET", f"/api/channels/{place.general}/messages/search?query=big%20red%20d", token=place.owner.token
    )
    assert (status, [m["content"] for m in page]) == (200, ["the big red dog"])
