"""``GET /api/search/messages``: only for callers that name the feature, and its bad inputs."""

import pytest

from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.search.helpers import search_call
from tests.plugins.servers.helpers import community


async def test_a_protocol_client_that_did_not_opt_in_finds_no_route(client):
    place = await community(client)
    await sent(client, place.owner, place.general, "hello")
    for features in (None, "threads", "searching"):
        assert await search_call(client, place.owner, "hello", features=features) == (404, error("Not found."))


async def test_a_caller_must_be_logged_in(client):
    response = await client.get("/api/search/messages?q=hello", headers={"X-Hearth-Features": "search"})
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("params", "message", "path"),
    [
        ({"q": ""}, "Type something to search for.", "q"),
        ({"q": "   "}, "Type something to search for.", "q"),
        ({"q": "x" * 201}, "q must be at most 200 characters long.", "q"),
        ({"q": " ".join(["w"] * 17)}, "A search may hold at most 16 words.", "q"),
        ({"q": "has:video"}, "has: must be one of link, file, image, embed, poll.", "q"),
        ({"q": "before:yesterday"}, "before: must be a date like 2026-01-31.", "q"),
        ({"q": "pinned:maybe"}, "pinned: must be true or false.", "q"),
        ({"q": "from:"}, "from: needs a value.", "q"),
        ({"q": "hi", "scope": "galaxy"}, "scope must be one of all, server, channel, dms.", "scope"),
        ({"q": "hi", "sort": "oldest"}, "sort must be one of relevance, newest.", "sort"),
        ({"q": "hi", "limit": "0"}, "limit must be a number from 1 to 50.", "limit"),
        ({"q": "hi", "limit": "51"}, "limit must be a number from 1 to 50.", "limit"),
        ({"q": "hi", "cursor": "o9999"}, "Invalid cursor.", "cursor"),
        ({"q": "hi", "cursor": "b123"}, "Invalid cursor.", "cursor"),
        ({"q": "hi", "scope": "server"}, "serverId is required for this scope.", "serverId"),
        ({"q": "hi", "scope": "channel"}, "channelId is required for this scope.", "channelId"),
    ],
)
async def test_bad_input_is_refused_with_its_reason(client, params, message, path):
    person = await member()
    q = params.pop("q")
    assert await search_call(client, person, q, **params) == (400, error(message, path))


async def test_a_server_or_channel_that_does_not_exist(client):
    person = await member()
    assert await search_call(client, person, "hi", scope="server", serverId="123") == (
        403,
        error("Server does not exist."),
    )
    assert await search_call(client, person, "hi", scope="channel", channelId="nope") == (
        403,
        error("Channel does not exist."),
    )
