"""What reaches a closed tab: DMs, mentions, friend requests and call rings, decrypted here with
the browser's keys; and what must not (your own messages, online users, muted channels)."""

from __future__ import annotations

import logging

from pywebpush import WebPusher

from core.identity.models import Session, User
from plugins.push.models import PushSubscription
from plugins.push.sender import sender_for
from plugins.push.vapid import vapid_keys
from tests.plugins.friends.helpers import request_friend
from tests.plugins.messages.helpers import dm_pair, member, open_dm, sent
from tests.plugins.push.conftest import Browser
from tests.plugins.push.helpers import decrypt, sent_out, subscribe
from tests.plugins.servers.helpers import community, join, ok


async def test_a_dm_to_an_offline_user_pushes_once(app, client, push_service):
    alice, bob, channel_id = await dm_pair(client)
    alice_browser, bob_browser = push_service.browser("alice"), push_service.browser("bob")
    await subscribe(client, alice, alice_browser)
    await subscribe(client, bob, bob_browser)
    await sent(client, alice, channel_id, f"hi [@:{bob.id}] there")
    await sent_out(app)
    assert push_service.to(alice_browser) == []  # not for your own message
    [received] = push_service.to(bob_browser)
    alice_name = (await User.get(id=int(alice.id))).username
    bob_name = (await User.get(id=int(bob.id))).username
    assert decrypt(bob_browser, received) == {
        "kind": "message",
        "title": alice_name,
        "body": f"hi @{bob_name} there",
        "url": f"/app/inbox/{channel_id}",
        "tag": f"channel-{channel_id}",
    }
    # Signed with the deployment's VAPID key, for the push service's origin.
    authorization = received.headers["authorization"]
    assert (
        authorization.startswith("vapid t=")
        and f"k={vapid_keys(app.extensions['hearth'].settings).public_key}" in authorization
    )
    assert int(received.headers["ttl"]) > 0


async def test_your_own_message_and_silent_messages_push_nothing(app, client, push_service):
    alice, bob, channel_id = await dm_pair(client)
    browser = push_service.browser("alice")
    await subscribe(client, alice, browser)
    await sent(client, alice, channel_id, "talking to myself")
    notes = await open_dm(client, alice, alice)
    await sent(client, alice, notes, "saved note")
    await sent(client, bob, channel_id, "psst", silent=True)
    await sent_out(app)
    assert push_service.received == []


async def test_no_push_to_a_user_with_a_live_socket(live_server, live_client, sockets, push_service):
    app = live_server.app.quart
    alice, bob, channel_id = await dm_pair(live_client)
    browser = push_service.browser("bob")
    await subscribe(live_client, bob, browser)
    probe = await sockets(bob.token)
    await sent(live_client, alice, channel_id, "you are here")
    await sent_out(app)
    assert push_service.received == []
    # Once the tab is closed, the next message is pushed.
    await probe.close()
    for _ in range(100):
        await sent(live_client, alice, channel_id, "and now?")
        await sent_out(app)
        if push_service.received:
            break
    assert decrypt(browser, push_service.received[0])["body"] == "and now?"


async def test_a_mention_in_a_server_pushes_and_a_muted_channel_does_not(app, client, push_service):
    place = await community(client)
    ada, bob = await join(client, place), await join(client, place)
    ada_browser, bob_browser = push_service.browser("ada"), push_service.browser("bob")
    await subscribe(client, ada, ada_browser)
    await subscribe(client, bob, bob_browser)
    # A message naming nobody notifies nobody; a mention notifies only whom it names, once.
    await sent(client, place.owner, place.general, "hello all")
    await sent(client, place.owner, place.general, f"[@:{ada.id}] look [@:{ada.id}]")
    await sent_out(app)
    assert push_service.to(bob_browser) == []
    [received] = push_service.to(ada_browser)
    payload = decrypt(ada_browser, received)
    assert payload["url"] == f"/app/servers/{place.id}/{place.general}"
    assert payload["body"].startswith("@") and payload["body"].endswith("look @" + payload["body"].split()[0][1:])
    # Ada mutes the channel: mentions there no longer reach her.
    await ok(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": place.general, "notificationPingMode": 2},
        ada.token,
    )
    await sent(client, place.owner, place.general, f"[@:{ada.id}] again")
    # Bob muted the whole server.
    await ok(client, "POST", "/api/users/notifications", {"serverId": place.id, "notificationPingMode": 2}, bob.token)
    await sent(client, place.owner, place.general, f"[@:{bob.id}] you too")
    await sent_out(app)
    assert len(push_service.to(ada_browser)) == 1
    assert push_service.to(bob_browser) == []


async def test_a_friend_request_pushes(app, client, push_service):
    ada, bob = await member(), await member()
    browser = push_service.browser("bob")
    await subscribe(client, bob, browser)
    status, body = await request_friend(client, ada, bob)
    assert status == 200, body
    await sent_out(app)
    [received] = push_service.to(browser)
    ada_name = (await User.get(id=int(ada.id))).username
    assert decrypt(browser, received) == {
        "kind": "friend_request",
        "title": "Friend request",
        "body": f"{ada_name} sent you a friend request.",
        "url": "/app/inbox",
        "tag": f"friend-{ada.id}",
    }


