"""Every permission-guarded server route × (owner, admin, member with exactly the needed bit,
member without it, non-member, banned user): status and message (spec §6, rest.md §0.5)."""

import time

import pytest

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call

ADMIN, MANAGE_ROLES, MANAGE_CHANNELS, KICK, BAN, NICKNAME_MEMBER = 1, 4, 8, 16, 32, 128
NAMES = {
    ADMIN: "Admin",
    MANAGE_ROLES: "Manage Roles",
    MANAGE_CHANNELS: "Manage Channels",
    KICK: "Kick",
    BAN: "Ban",
    NICKNAME_MEMBER: "Nickname Member",
}

# (name, bit, method, path template, body)
ROUTES = [
    ("update server", ADMIN, "POST", "/api/servers/{server}", {"name": "Renamed"}),
    ("audit logs", ADMIN, "GET", "/api/servers/{server}/audit-logs", None),
    ("mute", ADMIN, "POST", "/api/servers/{server}/mutes/{victim}", {"expireAt": "FUTURE"}),
    ("create channel", MANAGE_CHANNELS, "POST", "/api/servers/{server}/channels", {"name": "new-room"}),
    ("update channel", MANAGE_CHANNELS, "POST", "/api/servers/{server}/channels/{channel}", {"name": "renamed"}),
    (
        "channel permissions",
        MANAGE_CHANNELS,
        "POST",
        "/api/servers/{server}/channels/{channel}/permissions/{role}",
        {"permissions": 7},
    ),
    ("create role", MANAGE_ROLES, "POST", "/api/servers/{server}/roles", None),
    ("member roles", MANAGE_ROLES, "POST", "/api/servers/{server}/members/{victim}", {"roleIds": []}),
    ("kick", KICK, "DELETE", "/api/servers/{server}/members/{victim}/kick", None),
    ("ban", BAN, "POST", "/api/servers/{server}/bans/{victim}", None),
    ("list bans", BAN, "GET", "/api/servers/{server}/bans", None),
    # the bit is needed even for your own nickname (rest.md §4.5)
    ("own nickname", NICKNAME_MEMBER, "POST", "/api/servers/{server}/members/{self}/profile", {"nickname": "Newname"}),
    (
        "put channel notice",
        MANAGE_CHANNELS,
        "PUT",
        "/api/servers/{server}/channels/{channel}/notice",
        {"content": "Be kind here."},
    ),
    ("delete channel notice", MANAGE_CHANNELS, "DELETE", "/api/servers/{server}/channels/{channel}/notice", None),
]
ACTORS = ["owner", "admin", "holder", "member", "outsider", "banned"]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name, bit, method, template, body", ROUTES, ids=[r[0] for r in ROUTES])
async def test_permission_matrix(client, actor, name, bit, method, template, body):
    place = await community(client)
    victim = await join(client, place)
    person = await actor_of(client, place, actor, bit)
    if name == "delete channel notice":
        await ok(
            client,
            "PUT",
            f"/api/servers/{place.id}/channels/{place.general}/notice",
            {"content": "A notice."},
            place.owner.token,
        )
    path = template.format(
        server=place.id, victim=victim.id, channel=place.general, role=place.default_role, self=person.id
    )
    if body and body.get("expireAt") == "FUTURE":
        body = {"expireAt": int(time.time() * 1000) + 60_000}
    status, result = await call(client, method, path, body, token=person.token)
    if actor in ("owner", "admin", "holder"):
        assert status == 200, result
    elif actor == "member":
        assert (status, result) == (403, error(f"Missing {NAMES[bit]} permission"))
    else:
        assert (status, result) == (403, error("Server member is not in this server."))


async def actor_of(client, place, actor, bit=None):
    if actor == "owner":
        return place.owner
    if actor in ("outsider", "banned"):
        person = await member()
        if actor == "banned":
            await join(client, place, person)
            await ok(client, "POST", f"/api/servers/{place.id}/bans/{person.id}", token=place.owner.token)
        return person
    person = await join(client, place)
    if actor == "admin":
        await role_with(client, place, ADMIN, person)
    elif actor == "holder" and bit:
        await role_with(client, place, bit, person)
    return person


NOT_A_MEMBER = (403, error("Server member is not in this server."))


@pytest.mark.parametrize("actor", ACTORS)
async def test_someone_elses_nickname_needs_admin_and_only_the_owner_renames_the_owner(client, actor):
    place = await community(client)
    victim = await join(client, place)
    person = await actor_of(client, place, actor, NICKNAME_MEMBER)
    body = {"nickname": "Renamed"}
    other = await call(client, "POST", f"/api/servers/{place.id}/members/{victim.id}/profile", body, token=person.token)
    owner = await call(
        client, "POST", f"/api/servers/{place.id}/members/{place.owner.id}/profile", body, token=person.token
    )
    expected = {
        "owner": ((200, {"nickname": "Renamed"}), (200, {"nickname": "Renamed"})),
        "admin": ((200, {"nickname": "Renamed"}), (400, error("You cannot update the server creator."))),
        "holder": ((400, error("You do not have permission to update this member.")),) * 2,
        "member": ((403, error("Missing Nickname Member permission")),) * 2,
        "outsider": (NOT_A_MEMBER, NOT_A_MEMBER),
        "banned": (NOT_A_MEMBER, NOT_A_MEMBER),
    }[actor]
    assert (other, owner) == expected


# Invites need no permission bit (any member may create one); custom codes are the owner's,
# deleting needs the creator or the owner (rest.md §4.7). "holder" holds every bit but ADMIN.
INVITE_ACTORS = ["owner", "admin", "holder", "member", "outsider", "banned"]


@pytest.mark.parametrize("actor", INVITE_ACTORS)
async def test_invite_routes_matrix(client, actor):
    from plugins.servers.models import Server

    place = await community(client)
    await Server.filter(id=int(place.id)).update(verified=True)
    owners_invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    person = await actor_of(client, place, actor, 510)
    base = f"/api/servers/{place.id}/invites"
    created = await call(client, "POST", base, token=person.token)
    listed = await call(client, "GET", base, token=person.token)
    custom = await call(client, "POST", f"{base}/custom", {"code": f"club-{actor}"}, token=person.token)
    deleted_others = await call(client, "DELETE", f"{base}/{owners_invite['code']}", token=person.token)
    if actor in ("outsider", "banned"):
        assert [created, listed, custom, deleted_others] == [NOT_A_MEMBER] * 4
        return
    assert created[0] == 200 and created[1]["createdById"] == person.id and created[1]["isCustom"] is False
    assert listed[0] == 200
    codes = {i["code"] for i in listed[1]}
    if actor == "owner":
        assert codes == {owners_invite["code"], created[1]["code"]}
        assert custom[0] == 200 and custom[1]["isCustom"] is True
        assert deleted_others == (200, {"status": True})
    else:  # admins included: custom invites are the owner's alone, as are others' invites
        assert codes == {created[1]["code"]}
        assert custom == (401, error("Only the server owner can create custom invites."))
        assert deleted_others == (403, error("Invalid invite code."))
        assert await call(client, "DELETE", f"{base}/{created[1]['code']}", token=person.token) == (
            200,
            {"status": True},
        )
