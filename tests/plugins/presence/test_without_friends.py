"""Presence without the friends plugin (optional): the snapshot in ``user:authenticated`` and
the live updates reach the members of one's servers (and oneself), nobody else."""

from core.plugins import discover, with_dependents
from tests.plugins.presence.helpers import about, assert_no_presence, presences
from tests.plugins.servers.helpers import community, join
from tests.support import connect_socket, new_person


async def test_server_members_see_each_other_without_friends(start_server):
    server = await start_server(**{"plugins.disabled": with_dependents(discover(), ["friends"])})
    client = server.app.quart.test_client()
    place = await community(client)
    member, outsider = await join(client, place), await new_person()
    probes = []
    try:
        theirs = await connect_socket(server.url, member.token)
        stranger = await connect_socket(server.url, outsider.token)
        probes += [theirs, stranger]
        mine = await connect_socket(server.url, place.owner.token)
        probes.append(mine)
        assert (await about(theirs, place.owner))["status"] == 1
        assert {p["userId"] for p in presences(mine)} == {place.owner.id, member.id}
        await assert_no_presence(client, outsider, stranger)
    finally:
        for probe in probes:
            await probe.close()
