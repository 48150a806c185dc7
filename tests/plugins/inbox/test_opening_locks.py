"""The locks that make two people opening each other's DM at once end up in one channel: one per
pair, on the app's gateway, forgotten once nobody holds or waits for them."""

import asyncio

from plugins.inbox.openlocks import OpeningLocks, opening_locks
from tests.plugins.messages.helpers import member
from tests.support import call


async def test_two_people_opening_each_others_dm_at_once_get_one_channel(app, client):
    alice, bob = await member(), await member()
    pairs = [(alice, bob), (bob, alice)] * 3
    replies = await asyncio.gather(
        *(call(client, "POST", f"/api/users/{other.id}/open-channel", token=opener.token) for opener, other in pairs)
    )
    assert [status for status, _ in replies] == [200] * 6
    assert len({inbox["channelId"] for _, inbox in replies}) == 1
    async with app.app_context():
        assert len(opening_locks()) == 0  # none kept for a pair once it is done


async def test_a_pair_waits_for_itself_only_and_is_forgotten_after():
    locks, order = OpeningLocks(), []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def hold(user_id: int, other_id: int, name: str, wait: asyncio.Event | None = None) -> None:
        async with locks.held(user_id, other_id):
            order.append(f"{name} in")
            first_in.set()
            if wait is not None:
                await wait.wait()
            order.append(f"{name} out")

    first = asyncio.create_task(hold(1, 2, "first", release))
    await first_in.wait()
    same_pair = asyncio.create_task(hold(2, 1, "same pair"))
    other_pair = asyncio.create_task(hold(1, 3, "other pair"))
    await other_pair
    assert order == ["first in", "other pair in", "other pair out"]  # the same pair is still waiting
    assert len(locks) == 1
    release.set()
    await asyncio.gather(first, same_pair)
    assert order[3:] == ["first out", "same pair in", "same pair out"]
    assert len(locks) == 0


async def test_each_app_has_its_own_locks(make_app):
    found = []
    for app in (make_app(), make_app()):
        async with app.test_app(), app.app_context():
            found.append(opening_locks())
            assert opening_locks() is found[-1]
    assert found[0] is not found[1]
