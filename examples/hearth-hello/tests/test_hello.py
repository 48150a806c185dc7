"""The hello plugin end to end: its routes, its socket event (and who must not receive it), its
table, and what it leaves when an account is deleted."""

import asyncio

from hearth_hello.models import Wave

UNAUTHENTICATED = (401, {"message": "No token provided.", "path": None})


async def test_hello_greets_the_signed_in_user(hearth):
    ada = await hearth.register("ada")
    assert await hearth.call("GET", "/api/hello", person=ada) == (200, {"message": "Hello, ada!"})
    assert await hearth.call("GET", "/api/hello") == UNAUTHENTICATED
    assert await hearth.call("GET", "/api/hello/waves") == UNAUTHENTICATED


async def test_a_wave_reaches_that_user_only_and_is_counted(hearth):
    ada, bob, eve = await hearth.register("ada"), await hearth.register("bob"), await hearth.register("eve")
    ada_socket, ada_other_tab = await hearth.socket(ada), await hearth.socket(ada)
    bob_socket, eve_socket = await hearth.socket(bob), await hearth.socket(eve)

    await ada_socket.client.emit("hello:wave", {"to": bob.id})
    assert await bob_socket.wait_for("hello:waved") == {"from": ada.id}
    assert await hearth.call("GET", "/api/hello/waves", person=bob) == (200, {"count": 1})
    assert await hearth.call("GET", "/api/hello/waves", person=ada) == (200, {"count": 0})
    assert await Wave.filter(from_user_id=int(ada.id), to_user_id=int(bob.id)).count() == 1

    # a second wave, from eve: once it has arrived, nobody else has received any
    await eve_socket.client.emit("hello:wave", {"to": bob.id})
    assert await bob_socket.wait_for("hello:waved", count=2) == {"from": eve.id}
    for probe in (ada_socket, ada_other_tab, eve_socket):
        assert probe.received("hello:waved") == []
    assert await hearth.call("GET", "/api/hello/waves", person=bob) == (200, {"count": 2})


async def test_bad_waves_are_refused_to_the_sender_alone(hearth):
    ada, bob = await hearth.register("ada"), await hearth.register("bob")
    ada_socket, bob_socket = await hearth.socket(ada), await hearth.socket(bob)
    refusals = [
        (None, {"message": "to is required.", "path": "to"}),
        ({"to": 42}, {"message": "to must be a user id.", "path": "to"}),
        ({"to": "123"}, {"message": "User not found.", "path": "to"}),
        ({"to": ada.id}, {"message": "You cannot wave at yourself.", "path": "to"}),
    ]
    for count, (payload, error) in enumerate(refusals, start=1):
        await ada_socket.client.emit("hello:wave", payload)
        assert await ada_socket.wait_for("hello:wave_error", count=count) == error
    assert bob_socket.received("hello:wave_error") == [] and bob_socket.received("hello:waved") == []
    assert await Wave.all().count() == 0


async def test_an_unauthenticated_socket_cannot_wave(hearth):
    bob = await hearth.register("bob")
    bob_socket, stranger = await hearth.socket(bob), await hearth.socket(authenticate=False)
    await stranger.client.emit("hello:wave", {"to": bob.id})
    await asyncio.sleep(0.3)  # nothing to wait for: the server drops it
    assert stranger.received("hello:wave_error") == [] and bob_socket.received("hello:waved") == []
    assert await Wave.all().count() == 0


async def test_deleting_an_account_deletes_its_waves(hearth):
    ada, bob = await hearth.register("ada"), await hearth.register("bob")
    ada_socket, bob_socket = await hearth.socket(ada), await hearth.socket(bob)
    await ada_socket.client.emit("hello:wave", {"to": bob.id})
    await bob_socket.wait_for("hello:waved")
    status, body = await hearth.call(
        "DELETE", "/api/users/delete-account", {"password": ada.password, "deleteContent": True}, person=ada
    )
    assert status == 200, body
    assert await Wave.all().count() == 0
