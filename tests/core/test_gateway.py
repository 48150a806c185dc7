"""The realtime gateway against a live server with real Socket.IO clients."""

import asyncio

from core import db
from core.identity.models import Session
from core.identity.tokens import token_hash
from tests.support import call, connect_socket, new_person

KERNEL_KEYS = {
    "user",
    "servers",
    "channels",
    "serverMembers",
    "serverRoles",
    "serverSettings",
    "notificationSettings",
    "lastSeenServerChannelIds",
    "messageMentions",
    "presences",
    "friends",
    "inbox",
    "voiceChannelUsers",
    "pid",
    "sessionId",
}


async def test_authenticate_sends_the_merged_payload(client, live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token)
    payload = probe.received("user:authenticated")[0]
    assert KERNEL_KEYS <= payload.keys()
    user = payload["user"]
    assert (user["id"], user["username"], user["tag"]) == (person.id, person.username, person.tag)
    assert user["email"] == person.email and user["emailConfirmed"] is False
    assert user["orderedServerIds"] == [] and user["serverFolders"] == []
    session = await Session.get(user_id=int(person.id))
    assert payload["sessionId"] == str(session.id)
    assert probe.received("user:authenticate_error") == []
    await probe.close()


async def test_a_bad_token_gets_an_error_and_is_disconnected(live_server):
    for token in ("nonsense", "", "MTIzLTE.c2VjcmV0"):
        probe = await connect_socket(live_server.url, token)
        assert probe.received("user:authenticate_error") == [{"message": "Invalid token."}]
        await probe.wait_disconnected()
        assert probe.received("user:authenticated") == []


async def test_a_socket_that_never_authenticates_is_dropped_after_the_timeout(start_server):
    server = await start_server(**{"gateway.auth_timeout_seconds": 0.3})
    probe = await connect_socket(server.url)
    error = await probe.wait_for("user:authenticate_error")
    assert error == {"message": "Authentication timed out"}
    await probe.wait_disconnected()


async def test_an_authenticated_socket_is_not_timed_out(start_server, client):
    server = await start_server(**{"gateway.auth_timeout_seconds": 0.3})
    person = await new_person()
    probe = await connect_socket(server.url, person.token)
    await asyncio.sleep(0.6)
    assert probe.client.connected
    assert probe.received("user:authenticate_error") == []
    await probe.close()


async def test_events_leave_only_after_the_transaction_commits(client, live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token)
    gateway = live_server.app.quart.extensions["hearth"].gateway

    try:
        async with db.transaction():
            await gateway.emit("test:event", {"n": 1}, to=person.id)
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    async with db.transaction():
        await gateway.emit("test:event", {"n": 2}, to=person.id)
        await asyncio.sleep(0.1)
        assert probe.received("test:event") == []  # still inside the transaction
    assert await probe.wait_for("test:event") == {"n": 2}
    await asyncio.sleep(0.1)
    assert probe.received("test:event") == [{"n": 2}]
    await probe.close()


async def test_events_reach_every_socket_of_the_user_and_nobody_else(client, live_server):
    alice, bob = await new_person(), await new_person()
    alice_tab, alice_phone = (
        await connect_socket(live_server.url, alice.token),
        await connect_socket(live_server.url, alice.token),
    )
    bob_socket = await connect_socket(live_server.url, bob.token)
    await live_server.app.quart.extensions["hearth"].gateway.emit("test:event", {"for": "alice"}, to=alice.id)
    assert await alice_tab.wait_for("test:event") == {"for": "alice"}
    assert await alice_phone.wait_for("test:event") == {"for": "alice"}
    await asyncio.sleep(0.1)
    assert bob_socket.received("test:event") == []
    for probe in (alice_tab, alice_phone, bob_socket):
        await probe.close()


async def test_a_kick_disconnects_the_room_after_telling_it_why(client, live_server):
    person = await new_person()
    first = await connect_socket(live_server.url, person.token)
    status, body = await call(client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    assert status == 200
    second = await connect_socket(live_server.url, body["token"])
    session = await Session.get(token_hash=token_hash(person.token))
    await live_server.app.quart.extensions["hearth"].gateway.kick(f"ses:{session.id}", "Invalid Token")
    assert await first.wait_for("user:authenticate_error") == {"message": "Invalid Token"}
    await first.wait_disconnected()
    await asyncio.sleep(0.1)
    assert second.client.connected and second.received("user:authenticate_error") == []
    await second.close()


async def test_a_failing_payload_hook_answers_with_an_error_instead_of_hanging(settings, client):
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    from core import hookimpl
    from core.app import create_quart_app
    from core.http import HearthASGI
    from core.plugins import PluginHost
    from tests.core.test_plugins import host, plugin
    from tests.support import free_port

    broken = plugin("broken")

    async def explode(ctx):
        raise RuntimeError("plugin bug")

    broken.authenticated_payload = hookimpl(explode)
    real = PluginHost.from_settings(settings)
    plugins = host(*[p.module for p in real.plugins], broken)
    app = create_quart_app(settings, plugins)
    config = Config()
    port = free_port()
    config.bind = [f"127.0.0.1:{port}"]
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve(HearthASGI(app, app.extensions["hearth"].gateway.sio), config, shutdown_trigger=stop.wait)
    )
    await asyncio.sleep(0.3)
    try:
        person = await new_person()
        probe = await connect_socket(f"http://127.0.0.1:{port}", person.token)
        assert probe.received("user:authenticate_error") == [{"message": "Something went wrong. Try again later."}]
        await probe.wait_disconnected()
    finally:
        stop.set()
        await task


