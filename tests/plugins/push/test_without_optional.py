"""Push without its optional plugins: without presence, this process's sockets say who is
online; without friends, voice and servers, DMs still push."""

from plugins.push.models import PushSubscription
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.push.helpers import decrypt, sent_out, subscribe
from tests.support import connect_socket


async def test_without_presence_a_local_socket_still_counts(start_server, push_service):
    server = await start_server(**{"plugins.disabled": ["presence"]})
    app, client = server.app.quart, server.app.quart.test_client()
    alice, bob, channel_id = await dm_pair(client)
    browser = push_service.browser("bob")
    await subscribe(client, bob, browser)
    probe = await connect_socket(server.url, bob.token)
    try:
        await sent(client, alice, channel_id, "here?")
        await sent_out(app)
        assert push_service.received == []
    finally:
        await probe.close()
    for _ in range(100):
        await sent(client, alice, channel_id, "gone")
        await sent_out(app)
        if push_service.received:
            break
    assert decrypt(browser, push_service.received[0])["body"] == "gone"


async def test_without_friends_voice_and_servers_dms_push(client_without, push_service):
    client = await client_without("friends", "voice", "servers")
    app = client.app
    alice, bob, channel_id = await dm_pair(client)
    browser = push_service.browser("bob")
    await subscribe(client, bob, browser)
    await sent(client, alice, channel_id, "still here")
    await sent_out(app)
    [received] = push_service.to(browser)
    assert decrypt(browser, received)["body"] == "still here"
    assert await PushSubscription.all().count() == 1
