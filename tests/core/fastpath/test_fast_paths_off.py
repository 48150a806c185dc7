"""A handful of the realtime and messaging tests again with ``[performance] fast_paths = false``:
the libraries' own paths (python-socketio's emits, Engine.IO's sockets, querysets run as they are,
a message saved in a transaction) deliver the same events and store the same rows.

The test database's connection is made once per worker with the fast paths on, so Hearth's
PostgreSQL client (core/fastpath/pgclient.py) stays in use here; tests/faults covers it."""

from __future__ import annotations

import asyncio
import logging

import pytest
import socketio
from engineio.async_socket import AsyncSocket

from core import fastpath
from core.prepared import joins_inserts
from tests.core.test_gateway import (  # noqa: F401  (collected again here, with the fast paths off)
    test_asking_sockets_to_reconnect_brings_them_back_authenticated,
    test_authenticate_sends_the_merged_payload,
    test_events_leave_only_after_the_transaction_commits,
    test_events_reach_every_socket_of_the_user_and_nobody_else,
)
from tests.plugins.messages.test_edit_delete import test_deleting_your_own_message_tells_both_sides  # noqa: F401
from tests.plugins.messages.test_send import (  # noqa: F401
    test_a_message_is_stored_trimmed_and_returned_in_wire_form,
    test_both_participants_receive_the_message_and_outsiders_do_not,
)
from tests.plugins.servers.test_sent_messages import (  # noqa: F401
    test_a_message_moves_the_channel_and_the_senders_read_state,
)
from tests.support import connect_socket, new_person


@pytest.fixture
def settings(base_settings):
    return base_settings.with_overrides({"performance.fast_paths": False})


@pytest.fixture(autouse=True)
async def fast_paths_back_on(base_settings):
    yield
    fastpath.configure(base_settings)  # the switch is per process: the next tests expect it on
    # Engine.IO's own sockets leave a task sleeping until their next ping, ping_interval after
    # they closed (core/fastpath/eiosocket.py has a timer instead): the next tests of this
    # process find the loop as the fast paths leave it.
    for task in asyncio.all_tasks():
        if "_send_ping" in repr(task.get_coro()):
            task.cancel()


async def test_the_libraries_own_paths_are_the_ones_taken(live_server):
    gateway = live_server.app.quart.extensions["hearth"].gateway
    assert type(gateway.sio) is socketio.AsyncServer
    assert gateway.sio.manager.fast is False and gateway.sio.manager.direct == {}
    assert not fastpath.enabled() and not joins_inserts()
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token)
    (sid,) = [sid for sid, ctx in gateway.sockets.items() if str(ctx.user.id) == person.id]
    eio_socket = gateway.sio.eio.sockets[gateway.sio.manager.eio_sid_from_sid(sid, "/")]
    assert type(eio_socket) is AsyncSocket and type(eio_socket.queue) is asyncio.Queue
    await probe.close()


async def test_the_start_up_log_says_which_fast_paths_run(make_app, caplog):
    for fast, said in ((False, "fast paths off: "), (True, "fast paths on: ")):
        caplog.clear()
        app = make_app(**{"performance.fast_paths": fast})
        with caplog.at_level(logging.INFO, logger="hearth"):
            async with app.test_app():
                pass
        (line,) = [r.getMessage() for r in caplog.records if "fast paths" in r.getMessage()]
        assert line.startswith(said) and all(name in line for name in fastpath.PATHS)