async def test_asking_sockets_to_reconnect_brings_them_back_authenticated(client, live_server):
    import socketio

    person = await new_person()
    reconnecting = socketio.AsyncClient(reconnection=True, reconnection_delay=0.1, reconnection_delay_max=0.2)
    authenticated: list[dict] = []
    arrived = asyncio.Event()

    @reconnecting.on("connect")
    async def on_connect() -> None:  # what the protocol's clients do on every (re)connect
        await reconnecting.emit("user:authenticate", {"token": person.token})

    @reconnecting.on("user:authenticated")
    async def on_authenticated(payload: dict) -> None:
        authenticated.append(payload)
        arrived.set()

    await reconnecting.connect(live_server.url, transports=["websocket"], wait_timeout=5)
    await asyncio.wait_for(arrived.wait(), 5)
    bystander = await connect_socket(live_server.url, (await new_person()).token)
    gateway = live_server.app.quart.extensions["hearth"].gateway
    mine = [sid for sid, ctx in gateway.sockets.items() if str(ctx.user.id) == person.id]

    arrived.clear()
    assert await gateway.ask_to_reconnect(mine) == 1
    await asyncio.wait_for(arrived.wait(), 10)
    assert len(authenticated) == 2 and reconnecting.connected
    assert bystander.client.connected and bystander.received("user:authenticate_error") == []
    await reconnecting.disconnect()
    await bystander.close()


def test_a_gateway_with_plugin_services_can_be_freed(make_app):
    # Plugins keep an object per gateway (presence, voice) that refers back to it; held in a
    # module-level map keyed by gateway they kept every app alive, and a test process grew to
    # 3 GB over the suite, its full collections ever slower.
    import gc
    import weakref

    from plugins.presence.service import service_for as presence
    from plugins.voice.service import service_for as voice

    gateway = make_app().extensions["hearth"].gateway
    assert presence(gateway) is presence(gateway) and voice(gateway).gateway is gateway
    freed = weakref.ref(gateway)
    del gateway
    gc.collect()
    assert freed() is None


async def test_a_stopped_server_that_had_sockets_can_be_freed(settings, client):
    # Engine.IO's ping-timeout task (started by the first connection) runs until the server is shut
    # down, a closed socket's ping timer waited out its interval, and so did a periodic job's
    # cancelled sleep: each held the whole app.
    import gc
    import weakref

    from core.app import create_app
    from core.testing import serve_on_free_port

    person = await new_person()
    await _open_every_connection_of_the_shared_pool()
    asgi = create_app(settings)
    url, stop, task = await serve_on_free_port(asgi)
    probe = await connect_socket(url, person.token)
    assert probe.received("user:authenticated")
    await probe.close()
    stop.set()
    await asyncio.wait_for(task, 30)
    freed = weakref.ref(asgi.quart)
    del asgi
    # A cancelled loop timer keeps its context (here: the app's) until it was due. Short ones
    # (a heartbeat, a request's time-out) pass; before, the app was held for ever, or for 25 s
    # (a ping), or 300 s (a periodic job, the shared pool's idle timers).
    for _ in range(50):
        gc.collect()
        if freed() is None:
            break
        await asyncio.sleep(0.2)
    assert freed() is None


async def _open_every_connection_of_the_shared_pool() -> None:
    # Tests share one database pool across apps (a running Hearth has one app). A connection the
    # pool opens while serving a request keeps that request's context, the app's, in its reader
    # for as long as it lives; opened here first, none does.
    from tortoise import connections

    pool = getattr(connections.get("default"), "_pool", None)
    if pool is None:  # SQLite
        return
    held = [await pool.acquire() for _ in range(pool.get_max_size())]
    for connection in held:
        await pool.release(connection)


async def test_sockets_waiting_their_turn_to_authenticate_are_not_timed_out_and_go_in_order(settings, client):
    """A reconnect storm: authentications are built a few at a time (here one), and a socket that
    sent user:authenticate within the window is answered however long it waits for its turn."""
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    from core import hookimpl
    from core.app import create_quart_app
    from core.http import HearthASGI
    from core.plugins import PluginHost
    from tests.core.test_plugins import host, plugin
    from tests.support import free_port

    slow = plugin("slow")
    order: list[str] = []

    async def payload(ctx):
        await asyncio.sleep(0.6)  # each payload takes most of the window: the last waits well past it
        order.append(str(ctx.user.id))
        return {}

    slow.authenticated_payload = hookimpl(payload)
    settings = settings.with_overrides({"gateway.auth_timeout_seconds": 1.0, "gateway.concurrent_authentications": 1})
    app = create_quart_app(settings, host(*[p.module for p in PluginHost.from_settings(settings).plugins], slow))
    config = Config()
    config.bind = [f"127.0.0.1:{free_port()}"]
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve(HearthASGI(app, app.extensions["hearth"].gateway.sio), config, shutdown_trigger=stop.wait)
    )
    await asyncio.sleep(0.3)
    try:
        people = [await new_person() for _ in range(4)]
        url = f"http://127.0.0.1:{config.bind[0].rsplit(':', 1)[1]}"
        probes = []
        for person in people:  # each asks within its window
            probes.append(await connect_socket(url, person.token, authenticate=False))
            await probes[-1].client.emit("user:authenticate", {"token": person.token})
        for probe in probes:
            await probe.wait_for("user:authenticated", timeout=10)
        assert all(probe.client.connected and not probe.received("user:authenticate_error") for probe in probes)
        assert order == [person.id for person in people]  # first come, first served
        idle = await connect_socket(url)  # one that never asks is still dropped
        assert await idle.wait_for("user:authenticate_error") == {"message": "Authentication timed out"}
        for probe in probes:
            await probe.close()
    finally:
        stop.set()
        await task
