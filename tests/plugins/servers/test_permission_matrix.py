"""Every permission-guarded server route × (owner, admin, member with exactly the needed bit,
member without it, non-member, banned user): status and message (spec §6, rest.md §0.5)."""

import time

import pytest

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call

ADMIN, MANAGE_ROLES, MANAGE_CHANNELS, KICK, BAN = 1, 4, 8, 16, 32
NAMES = {ADMIN: "Admin", MANAGE_ROLES: "Manage Roles", MANAGE_CHANNELS: "Manage Channels", KICK: "Kick", BAN: "Ban"}

# (name, bit, method, path template, body)
ROUTES = [
    ("update server", ADMIN, "POST", "/api/servers/{server}", {"name": "Renamed"}),
    ("audit logs", ADMIN, "GET", "/api/servers/{server}/audit-logs", None),
    ("mute", ADMIN, "POST", "/api/servers/{server}/mutes/{victim}", {"expireAt": "FUTURE"}),
    ("create channel", MANAGE_CHANNELS, "POST", "/api/servers/{server}/channels", {"name": "new-room"}),
    ("update channel", MANAGE_CHANNELS, "POST", "/api/servers/{server}/channels/{channel}", {"name": "renamed"}),
    ("channel permissions", MANAGE_CHANNELS, "POST", "/api/servers/{server}/channels/{channel}/permissions/{role}",
     {"permissions": 7}),
    ("create role", MANAGE_ROLES, "POST", "/api/servers/{server}/roles", None),
    ("member roles", MANAGE_ROLES, "POST", "/api/servers/{server}/members/{victim}", {"roleIds": []}),
    ("kick", KICK, "DELETE", "/api/servers/{server}/members/{victim}/kick", None),
    ("ban", BAN, "POST", "/api/servers/{server}/bans/{victim}", None),
    ("list bans", BAN, "GET", "/api/servers/{server}/bans", None),
]
ACTORS = ["owner", "admin", "holder", "member", "outsider", "banned"]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name, bit, method, template, body", ROUTES, ids=[r[0] for r in ROUTES])
async def test_permission_matrix(client, actor, name, bit, method, template, body):
    place = await community(client)
    victim = await join(client, place)
    if actor == "owner":
        person = place.owner
    elif actor in ("outsider", "banned"):
        person = await member(client)
        if actor == "banned":
            await join(client, place, person)
            await ok(client, "POST", f"/api/servers/{place.id}/bans/{person.id}", token=place.owner.token)
    else:
        person = await join(client, place)
        if actor == "admin":
            await role_with(client, place, ADMIN, person)
        elif actor == "holder":
            await role_with(client, place, bit, person)
    path = template.format(server=place.id, victim=victim.id, channel=place.general, role=place.default_role)
    if body and body.get("expireAt") == "FUTURE":
        body = {"expireAt": int(time.time() * 1000) + 60_000}
    status, result = await call(client, method, path, body, token=person.token)
    if actor in ("owner", "admin", "holder"):
        assert status == 200, result
    elif actor == "member":
        assert (status, result) == (403, error(f"Missing {NAMES[bit]} permission"))
    else:
        assert (status, result) == (403, error("Server member is not in this server."))
