"""GIF search (rest.md §16) against a local fake Tenor v2 provider: the reference's shapes, its
403 with an empty body whenever the provider is missing or fails, bad input, the cache, the
rate limits, and callers who may not search."""

import asyncio

import pytest

from tests.plugins.gifs.fake_provider import API_KEY
from tests.plugins.messages.helpers import error, member
from tests.support import call


@pytest.fixture
async def gifs_app(make_app, provider):
    app = make_app(**provider.settings())
    async with app.test_app():
        yield app


@pytest.fixture
async def searcher(gifs_app):
    return await member()


async def get(app, path, person=None):
    return await call(app.test_client(), "GET", path, token=person.token if person else None)


async def test_v2_search_gives_the_next_cursor_and_the_gifs(gifs_app, searcher, provider):
    status, body = await get(gifs_app, "/api/v2/tenor/search?query=happy%20cat", searcher)
    assert status == 200
    assert body["next"] == "4" and len(body["results"]) == 4  # the item without a gif format is dropped
    assert body["results"][0] == {
        "url": "https://tenor.example/view/happy-cat-0",
        "gifUrl": provider.media("happy-cat-0.gif"),
        "previewUrl": provider.media("happy-cat-0-tiny.gif"),
        "previewWidth": 15,
        "previewHeight": 10,
    }
    [sent] = provider.calls
    assert (sent["path"], sent["q"], sent["key"], sent["contentfilter"]) == (
        "/v2/search",
        "happy cat",
        API_KEY,
        "medium",
    )
    assert int(sent["limit"]) == 30 and "pos" not in sent

    status, body = await get(gifs_app, "/api/v2/tenor/search?query=happy%20cat&pos=4", searcher)
    assert status == 200 and body["next"] == "8" and body["results"][0]["url"].endswith("happy-cat-4")
    assert provider.calls[-1]["pos"] == "4"


async def test_v1_search_answers_the_bare_list(gifs_app, searcher, provider):
    status, body = await get(gifs_app, "/api/tenor/search?query=dance", searcher)
    assert status == 200 and isinstance(body, list) and len(body) == 4
    assert set(body[0]) == {"url", "gifUrl", "previewUrl", "previewWidth", "previewHeight"}


async def test_categories_are_the_trending_ones_with_the_high_filter(gifs_app, searcher, provider):
    status, body = await get(gifs_app, "/api/tenor/categories", searcher)
    assert status == 200
    assert [c["searchterm"] for c in body] == ["happy", "dance", "thumbs up"]
    assert body[0] == {
        "searchterm": "happy",
        "name": "#happy",
        "image": provider.media("happy.gif"),
        "path": "/v2/search?q=happy&locale=en&component=categories&contentfilter=high",
    }
    [sent] = provider.calls
    assert (sent["path"], sent["type"], sent["contentfilter"]) == ("/v2/categories", "trending", "high")


async def test_answers_are_cached_per_query_and_cursor(gifs_app, searcher, provider):
    for _ in range(3):
        assert (await get(gifs_app, "/api/v2/tenor/search?query=Cats", searcher))[0] == 200
        assert (await get(gifs_app, "/api/tenor/search?query=cats", searcher))[0] == 200
        assert (await get(gifs_app, "/api/tenor/categories", searcher))[0] == 200
    assert provider.count("/v2/search") == 1 and provider.count("/v2/categories") == 1
    assert (await get(gifs_app, "/api/v2/tenor/search?query=cats&pos=4", searcher))[0] == 200
    assert (await get(gifs_app, "/api/v2/tenor/search?query=dogs", searcher))[0] == 200
    assert provider.count("/v2/search") == 3


async def test_identical_searches_at_once_share_one_fetch(gifs_app, searcher, provider):
    provider.mode = "slow"  # held until released below
    asking = [asyncio.ensure_future(get(gifs_app, "/api/v2/tenor/search?query=together", searcher)) for _ in range(3)]
    for _ in range(200):
        if provider.calls:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    provider.release.set()
    answers = await asyncio.gather(*asking)
    assert [status for status, _ in answers] == [200, 200, 200] and answers[0] == answers[2]
    assert provider.count("/v2/search") == 1


async def test_the_cache_expires_and_stays_bounded(make_app, provider):
    app = make_app(**provider.settings(**{"gifs.cache_seconds": 0, "gifs.cache_entries": 2}))
    async with app.test_app():
        person = await member()
        for query in ("a", "a", "b", "c"):
            assert (await get(app, f"/api/v2/tenor/search?query={query}", person))[0] == 200
        assert provider.count("/v2/search") == 4
        assert len(app.extensions["gifs"].cache) == 2


