"""Calls live in Redis when it is configured: while Redis is down joining answers 503 (not 500),
sockets still authenticate (with no calls listed), and once Redis is back this process's sockets
are registered again so they can join, and a socket that went meanwhile is out of its call."""

from __future__ import annotations

from core.identity.models import Account
from tests.faults.services import wait_until
from tests.plugins.servers.helpers import community, join
from tests.plugins.voice.helpers import join_voice, joined
from tests.support import call, connect_socket


async def test_voice_answers_503_while_redis_is_down_and_works_again_after(redis_server, start_server):
    server = await start_server(**{"redis.url": redis_server.url, "redis.retry_seconds": 0.2})
    client = server.app.quart.test_client()
    place = await community(client)
    owner, guest = place.owner, await join(client, place)
    await Account.filter(user_id__in=[int(owner.id), int(guest.id)]).update(email_confirmed=True)
    owner_socket = await connect_socket(server.url, owner.token)
    leaving = await connect_socket(server.url, guest.token)
    await joined(client, guest, place.general, leaving)
    try:
        redis_server.kill()
        status, body = await join_voice(client, owner, place.general, owner_socket)
        assert status == 503 and body["message"] and body["path"] is None
        late = await connect_socket(server.url, owner.token)  # authenticates, no calls to show
        assert late.received("user:authenticated")[0]["voiceChannelUsers"] == []
        await leaving.close()  # goes while Redis cannot hear of it

        await redis_server.start()  # empty: a restarted Redis forgot everything

        async def owner_can_join() -> bool:
            status, _ = await join_voice(client, owner, place.general, late)
            return status == 200

        await wait_until(owner_can_join, timeout=15, what="voice to work again after Redis is back")
        status, body = await call(client, "POST", f"/api/channels/{place.general}/voice/leave", token=guest.token)
        assert (status, body["message"]) == (403, "You're not in a call.")  # its socket went meanwhile
    finally:
        await owner_socket.close()
