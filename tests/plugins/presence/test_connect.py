"""Presence on connect and disconnect (realtime.md §3.3 step 4, §3.4 ``presences``, §3.5) and
on friend acceptance (rest.md §2.2)."""

from __future__ import annotations

from datetime import UTC, datetime
from types import ModuleType
from typing import Any

import pytest

from core import hookimpl
from core.app import create_quart_app
from core.identity.models import User
from core.plugins import LoadedPlugin, Manifest, PluginHost
from tests.plugins.friends.helpers import accept, block, make_friends, request_friend
from tests.plugins.presence.helpers import EVENT, about, assert_no_presence, presences, set_presence
from tests.support import call, connect_socket, new_person


async def test_the_first_socket_tells_friends_and_only_friends(live_client, sockets):
    me, friend, requested, blocker, outsider = [await new_person() for _ in range(5)]
    await make_friends(live_client, me, friend)
    await request_friend(live_client, me, requested)
    await block(live_client, blocker, me)
    others = {p.id: await sockets(p.token) for p in (friend, requested, blocker, outsider)}
    mine = await sockets(me.token)
    assert await others[friend.id].wait_for(EVENT) == {"userId": me.id, "status": 1, "custom": None}
    for person in (requested, blocker, outsider):
        await assert_no_presence(live_client, person, others[person.id])
    await assert_no_presence(live_client, me, mine)  # it reads itself in the snapshot instead


async def test_the_custom_status_travels_with_the_first_socket(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=4, custom_status="busy busy")
    theirs = await sockets(friend.token)
    await sockets(me.token)
    assert await theirs.wait_for(EVENT) == {"userId": me.id, "status": 4, "custom": "busy busy"}


async def test_an_invisible_user_connects_silently(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=0)
    theirs = await sockets(friend.token)
    await sockets(me.token)
    await assert_no_presence(live_client, friend, theirs)


async def test_a_second_socket_is_not_announced(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    await sockets(me.token)
    await theirs.wait_for(EVENT)
    await sockets(me.token)
    await assert_no_presence(live_client, friend, theirs, already=1)


async def test_the_snapshot_lists_online_friends_and_yourself(live_client, sockets):
    me, online, invisible, offline, requested, stranger = [await new_person() for _ in range(6)]
    for person in (online, invisible, offline):
        await make_friends(live_client, me, person)
    await request_friend(live_client, me, requested)
    for person in (online, invisible, requested, stranger):
        await sockets(person.token)
    await set_presence(live_client, online, {"status": 3, "custom": "lunch"})
    await set_presence(live_client, invisible, {"status": 0})
    await User.filter(id=int(offline.id)).update(status=2)  # stored status, but no socket
    probe = await sockets(me.token)
    assert sorted(presences(probe), key=lambda p: p["userId"] != online.id) == [
        {"userId": online.id, "status": 3, "custom": "lunch"},
        {"userId": me.id, "status": 1},
    ]


async def test_an_invisible_user_is_not_in_their_own_snapshot(live_client, sockets):
    me = await new_person()
    await User.filter(id=int(me.id)).update(status=0)
    assert presences(await sockets(me.token)) == []


async def test_the_last_socket_going_tells_friends_and_stamps_last_online(live_client, sockets):
    me, friend, outsider = await new_person(), await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs, other = await sockets(friend.token), await sockets(outsider.token)
    first, second = await sockets(me.token), await sockets(me.token)
    await theirs.wait_for(EVENT)
    before = datetime.now(UTC)
    await first.close()
    await assert_no_presence(live_client, friend, theirs, already=1)
    await second.close()
    assert await theirs.wait_for(EVENT, count=2) == {"status": 0, "userId": me.id}
    await assert_no_presence(live_client, outsider, other)
    stamped = (await User.get(id=int(me.id))).last_online_at
    assert stamped is not None and stamped >= before.replace(microsecond=0)
    assert (await User.get(id=int(me.id))).status == 1  # the stored status is kept for next time


async def test_hidden_last_online_is_not_stamped(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await call(live_client, "POST", "/api/users", {"lastOnlineStatus": 0}, token=me.token)
    theirs = await sockets(friend.token)
    mine = await sockets(me.token)
    await mine.close()
    assert await theirs.wait_for(EVENT, count=2) == {"status": 0, "userId": me.id}
    assert (await User.get(id=int(me.id))).last_online_at is None


async def test_an_invisible_user_leaves_silently_and_unstamped(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=0)
    theirs = await sockets(friend.token)
    mine = await sockets(me.token)
    await mine.close()
    await assert_no_presence(live_client, friend, theirs)
    assert (await User.get(id=int(me.id))).last_online_at is None


async def test_accepting_sends_each_side_the_others_presence(live_client, sockets):
    me, them, outsider = await new_person(), await new_person(), await new_person()
    await request_friend(live_client, me, them)
    mine, theirs, other = await sockets(me.token), await sockets(them.token), await sockets(outsider.token)
    await set_presence(live_client, them, {"custom": "hi"})
    assert await accept(live_client, them, me) == (200, {"message": "Accepted!"})
    assert await mine.wait_for(EVENT) == {"userId": them.id, "status": 1, "custom": "hi"}
    update = await theirs.wait_for(EVENT, count=2)  # the first one was their own custom status
    assert update == {"userId": me.id, "status": 1}
    await assert_no_presence(live_client, outsider, other)


async def test_accepting_an_offline_user_sends_nothing_about_them(live_client, sockets):
    me, them = await new_person(), await new_person()
    await request_friend(live_client, me, them)
    mine = await sockets(me.token)
    await accept(live_client, them, me)
    await mine.wait_for("friend:request_accepted")
    await assert_no_presence(live_client, me, mine)


def subjects_plugin(subjects: dict[int, list[int]]) -> LoadedPlugin:
    """A real plugin answering presence's ``presence_subjects`` hook (as servers will)."""
    module = ModuleType("subjects_stub")
    module.manifest = Manifest(id="subjects_stub", name="Subjects stub", version="1.0.0", description="test")

    @hookimpl
    async def presence_subjects(user_id):
        return subjects.get(user_id, [])

    module.presence_subjects = presence_subjects
    return LoadedPlugin(manifest=module.manifest, module=module, first_party=False)


@pytest.fixture
async def subjects_server(settings, start_server) -> Any:
    subjects: dict[int, list[int]] = {}
    app = create_quart_app(
        settings, plugins=PluginHost([*PluginHost.from_settings(settings).plugins, subjects_plugin(subjects)])
    )
    app.url, app.subjects = (await start_server(quart_app=app)).url, subjects
    return app


async def test_other_plugins_add_people_to_the_snapshot_once(subjects_server):
    client = subjects_server.test_client()
    me, friend, member, offline_member = [await new_person() for _ in range(4)]
    await make_friends(client, me, friend)
    subjects_server.subjects[int(me.id)] = [int(member.id), int(friend.id), int(offline_member.id), int(member.id)]
    opened = [await connect_socket(subjects_server.url, p.token) for p in (friend, member)]
    try:
        mine = await connect_socket(subjects_server.url, me.token)
        opened.append(mine)
        assert sorted(p["userId"] for p in presences(mine)) == sorted([me.id, friend.id, member.id])
    finally:
        for probe in opened:
            await probe.close()


async def test_logout_takes_the_user_offline(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    mine = await sockets(me.token)
    await about(theirs, me)
    assert (await call(live_client, "DELETE", "/api/users/logout", token=me.token))[0] == 200
    await mine.wait_disconnected()
    assert await about(theirs, me, count=2) == {"status": 0, "userId": me.id}
