"""GET /api/users/search?q= (rest.md §1.26)."""

from __future__ import annotations

from core.identity.models import User
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.social.helpers import confirmed, follow
from tests.support import call, new_person


async def search(client, person, q):
    status, body = await call(client, "GET", "/api/users/search", token=person.token, query_string={"q": q})
    assert status == 200, body
    return body


async def test_results_have_the_search_shape(client):
    me = await new_person(username="seeker")
    target = await new_person(username="Findable")
    (found,) = await search(client, me, "findab")
    assert found == {
        "id": target.id,
        "username": "Findable",
        "tag": target.tag,
        "avatar": None,
        "hexColor": found["hexColor"],
        "badges": 0,
    }
    assert found["hexColor"].startswith("#")


async def test_people_you_follow_come_first_then_others_by_username_descending(client):
    me = await confirmed(username="zzsearcher")
    names = ["match_a", "match_b", "match_c", "match_d"]
    people = {name: await new_person(username=name) for name in names}
    await follow(client, me, people["match_a"].id)
    await follow(client, me, people["match_c"].id)
    assert [u["username"] for u in await search(client, me, "MATCH")] == ["match_c", "match_a", "match_d", "match_b"]


async def test_at_most_ten(client):
    me = await confirmed(username="counter")
    people = [await new_person(username=f"crowd{n:02d}") for n in range(12)]
    await follow(client, me, people[0].id)
    found = [u["username"] for u in await search(client, me, "crowd")]
    assert found == ["crowd00", *[f"crowd{n:02d}" for n in range(11, 2, -1)]]


async def test_blocks_either_way_hide_people_but_you_stay(client):
    me = await new_person(username="hideme")
    blocked_by_me = await new_person(username="hidea")
    blocked_me = await new_person(username="hideb")
    visible = await new_person(username="hidec")
    await block(client, me, blocked_by_me)
    await block(client, blocked_me, me)
    assert [u["id"] for u in await search(client, me, "hide")] == [me.id, visible.id]


async def test_deleted_accounts_are_not_found_but_bots_are(client):
    me = await new_person(username="looker")
    ghost = await new_person(username="ghostly")
    await User.filter(id=int(ghost.id)).update(deleted=True)
    bot = await User.create(username="ghostbot", tag="b0t1", bot=True)
    assert [u["id"] for u in await search(client, me, "ghost")] == [str(bot.id)]


async def test_wildcards_are_literal(client):
    me = await new_person(username="wildcat")
    await new_person(username="per%cent")
    await new_person(username="under_score")
    assert [u["username"] for u in await search(client, me, "%")] == ["per%cent"]
    assert [u["username"] for u in await search(client, me, "_")] == ["under_score"]


async def test_an_empty_query_finds_nobody(client):
    me = await new_person()
    assert await search(client, me, "") == []
    status, body = await call(client, "GET", "/api/users/search", token=me.token)
    assert (status, body) == (200, [])


async def test_search_wins_over_a_profile_lookup(client):
    me = await new_person()
    status, body = await call(client, "GET", "/api/users/search?q=x", token=me.token)
    assert status == 200 and isinstance(body, list)


async def test_needs_a_user_token(client):
    assert await call(client, "GET", "/api/users/search?q=a") == (401, error("No token provided."))


async def test_rate_limit_is_15_per_minute(client, limited):
    me = await new_person()
    for _ in range(15):
        assert (await call(limited, "GET", "/api/users/search?q=a", token=me.token))[0] == 200
    assert_limited(*await call(limited, "GET", "/api/users/search?q=a", token=me.token), window_ms=60_000)
