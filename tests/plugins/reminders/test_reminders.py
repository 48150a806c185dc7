"""Reminders on messages (rest.md §11)."""

import asyncio
import time

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.support import at_once, call

SOON = int(time.time() * 1000) + 3_600_000


async def test_add_update_remove_reach_only_the_owner(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, bob, channel_id, "call mum")
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    status, reminder = await call(
        live_client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token
    )
    assert status == 200
    assert reminder["remindAt"] == SOON and reminder["channelId"] == channel_id
    assert reminder["message"]["content"] == "call mum" and reminder["post"] is None
    assert await alice_socket.wait_for("user:reminder_add") == reminder
    later = SOON + 60_000
    status, updated = await call(
        live_client, "POST", f"/api/reminders/{reminder['id']}", {"timestamp": later}, token=alice.token
    )
    assert status == 200 and updated["remindAt"] == later
    assert (await alice_socket.wait_for("user:reminder_update"))["remindAt"] == later
    status, removed = await call(live_client, "DELETE", f"/api/reminders/{reminder['id']}", token=alice.token)
    assert status == 200 and removed["messageId"] == message["id"] and removed["remindAt"] == later
    assert await alice_socket.wait_for("user:reminder_remove") == {"id": reminder["id"]}
    await sent(live_client, alice, channel_id, "barrier")
    await bob_socket.wait_for("message:created")
    assert not any(event.startswith("user:reminder") for event, _ in bob_socket.events)


async def test_reminders_are_in_the_authenticated_payload(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, bob, channel_id, "x")
    await call(
        live_client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token
    )
    probe = await sockets(alice.token)
    reminders = probe.received("user:authenticated")[0]["user"]["reminders"]
    assert [r["message"]["id"] for r in reminders] == [message["id"]]


async def test_bad_input_and_limits(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, bob, channel_id, "x")
    assert await call(client, "POST", "/api/reminders", {"timestamp": SOON}, token=alice.token) == (
        400,
        "postId or messageId is required.",
    )
    assert await call(client, "POST", "/api/reminders", {"messageId": message["id"]}, token=alice.token) == (
        400,
        error("timestamp is required.", "timestamp"),
    )
    assert await call(
        client, "POST", "/api/reminders", {"timestamp": "soon", "messageId": message["id"]}, token=alice.token
    ) == (400, error("Invalid timestamp.", "timestamp"))
    assert await call(
        client,
        "POST",
        "/api/reminders",
        {"timestamp": SOON, "messageId": message["id"], "postId": "1"},
        token=alice.token,
    ) == (400, error("messageId and postId cannot be used together."))
    assert await call(client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": "1"}, token=alice.token) == (
        400,
        error("Message not found!"),
    )
    assert (
        await call(client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token)
    )[0] == 200
    assert await call(
        client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token
    ) == (400, error("Reminder already exists!"))
    for n in range(9):
        other = await sent(client, bob, channel_id, f"m{n}")
        assert (
            await call(
                client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": other["id"]}, token=alice.token
            )
        )[0] == 200
    extra = await sent(client, bob, channel_id, "eleventh")
    assert await call(
        client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": extra["id"]}, token=alice.token
    ) == (400, error("You already created the maximum amount of reminders!"))


async def test_strangers_cannot_remind_themselves_of_private_messages_or_touch_others_reminders(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, bob, channel_id, "secret")
    eve = await member()
    assert await call(
        client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=eve.token
    ) == (403, error("You are not a member of this channel."))
    _, reminder = await call(
        client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token
    )
    assert await call(client, "DELETE", f"/api/reminders/{reminder['id']}", token=eve.token) == (
        400,
        error("Something went wrong. Try again later."),
    )
    assert await call(client, "GET", "/api/reminders", token=eve.token) == (200, [])
    assert await call(client, "GET", "/api/reminders") == (401, error("No token provided."))
    await asyncio.sleep(0)


async def test_reminders_added_at_once_stop_at_ten(client):
    alice, bob, channel_id = await dm_pair(client)
    messages = [await sent(client, bob, channel_id, f"m{n}") for n in range(12)]
    for message in messages[:8]:
        assert (
            await call(
                client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token
            )
        )[0] == 200
    answers = await at_once(
        *(
            call(client, "POST", "/api/reminders", {"timestamp": SOON, "messageId": message["id"]}, token=alice.token)
            for message in messages[8:]
        )
    )
    assert [status for status, _ in answers] == [200, 200, 400, 400]
    assert [body for _, body in answers[2:]] == [error("You already created the maximum amount of reminders!")] * 2
    assert len((await call(client, "GET", "/api/reminders", token=alice.token))[1]) == 10
