"""Poll votes and pinned posts (rest.md §7.20–7.22)."""

from __future__ import annotations

from plugins.posts.models import PostPin, PostPollVote
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.posts.helpers import confirmed, get, post
from tests.support import at_once, call, new_person


async def vote(client, person, created, choice_index=0, poll_id=None, choice_id=None):
    poll = created["poll"]
    poll_id = poll_id or poll["id"]
    choice_id = choice_id or poll["choices"][choice_index]["id"]
    return await call(
        client, "POST", f"/api/posts/{created['id']}/polls/{poll_id}/choices/{choice_id}", token=person.token
    )


async def test_vote_once_and_see_the_results(client):
    me, a, b = await confirmed(), await new_person(), await new_person()
    created = await post(client, me, "which?", poll={"choices": ["tea", "coffee"]})
    assert await vote(client, a, created, 1) == (200, {"success": True})
    assert await vote(client, b, created, 1) == (200, {"success": True})
    seen = (await get(client, a, f"/api/posts/{created['id']}"))["poll"]
    assert seen["_count"] == {"votedUsers": 2}
    assert [c["_count"]["votedUsers"] for c in seen["choices"]] == [0, 2]
    assert seen["votedUsers"] == [{"pollChoiceId": created["poll"]["choices"][1]["id"]}]
    assert (await get(client, me, f"/api/posts/{created['id']}"))["poll"]["votedUsers"] == []


async def test_vote_refusals(client):
    me, them = await confirmed(), await confirmed()
    created = await post(client, them, "which?", poll={"choices": ["tea", "coffee"]})
    other = await post(client, them, "other", poll={"choices": ["x"]})
    assert await vote(client, me, created, poll_id="123") == (403, error("Poll not found."))
    assert await vote(client, me, created, poll_id=other["poll"]["id"]) == (403, error("Poll not found."))
    assert await vote(client, me, created, choice_id=other["poll"]["choices"][0]["id"]) == (
        403,
        error("Poll not found."),
    )
    assert await vote(client, me, created, choice_id="nope") == (403, error("Poll not found."))
    await vote(client, me, created, 0)
    assert await vote(client, me, created, 1) == (403, error("Already voted."))
    await block(client, them, me)
    assert await vote(client, me, other) == (403, error("You have been blocked by this user!"))
    assert await call(client, "POST", f"/api/posts/{created['id']}/polls/1/choices/1") == (
        401,
        error("No token provided."),
    )
    assert await PostPollVote.all().count() == 1


async def test_vote_rate_limit_is_5_per_20_seconds(client, limited):
    me = await confirmed()
    created = await post(client, me, "which?", poll={"choices": ["tea", "coffee"]})
    for n in range(5):
        assert (await vote(limited, me, created))[0] == (200 if n == 0 else 403)
    assert_limited(*await vote(limited, me, created), window_ms=20_000)


async def pin(client, person, post_id, method="POST"):
    return await call(client, method, f"/api/posts/{post_id}/pin", token=person.token)


async def test_pin_up_to_four_and_unpin(client):
    me, them = await confirmed(), await confirmed()
    mine = [await post(client, me, f"p{n}") for n in range(5)]
    for target in mine[:4]:
        assert await pin(client, me, target["id"]) == (200, {"success": True})
    assert await pin(client, me, mine[0]["id"]) == (400, error("Post is already pinned."))
    assert await pin(client, me, mine[4]["id"]) == (400, error("You can only pin up to 4 posts."))
    assert await pin(client, me, mine[0]["id"], "DELETE") == (200, {"success": True})
    assert await pin(client, me, mine[0]["id"], "DELETE") == (400, error("Post is not pinned."))
    assert await pin(client, me, mine[4]["id"]) == (200, {"success": True})
    theirs = await post(client, them, "theirs")
    assert await pin(client, me, theirs["id"]) == (400, error("Post not found."))
    assert await pin(client, me, "123") == (400, error("Post not found."))
    assert await pin(client, me, mine[4]["id"], "DELETE") == (200, {"success": True})
    assert await pin(client, them, mine[1]["id"], "DELETE") == (400, error("Post is not pinned."))
    assert await PostPin.filter(user_id=int(me.id)).count() == 3
    assert await call(client, "POST", f"/api/posts/{mine[0]['id']}/pin") == (401, error("No token provided."))


async def test_pinned_posts_come_with_the_profile(client):
    me, them = await confirmed(), await confirmed()
    pinned = await post(client, them, "pinned")
    await post(client, them, "latest")
    await pin(client, them, pinned["id"])
    profile = await get(client, me, f"/api/users/{them.id}?includePinnedPosts=true")
    assert [p["id"] for p in profile["pinnedPosts"]] == [pinned["id"]]
    assert "pinnedPosts" not in await get(client, me, f"/api/users/{them.id}")


async def test_pins_at_once_stop_at_four(client):
    me = await confirmed()
    mine = [await post(client, me, f"p{n}") for n in range(6)]
    for target in mine[:2]:
        await pin(client, me, target["id"])
    answers = await at_once(*(pin(client, me, target["id"]) for target in mine[2:]))
    assert [status for status, _ in answers] == [200, 200, 400, 400]
    assert [body for _, body in answers[2:]] == [error("You can only pin up to 4 posts.")] * 2
    assert await PostPin.filter(user_id=int(me.id)).count() == 4
