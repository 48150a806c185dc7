"""``GET /api/search/posts``: words and filters over the posts' index, ranked or newest first,
kept current on create, edit and delete, for opted-in callers only, with its bad inputs."""

import pytest

from tests.plugins.friends.helpers import error
from tests.plugins.posts.helpers import confirmed, post, uploaded_image
from tests.plugins.search.helpers import found_posts, post_search_call
from tests.plugins.servers.helpers import ok


async def test_words_find_posts_with_accents_and_case_folded_and_highlights(client):
    author, reader = await confirmed(), await confirmed()
    await post(client, author, "Le Café est OUVERT")
    await post(client, author, "nothing to see")
    assert await found_posts(client, reader, "cafe ouvert") == ["Le Café est OUVERT"]
    status, body = await post_search_call(client, reader, "CAFÉ")
    assert status == 200 and body["cursor"] is None
    [result] = body["results"]
    assert result["highlights"] == [[3, 7]]
    assert result["post"]["createdBy"]["id"] == author.id and result["post"]["deleted"] is False


async def test_the_last_word_is_a_prefix_while_typed_and_phrases_and_exclusions(client):
    author, reader = await confirmed(), await confirmed()
    await post(client, author, "the red dog barked")
    await post(client, author, "a dog that is red")
    assert sorted(await found_posts(client, reader, "bark")) == ["the red dog barked"]
    assert await found_posts(client, reader, "bark ") == []
    assert await found_posts(client, reader, '"red dog"') == ["the red dog barked"]
    assert await found_posts(client, reader, "dog -barked") == ["a dog that is red"]


async def test_an_edit_and_a_delete_change_what_is_found(client):
    author, reader = await confirmed(), await confirmed()
    made = await post(client, author, "meet at noon")
    await ok(client, "PATCH", f"/api/posts/{made['id']}", {"content": "meet at dusk"}, author.token)
    assert await found_posts(client, reader, "noon") == []
    assert await found_posts(client, reader, "dusk") == ["meet at dusk"]
    await ok(client, "DELETE", f"/api/posts/{made['id']}", token=author.token)
    assert await found_posts(client, reader, "dusk") == []


async def test_reposts_are_not_found_twice_and_replies_are_found(client):
    author, fan, reader = await confirmed(), await confirmed(), await confirmed()
    made = await post(client, author, "original thought")
    await ok(client, "POST", f"/api/posts/{made['id']}/repost", token=fan.token)
    await post(client, fan, "a thought in reply", postId=made["id"])
    assert sorted(await found_posts(client, reader, "thought")) == ["a thought in reply", "original thought"]


async def test_filters_from_has_mentions_and_dates(client):
    alice, bob, reader = await confirmed(), await confirmed(), await confirmed()
    await post(client, alice, "garden news")
    await post(client, bob, "garden pictures", nerimityCdnFileId=await uploaded_image(client, bob))
    await post(client, bob, f"garden tips for [@:{alice.id}] https://example.com")
    await post(client, bob, "garden vote", poll={"choices": ["yes", "no"]})
    assert sorted(await found_posts(client, reader, f"garden from:{alice.username}")) == ["garden news"]
    assert await found_posts(client, reader, "garden has:image") == ["garden pictures"]
    assert await found_posts(client, reader, "garden has:file") == ["garden pictures"]
    assert await found_posts(client, reader, "has:link") == [f"garden tips for [@:{alice.id}] https://example.com"]
    assert await found_posts(client, reader, "has:poll") == ["garden vote"]
    assert await found_posts(client, reader, f"mentions:{alice.id}") == [
        f"garden tips for [@:{alice.id}] https://example.com"
    ]
    assert await found_posts(client, reader, "garden from:nobody_at_all") == []
    assert await found_posts(client, reader, "garden before:2020-01-01") == []
    assert len(await found_posts(client, reader, "garden after:2020-01-01")) == 4
    # a channel and a pin mean nothing to a post: ignored, not refused
    assert len(await found_posts(client, reader, "garden in:general pinned:true")) == 4


async def test_relevance_puts_the_phrase_first_and_newest_sorts_by_time(client):
    author, reader = await confirmed(), await confirmed()
    scattered = await post(client, author, "blue sky, and later a whale")
    phrase = await post(client, author, "a blue whale")
    newest = await post(client, author, "whale then blue")
    ranked = await found_posts(client, reader, "blue whale ")
    assert ranked[0] == phrase["content"]
    assert await found_posts(client, reader, "blue whale ", sort="newest") == [
        newest["content"],
        phrase["content"],
        scattered["content"],
    ]


async def test_pages_follow_the_cursor_to_the_end(client):
    author, reader = await confirmed(), await confirmed()
    for n in range(5):
        await post(client, author, f"page test {n}")
    for sort in ("relevance", "newest"):
        seen, cursor = [], None
        while True:
            status, body = await post_search_call(client, reader, "page test ", sort=sort, limit=2, cursor=cursor)
            assert status == 200, body
            assert len(body["results"]) <= 2
            seen += [result["post"]["content"] for result in body["results"]]
            cursor = body["cursor"]
            if cursor is None:
                break
        assert sorted(seen) == [f"page test {n}" for n in range(5)], sort


async def test_a_protocol_client_that_did_not_opt_in_finds_no_route(client):
    author = await confirmed()
    await post(client, author, "hello")
    for features in (None, "threads"):
        assert await post_search_call(client, author, "hello", features=features) == (404, error("Not found."))
    response = await client.get("/api/search/posts?q=hello", headers={"X-Hearth-Features": "search"})
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("params", "message", "path"),
    [
        ({"q": ""}, "Type something to search for.", "q"),
        ({"q": "in:general"}, "Type something to search for.", "q"),
        ({"q": "x" * 201}, "q must be at most 200 characters long.", "q"),
        ({"q": " ".join(["w"] * 17)}, "A search may hold at most 16 words.", "q"),
        ({"q": "has:video"}, "has: must be one of link, file, image, embed, poll.", "q"),
        ({"q": "during:someday"}, "during: must be a date like 2026-01-31.", "q"),
        ({"q": "from:"}, "from: needs a value.", "q"),
        ({"q": "hi", "sort": "oldest"}, "sort must be one of relevance, newest.", "sort"),
        ({"q": "hi", "limit": "0"}, "limit must be a number from 1 to 50.", "limit"),
        ({"q": "hi", "limit": "51"}, "limit must be a number from 1 to 50.", "limit"),
        ({"q": "hi", "limit": "ten"}, "limit must be a number from 1 to 50.", "limit"),
        ({"q": "hi", "cursor": "o9999"}, "Invalid cursor.", "cursor"),
        ({"q": "hi", "cursor": "b123"}, "Invalid cursor.", "cursor"),
        ({"q": "hi", "sort": "newest", "cursor": "bxyz"}, "Invalid cursor.", "cursor"),
    ],
)
async def test_bad_input_is_refused_with_its_reason(client, params, message, path):
    person = await confirmed()
    q = params.pop("q")
    assert await post_search_call(client, person, q, **params) == (400, error(message, path))