async def test_a_gone_subscription_is_deleted(app, client, push_service):
    alice, bob, channel_id = await dm_pair(client)
    gone, kept = push_service.browser("gone"), push_service.browser("kept")
    push_service.statuses["/push/gone"] = 410
    await subscribe(client, bob, gone)
    await subscribe(client, bob, kept)
    await sent(client, alice, channel_id, "one")
    await sent_out(app)
    assert len(push_service.to(gone)) == 1 and len(push_service.to(kept)) == 1
    assert await PushSubscription.filter(user_id=int(bob.id)).values_list("endpoint", flat=True) == [kept.endpoint]
    await sent(client, alice, channel_id, "two")
    await sent_out(app)
    assert len(push_service.to(gone)) == 1 and len(push_service.to(kept)) == 2


async def test_a_call_in_a_dm_rings_the_other_side(live_server, live_client, sockets, push_service):
    from tests.plugins.voice.helpers import join_voice

    app = live_server.app.quart
    alice, bob, channel_id = await dm_pair(live_client)
    alice_browser, bob_browser = push_service.browser("alice"), push_service.browser("bob")
    await subscribe(live_client, alice, alice_browser)
    await subscribe(live_client, bob, bob_browser)
    status, body = await join_voice(live_client, alice, channel_id, await sockets(alice.token))
    assert status == 200, body
    await sent_out(app)
    assert push_service.to(alice_browser) == []
    alice_name = (await User.get(id=int(alice.id))).username
    # The call's "started" system message is not a message push; the ring is.
    assert [decrypt(bob_browser, r) for r in push_service.to(bob_browser)] == [
        {
            "kind": "call",
            "title": "Incoming call",
            "body": f"{alice_name} is calling you.",
            "url": f"/app/inbox/{channel_id}",
            "tag": f"call-{channel_id}",
        }
    ]


async def _stored(person, browser):
    """A row as an older Hearth stored it, before the endpoint rules: written straight to the table."""
    keys = browser.subscription()["keys"]
    session = await Session.filter(user_id=int(person.id)).first()
    return await PushSubscription.create(
        user_id=int(person.id),
        session_id=session.id,
        endpoint=browser.endpoint,
        p256dh=keys["p256dh"],
        auth=keys["auth"],
    )


async def test_a_subscription_whose_endpoint_can_never_be_valid_is_dropped(app, client, push_service, caplog):
    caplog.set_level(logging.INFO, logger="hearth.push")
    alice, bob, channel_id = await dm_pair(client)
    kept = push_service.browser("kept")
    await subscribe(client, bob, kept)
    never = await _stored(bob, Browser("https://2130706433:18443/p"))
    await sent(client, alice, channel_id, "one")
    await sent_out(app)
    assert decrypt(kept, push_service.to(kept)[0])["body"] == "one"
    assert await PushSubscription.filter(user_id=int(bob.id)).values_list("endpoint", flat=True) == [kept.endpoint]
    assert f"push subscription {never.id} dropped: its endpoint can never be valid" in caplog.text
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_private_address_is_dropped_when_the_fetch_rules_forbid_it(make_app, push_service):
    app = make_app(**{"fetch.allow_private_networks": False})
    async with app.test_app():
        client = app.test_client()
        alice, bob, channel_id = await dm_pair(client)
        await _stored(bob, push_service.browser("bob"))  # http://127.0.0.1:<port>/push/bob
        await sent(client, alice, channel_id, "not for a loopback address")
        await sent_out(app)
        assert await PushSubscription.filter(user_id=int(bob.id)).count() == 0
    assert push_service.received == []


async def test_an_unexpected_error_is_logged_and_the_sender_goes_on(app, client, push_service, monkeypatch, caplog):
    alice, bob, channel_id = await dm_pair(client)
    broken, kept = push_service.browser("broken"), push_service.browser("kept")
    broken_row = await subscribe(client, bob, broken)
    await subscribe(client, bob, kept)
    real_send = WebPusher.send_async

    async def send_async(self, *args, **kwargs):
        if self.subscription_info["endpoint"] == broken.endpoint:
            raise RuntimeError("a bug in the push library")
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(WebPusher, "send_async", send_async)
    await sent(client, alice, channel_id, "one")
    tasks = list(sender_for(app).tasks)
    await sent_out(app)
    assert [task.exception() for task in tasks] == [None] * len(tasks)  # the task ended cleanly
    [failure] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert failure.getMessage() == f"push to subscription {broken_row['id']} failed unexpectedly"
    assert isinstance(failure.exc_info[1], RuntimeError)
    assert decrypt(kept, push_service.to(kept)[0])["body"] == "one"
    # not a reason to drop it, and the next event is sent as before
    assert await PushSubscription.filter(user_id=int(bob.id)).count() == 2
    await sent(client, alice, channel_id, "two")
    await sent_out(app)
    assert [decrypt(kept, r)["body"] for r in push_service.to(kept)] == ["one", "two"]
