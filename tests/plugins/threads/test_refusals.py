"""Every thread route refuses, with the exact text, a member who cannot see the parent channel and
a non-member; a thread's PATCH checks its input; naming a member who cannot see the parent in a
thread makes them follow nothing."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, private_channel
from tests.plugins.threads.helpers import tcall, threads_socket, tok

PRIVATE = (403, error("This channel is private."))
NOT_A_MEMBER = (403, error("Server member is not in this server."))


async def test_every_thread_route_refuses_who_cannot_see_the_parent(live_client):
    place = await community(live_client)
    blind = await join(live_client, place)
    outsider = await member()
    staff = await private_channel(live_client, place)
    thread = await tok(live_client, "POST", "/api/threads", {"channelId": staff, "name": "Staff"}, place.owner.token)
    path = f"/api/threads/{thread['id']}"
    routes = [
        ("GET", f"/api/threads?channelId={staff}", None),
        ("GET", path, None),
        ("PATCH", path, {"name": "Mine"}),
        ("DELETE", path, None),
        ("POST", f"{path}/follow", None),
        ("DELETE", f"{path}/follow", None),
        ("POST", f"/api/channels/{thread['id']}/messages", {"content": "hi"}),
    ]
    for method, route, body in routes:
        assert await tcall(live_client, method, route, body, blind.token) == PRIVATE, (method, route)
        assert await tcall(live_client, method, route, body, outsider.token) == NOT_A_MEMBER, (method, route)
    for method, route in (("GET", "/api/threads/123"), ("POST", "/api/threads/123/follow")):
        assert await tcall(live_client, method, route, token=blind.token) == (403, error("Channel does not exist."))
    assert (await tok(live_client, "GET", "/api/threads/followed", token=blind.token)) == {"threads": []}
    # nothing changed for those who can see it
    kept = await tok(live_client, "GET", path, token=place.owner.token)
    assert kept["name"] == "Staff" and kept["following"] is True


async def test_changing_a_thread_checks_its_input(live_client):
    place = await community(live_client)
    thread = await tok(
        live_client, "POST", "/api/threads", {"channelId": place.general, "name": "Plans"}, place.owner.token
    )
    path = f"/api/threads/{thread['id']}"
    cases = [
        ({"name": 5}, "name must be a string.", "name"),
        ({"name": "   "}, "name length must be between 1 and 100 characters.", "name"),
        ({"name": "x" * 101}, "name length must be between 1 and 100 characters.", "name"),
        ({"archived": "yes"}, "archived must be a boolean.", "archived"),
        ({"autoArchiveMinutes": "60"}, "autoArchiveMinutes must be a number.", "autoArchiveMinutes"),
    ]
    for body, message, where in cases:
        assert await tcall(live_client, "PATCH", path, body, place.owner.token) == (400, error(message, where)), body
    assert (await tok(live_client, "GET", path, token=place.owner.token))["name"] == "Plans"


async def test_naming_a_member_who_cannot_see_the_parent_makes_them_follow_nothing(live_client, sockets):
    place = await community(live_client)
    blind = await join(live_client, place)
    staff = await private_channel(live_client, place)
    thread = await tok(live_client, "POST", "/api/threads", {"channelId": staff, "name": "Staff"}, place.owner.token)
    probe = await threads_socket(sockets, blind)

    await tok(
        live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": f"[@:{blind.id}]"}, place.owner.token
    )

    assert (await tok(live_client, "GET", "/api/threads/followed", token=blind.token)) == {"threads": []}
    assert (await threads_socket(sockets, blind)).received("user:authenticated")[0]["threads"]["unread"] == {}
    await ping(live_client, blind, probe)  # what was sent to the probe before this has arrived
    assert probe.received("thread:follow_updated") == [] and probe.received("message:created") == []
