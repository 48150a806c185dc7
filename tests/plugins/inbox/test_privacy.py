"""Who may message whom (entities.md §5.5): blocks and dmStatus, with the reference's codes."""

import pytest

from core.identity.models import Account
from tests.plugins.messages.helpers import dm_pair, error, send, sent
from tests.support import call, new_person

MESSAGES = {
    "NOT_FRIENDS_REQUESTER": "Your privacy settings does not allow you to message this user because you are not friends with them.",
    "NOT_FRIENDS_RECIPIENT": "This users privacy settings does not allow you to message this user because you are not friends with them.",
    "NOT_FRIENDS_AND_SERVERS_REQUESTER": "Your privacy settings does not allow you to message this user because you are not friends with them and you do not share a server with them.",
    "NOT_FRIENDS_AND_SERVERS_RECIPIENT": "This users privacy settings does not allow you to message this user because you are not friends with them and you do not share a server with them.",
}


async def set_dm_status(person, status):
    await Account.filter(user_id=int(person.id)).update(dm_status=status)


@pytest.mark.parametrize(
    "sender_status, recipient_status, code",
    [
        (2, 0, "NOT_FRIENDS_REQUESTER"),
        (0, 2, "NOT_FRIENDS_RECIPIENT"),
        (1, 0, "NOT_FRIENDS_AND_SERVERS_REQUESTER"),
        (0, 1, "NOT_FRIENDS_AND_SERVERS_RECIPIENT"),
    ],
)
async def test_privacy_settings_refuse_strangers_with_a_code(client, sender_status, recipient_status, code):
    alice, bob, channel_id = await dm_pair(client)
    await set_dm_status(alice, sender_status)
    await set_dm_status(bob, recipient_status)
    assert await send(client, alice, channel_id, "hi") == (400, error(MESSAGES[code], code=code))


async def test_friends_may_message_whatever_their_privacy(client):
    alice, bob, channel_id = await dm_pair(client)
    await set_dm_status(bob, 2)
    status, body = await call(
        client, "POST", "/api/friends/add", {"username": bob.username, "tag": bob.tag}, token=alice.token
    )
    assert status == 200, body
    assert (await call(client, "POST", f"/api/friends/{alice.id}", token=bob.token))[0] == 200
    assert (await send(client, alice, channel_id, "hello friend"))[0] == 200


async def test_blocks_stop_messages_both_ways(client):
    alice, bob, channel_id = await dm_pair(client)
    await open_other_side(client, bob, alice)
    assert (await call(client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 200
    assert await send(client, alice, channel_id, "hi") == (
        400,
        error("You have blocked this user.", code="BLOCKED_BY_REQUESTER"),
    )
    assert await send(client, bob, channel_id, "hi") == (
        400,
        error("You cannot message this user.", code="BLOCKED_BY_RECIPIENT"),
    )
    assert (await call(client, "DELETE", f"/api/users/{bob.id}/block", token=alice.token))[0] == 200
    await sent(client, bob, channel_id, "hello again")


async def open_other_side(client, person, other):
    status, _ = await call(client, "POST", f"/api/users/{other.id}/open-channel", token=person.token)
    assert status == 200


async def test_unconfirmed_email_cannot_send(client):

    alice, bob = await new_person(), await new_person()
    status, inbox = await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=alice.token)
    assert await send(client, alice, inbox["channelId"], "hi") == (
        400,
        error("You must confirm your email to send messages."),
    )
