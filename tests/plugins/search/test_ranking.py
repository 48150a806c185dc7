"""Ranking: the words as one phrase beat the same words scattered, newer wins ties, ``newest``
sorts by time alone; highlights point at the matched words; pages follow the cursor."""

from tests.plugins.messages.helpers import sent
from tests.plugins.search.helpers import searched
from tests.plugins.servers.helpers import community


def texts(body):
    return [result["message"]["content"] for result in body["results"]]


async def test_a_phrase_beats_scattered_words_and_newer_wins_ties(client):
    place = await community(client)
    owner = place.owner
    await sent(client, owner, place.general, "the blue whale sings")
    await sent(client, owner, place.general, "a whale swam under the blue moon")
    first_twin = await sent(client, owner, place.general, "blue whale")
    second_twin = await sent(client, owner, place.general, "blue whale")
    ranked = await searched(client, owner, "blue whale ", scope="server", serverId=place.id)
    assert [r["message"]["id"] for r in ranked["results"][:2]] == [second_twin["id"], first_twin["id"]]
    assert texts(ranked)[2:] == ["the blue whale sings", "a whale swam under the blue moon"]
    newest = await searched(client, owner, "blue whale ", scope="server", serverId=place.id, sort="newest")
    assert texts(newest) == ["blue whale", "blue whale", "a whale swam under the blue moon", "the blue whale sings"]


async def test_highlights_are_utf16_offsets_of_the_matched_words(client):
    place = await community(client)
    await sent(client, place.owner, place.general, "😀 Café au lait, CAFÉS and cafeteria")
    body = await searched(client, place.owner, "cafe", scope="server", serverId=place.id)
    [result] = body["results"]
    content = result["message"]["content"]
    utf16 = content.encode("utf-16-le")
    words = [utf16[start * 2 : end * 2].decode("utf-16-le") for start, end in result["highlights"]]
    assert words == ["Café", "CAFÉS", "cafeteria"]  # the last word typed is a prefix
    assert body["channels"] == {
        place.general: {"id": place.general, "name": "General", "type": 1, "serverId": place.id}
    }


async def test_pages_follow_the_cursor_in_both_sorts(client):
    place = await community(client)
    for n in range(7):
        await sent(client, place.owner, place.general, f"page item {n}")
    for sort in ("relevance", "newest"):
        seen, cursor = [], None
        while True:
            body = await searched(
                client, place.owner, "item", scope="server", serverId=place.id, sort=sort, limit=3, cursor=cursor
            )
            seen += texts(body)
            cursor = body["cursor"]
            if cursor is None:
                break
        assert seen == [f"page item {n}" for n in reversed(range(7))], sort
