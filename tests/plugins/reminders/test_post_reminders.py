"""Reminders on posts (rest.md §11 ``postId``): the post comes from the posts plugin as its owner
would see it with ``GET /posts/:postId`` — deleted, or a stub once its author blocks them — and
reminders work without the posts plugin."""

from __future__ import annotations

import time

from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import block
from tests.plugins.messages.helpers import dm_pair, error, sent
from tests.plugins.posts.helpers import confirmed, post
from tests.support import call

SOON = int(time.time() * 1000) + 3_600_000
PATH = "/api/reminders"


async def remind(client, person, **ids):
    return await call(client, "POST", PATH, {"timestamp": SOON, **ids}, token=person.token)


async def test_a_post_reminder_reaches_only_its_owner(live_client, sockets):
    client = live_client
    me, author = await confirmed(), await confirmed()
    theirs = await post(client, author, "read this later", poll={"choices": ["a", "b"]})
    mine, authors = await sockets(me.token), await sockets(author.token)

    status, reminder = await remind(client, me, postId=theirs["id"])
    assert status == 200
    assert (reminder["channelId"], reminder["message"], reminder["remindAt"]) == (None, None, SOON)
    assert reminder["post"]["id"] == theirs["id"] and reminder["post"]["content"] == "read this later"
    assert reminder["post"]["poll"]["choices"][1]["content"] == "b"
    assert await mine.wait_for("user:reminder_add") == reminder
    assert await call(client, "GET", PATH, token=me.token) == (200, [reminder])
    later = SOON + 60_000
    status, updated = await call(client, "POST", f"{PATH}/{reminder['id']}", {"timestamp": later}, token=me.token)
    assert status == 200 and updated["post"]["id"] == theirs["id"] and updated["remindAt"] == later
    status, removed = await call(client, "DELETE", f"{PATH}/{reminder['id']}", token=me.token)
    assert status == 200
    assert (removed["postId"], removed["messageId"], removed["channelId"]) == (theirs["id"], None, None)
    assert await mine.wait_for("user:reminder_remove") == {"id": reminder["id"]}
    await ping(client, author, authors)
    assert not any(event.startswith("user:reminder") for event, _ in authors.events)

    await remind(client, me, postId=theirs["id"])
    fresh = await sockets(me.token)
    [listed] = fresh.received("user:authenticated")[0]["user"]["reminders"]
    assert listed["post"]["id"] == theirs["id"]


async def test_which_posts_may_be_reminded_of(client):
    me, author, blocker = [await confirmed() for _ in range(3)]
    theirs = await post(client, author, "fine")
    gone = await post(client, author, "gone")
    await call(client, "DELETE", f"/api/posts/{gone['id']}", token=author.token)
    blockers = await post(client, blocker, "not for you")
    await block(client, blocker, me)

    for missing in ("123", "abc", gone["id"]):
        assert await remind(client, me, postId=missing) == (400, error("Post not found!"))
    assert await remind(client, me, postId=blockers["id"]) == (400, error("You have been blocked by this user!"))
    assert await remind(client, me, postId=theirs["id"], messageId="1") == (
        400,
        error("messageId and postId cannot be used together."),
    )
    assert (await remind(client, me, postId=theirs["id"]))[0] == 200
    assert await remind(client, me, postId=theirs["id"]) == (400, error("Reminder already exists!"))
    assert (await remind(client, author, postId=theirs["id"]))[0] == 200  # one each
    for n in range(9):
        more = await post(client, author, f"more {n}")
        assert (await remind(client, me, postId=more["id"]))[0] == 200
    last = await post(client, author, "the eleventh")
    assert await remind(client, me, postId=last["id"]) == (
        400,
        error("You already created the maximum amount of reminders!"),
    )
    assert await call(client, "GET", PATH, token=blocker.token) == (200, [])


async def test_a_reminded_post_shows_what_happens_to_it(client):
    me, author = await confirmed(), await confirmed()
    deleted, blocked = await post(client, author, "deleted later"), await post(client, author, "blocked later")
    for target in (deleted, blocked):
        assert (await remind(client, me, postId=target["id"]))[0] == 200
    await call(client, "DELETE", f"/api/posts/{deleted['id']}", token=author.token)
    status, reminders = await call(client, "GET", PATH, token=me.token)
    by_post = {r["post"]["id"]: r["post"] for r in reminders}
    assert (by_post[deleted["id"]]["deleted"], by_post[deleted["id"]]["content"]) == (True, None)
    assert by_post[blocked["id"]]["content"] == "blocked later"

    await block(client, author, me)
    status, reminders = await call(client, "GET", PATH, token=me.token)
    stub = next(r["post"] for r in reminders if r["post"]["id"] == blocked["id"])
    assert stub["block"] is True and "content" not in stub
    assert len(reminders) == 2  # still counted and deletable


async def test_reminders_without_the_posts_plugin(make_app):
    app = make_app(**{"plugins.disabled": ["posts"]})
    async with app.test_app():
        client = app.test_client()
        alice, bob, channel_id = await dm_pair(client)
        message = await sent(client, bob, channel_id, "still works")
        assert await remind(client, alice, postId="123") == (400, error("Post not found!"))
        status, reminder = await remind(client, alice, messageId=message["id"])
        assert status == 200 and reminder["post"] is None and reminder["message"]["id"] == message["id"]
