"""What the friends plugin answers for other plugins (plugins/friends/service.py), the
``shared_server_ids`` hook it declares, its profile keys and account deletion."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import ModuleType
from typing import Any

import pytest

from core import hookimpl
from core.app import create_quart_app
from core.identity.models import Account
from core.plugins import LoadedPlugin, Manifest, PluginHost
from plugins.friends import service
from plugins.friends.models import Friend
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import block, make_friends, request_friend
from tests.support import call, new_person


async def test_are_friends_only_for_accepted_friendships(client):
    a, b, c = await new_person(), await new_person(), await new_person()
    await make_friends(client, a, b)
    await request_friend(client, a, c)
    ids = int(a.id), int(b.id), int(c.id)
    assert await service.are_friends(ids[0], ids[1]) and await service.are_friends(ids[1], ids[0])
    assert not await service.are_friends(ids[0], ids[2]) and not await service.are_friends(ids[2], ids[0])


async def test_block_state_says_who_blocked_whom(client):
    a, b, c = await new_person(), await new_person(), await new_person()
    await block(client, a, b)
    await block(client, c, a)
    await block(client, a, c)
    a_id, b_id, c_id = int(a.id), int(b.id), int(c.id)
    assert await service.block_state(a_id, b_id) == (True, False)
    assert await service.block_state(b_id, a_id) == (False, True)
    assert await service.block_state(a_id, c_id) == (True, True)
    assert await service.block_state(b_id, c_id) == (False, False)
    assert await service.blocked_ids(a_id) == {b_id, c_id}
    assert await service.blocked_ids(b_id) == {a_id}


async def test_friend_ids_and_mutual_friends(client):
    a, b, c, d = [await new_person() for _ in range(4)]
    await make_friends(client, a, b)
    await make_friends(client, a, c)
    await make_friends(client, d, b)
    await make_friends(client, d, c)
    await request_friend(client, a, d)
    assert sorted(await service.friend_ids(int(a.id))) == sorted([int(b.id), int(c.id)])
    assert sorted(await service.mutual_friend_ids(int(a.id), int(d.id))) == sorted([int(b.id), int(c.id)])
    assert await service.mutual_friend_ids(int(a.id), int(b.id)) == []


def servers_stub(shared: set[frozenset[int]]) -> LoadedPlugin:
    """A real plugin that answers the friends plugin's ``shared_server_ids`` hook."""
    module = ModuleType("servers_stub")
    module.manifest = Manifest(id="servers_stub", name="Servers stub", version="1.0.0", description="test servers")

    @hookimpl
    async def shared_server_ids(user_id, other_id):
        return ["1"] if frozenset((user_id, other_id)) in shared else []

    module.shared_server_ids = shared_server_ids
    return LoadedPlugin(manifest=module.manifest, module=module, first_party=False)


@pytest.fixture
async def with_servers(settings) -> AsyncIterator[Any]:
    shared: set[frozenset[int]] = set()
    host = PluginHost([*PluginHost.from_settings(settings).plugins, servers_stub(shared)])
    app = create_quart_app(settings, plugins=host)
    async with app.test_app():
        app.shared = shared
        yield app


async def test_shares_server_asks_the_hook(with_servers):
    a, b, c = await new_person(), await new_person(), await new_person()
    with_servers.shared.add(frozenset((int(a.id), int(b.id))))
    async with with_servers.app_context():
        assert await service.shares_server(int(a.id), int(b.id))
        assert not await service.shares_server(int(a.id), int(c.id))
    assert await service.shares_server(int(b.id), int(a.id), plugins=with_servers.extensions["hearth"].plugins)


async def test_servers_only_requests_pass_between_server_members(with_servers):
    client = with_servers.test_client()
    a, b, c = await new_person(), await new_person(), await new_person()
    await Account.filter(user_id__in=[int(b.id), int(c.id)]).update(friend_request_status=1)
    with_servers.shared.add(frozenset((int(a.id), int(b.id))))
    assert (await request_friend(client, a, b))[0] == 200
    assert await request_friend(client, a, c) == (
        400,
        {"message": "This user has disabled friend requests.", "path": None},
    )


async def test_users_in_no_common_server_share_none(client, app):
    a, b = await new_person(), await new_person()
    async with app.app_context():
        assert not await service.shares_server(int(a.id), int(b.id))


# --- GET /api/users/:userId keys ---------------------------------------------------------


async def test_profile_says_whether_the_owner_blocked_you(client):
    me, them = await new_person(), await new_person()
    _, body = await call(client, "GET", f"/api/users/{them.id}", token=me.token)
    assert body["block"] is False
    await block(client, them, me)
    _, body = await call(client, "GET", f"/api/users/{them.id}", token=me.token)
    assert body["block"] is True
    _, body = await call(client, "GET", f"/api/users/{me.id}", token=them.token)
    assert body["block"] is False  # you blocking them is not "block"
    _, anonymous = await call(client, "GET", f"/api/users/{them.id}")
    assert anonymous["block"] is False


async def test_profile_lists_mutual_friends(client):
    me, them, both, mine_only = [await new_person() for _ in range(4)]
    await make_friends(client, me, both)
    await make_friends(client, them, both)
    await make_friends(client, me, mine_only)
    _, body = await call(client, "GET", f"/api/users/{them.id}", token=me.token)
    assert body["mutualFriendIds"] == [both.id]
    _, anonymous = await call(client, "GET", f"/api/users/{them.id}")
    assert anonymous["mutualFriendIds"] == []


# --- account deletion --------------------------------------------------------------------


async def test_deleting_an_account_drops_its_rows_and_tells_the_others(live_client, sockets):
    gone, friend, blocker, outsider = [await new_person() for _ in range(4)]
    await make_friends(live_client, gone, friend)
    await block(live_client, blocker, gone)
    probes = [await sockets(p.token) for p in (friend, blocker, outsider)]
    status, _ = await call(
        live_client, "DELETE", "/api/users/delete-account", {"password": gone.password}, token=gone.token
    )
    assert status == 200
    assert await Friend.filter(user_id=int(gone.id)).count() == 0
    assert await Friend.filter(recipient_id=int(gone.id)).count() == 0
    assert await probes[0].wait_for("friend:removed") == {"friendId": gone.id}
    assert await probes[1].wait_for("friend:removed") == {"friendId": gone.id}
    await ping(live_client, outsider, probes[2])
    assert probes[2].received("friend:removed") == []