@pytest.mark.parametrize(
    "query, message",
    [
        ("", "Query is required."),
        ("?query=", "Query is required."),
        ("?query=%20%20", "Query is required."),
        ("?query=" + "x" * 101, "Query must be between 1 and 100 characters long."),
    ],
)
async def test_a_missing_or_too_long_query(gifs_app, searcher, provider, query, message):
    for path in ("/api/tenor/search", "/api/v2/tenor/search"):
        assert await get(gifs_app, path + query, searcher) == (400, error(message, "query"))
    assert provider.calls == []


async def test_a_too_long_cursor(gifs_app, searcher, provider):
    assert await get(gifs_app, "/api/v2/tenor/search?query=a&pos=" + "1" * 201, searcher) == (
        400,
        error("Invalid pos.", "pos"),
    )
    assert provider.calls == []


async def test_signed_out_callers_and_bad_tokens_may_not_search(gifs_app, provider):
    for path in ("/api/tenor/categories", "/api/tenor/search?query=a", "/api/v2/tenor/search?query=a"):
        assert await get(gifs_app, path) == (401, error("No token provided."))
        status, body = await call(gifs_app.test_client(), "GET", path, token="not-a-token")
        assert (status, body) == (401, error("Invalid token."))
    assert provider.calls == []


async def test_bots_may_not_search(gifs_app, provider):
    from tests.plugins.applications.helpers import new_bot

    bot = await new_bot(gifs_app.test_client())
    for path in ("/api/tenor/categories", "/api/v2/tenor/search?query=a"):
        status, body = await call(gifs_app.test_client(), "GET", path, token=bot.token)
        assert (status, body) == (401, error("Bots are not allowed to use this route."))
    assert provider.calls == []


async def test_not_configured_answers_403_with_an_empty_body(make_app, provider):
    app = make_app()  # no api_key: GIF search is off
    async with app.test_app():
        person = await member()
        for path in ("/api/tenor/categories", "/api/tenor/search?query=a", "/api/v2/tenor/search?query=a"):
            assert await get(app, path, person) == (403, "")
        # bad input is still bad input
        assert await get(app, "/api/v2/tenor/search", person) == (400, error("Query is required.", "query"))
    assert provider.calls == []


async def test_an_unknown_provider_is_off(make_app, provider):
    app = make_app(**provider.settings(**{"gifs.provider": "giphy"}))
    async with app.test_app():
        person = await member()
        assert await get(app, "/api/v2/tenor/search?query=a", person) == (403, "")
    assert provider.calls == []


@pytest.mark.parametrize("mode", ["down", "garbage", "odd"])
async def test_a_failing_provider_answers_403_with_an_empty_body_and_is_asked_again(gifs_app, searcher, provider, mode):
    provider.mode = mode
    for path in ("/api/tenor/categories", "/api/v2/tenor/search?query=a", "/api/tenor/search?query=a"):
        assert await get(gifs_app, path, searcher) == (403, "")
    provider.mode = "ok"  # failures are not cached
    assert (await get(gifs_app, "/api/v2/tenor/search?query=a", searcher))[0] == 200
    assert (await get(gifs_app, "/api/tenor/categories", searcher))[0] == 200


async def test_a_slow_provider_times_out_into_403(make_app, provider):
    provider.mode = "slow"
    app = make_app(**provider.settings(**{"gifs.timeout_seconds": 0.5}))
    async with app.test_app():
        person = await member()
        assert await get(app, "/api/v2/tenor/search?query=a", person) == (403, "")


async def test_a_provider_that_is_not_listening(make_app, provider):
    app = make_app(**provider.settings(**{"gifs.base_url": "http://127.0.0.1:9"}))
    async with app.test_app():
        person = await member()
        assert await get(app, "/api/tenor/categories", person) == (403, "")


async def test_rate_limits_as_the_reference_search_routes_share_a_bucket(make_app, provider):
    app = make_app(**provider.settings(**{"rate_limits.enabled": True}))
    async with app.test_app():
        ada, bob = await member(), await member()
        statuses = [(await get(app, f"/api/{'v2/' if n % 2 else ''}tenor/search?query=a", ada))[0] for n in range(21)]
        assert statuses == [200] * 20 + [429]
        status, body = await get(app, "/api/v2/tenor/search?query=a", ada)
        assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 60_000
        # another person, and another bucket, are not affected
        assert (await get(app, "/api/v2/tenor/search?query=a", bob))[0] == 200
        categories = [(await get(app, "/api/tenor/categories", ada))[0] for _ in range(21)]
        assert categories == [200] * 20 + [429]
