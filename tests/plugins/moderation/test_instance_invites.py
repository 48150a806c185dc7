"""``/api/moderation/instance-invites`` (Hearth's own): admins make, list and revoke the codes that
open invite-only registration; each action is audited; nobody else may."""

import hashlib

import pytest

from plugins.accounts.models import InstanceInvite
from plugins.moderation.audit import INSTANCE_INVITE_CREATED, INSTANCE_INVITE_REVOKED
from plugins.moderation.models import AuditEntry
from tests.plugins.accounts.helpers import error
from tests.plugins.moderation.helpers import ADMIN, FOUNDER, MOD, ok, staff
from tests.support import call, new_person

INVITES = "/api/moderation/instance-invites"


@pytest.fixture
async def invite_client(make_app):
    app = make_app(**{"accounts.registration": "invite"})
    async with app.test_app():
        yield app.test_client()


async def test_an_admin_makes_lists_and_revokes_invites(invite_client):
    client = invite_client
    admin = await staff(client, ADMIN)
    made = await ok(client, "POST", INVITES, {"maxUses": 3, "expiresInHours": 24}, admin.token)
    code, invite = made["code"], made["invite"]
    assert invite["hint"] == code[:4] and invite["maxUses"] == 3 and invite["uses"] == 0
    assert invite["expiresAt"] is not None and invite["revoked"] is False and invite["createdById"] == admin.id
    stored = await InstanceInvite.get(id=int(invite["id"]))
    assert stored.code_hash == hashlib.sha256(code.encode()).hexdigest() and len(code) >= 16  # only its hash

    status, _ = await call(
        client,
        "POST",
        "/api/users/register",
        {"email": "invited@example.com", "username": "invited", "password": "secret pass", "inviteCode": code},
    )
    assert status == 200
    listed = await ok(client, "GET", INVITES, token=admin.token)
    assert [(i["id"], i["uses"]) for i in listed] == [(invite["id"], 1)]

    revoked = await ok(client, "DELETE", f"{INVITES}/{invite['id']}", token=admin.token)
    assert revoked["invite"]["revoked"] is True
    status, body = await call(
        client,
        "POST",
        "/api/users/register",
        {"email": "late@example.com", "username": "late", "password": "secret pass", "inviteCode": code},
    )
    assert (status, body) == (400, error("This invite code is invalid, expired or used up.", "inviteCode"))
    actions = await AuditEntry.filter(action_by_id=int(admin.id)).order_by("id").values_list("action_type", "reason")
    assert actions == [(INSTANCE_INVITE_CREATED, code[:4]), (INSTANCE_INVITE_REVOKED, code[:4])]


async def test_a_founder_may_too(invite_client):
    founder = await staff(invite_client, FOUNDER)
    assert (await call(invite_client, "POST", INVITES, {}, founder.token))[0] == 200


async def test_moderators_and_members_may_not(invite_client):
    mod, member = await staff(invite_client, MOD), await new_person()
    for person in (mod, member):
        status, body = await call(invite_client, "POST", INVITES, {}, person.token)
        assert status == 403, body
        assert (await call(invite_client, "GET", INVITES, token=person.token))[0] == 403
    assert (await call(invite_client, "GET", INVITES))[0] == 401
    assert await InstanceInvite.all().count() == 0


async def test_bad_input(invite_client):
    admin = await staff(invite_client, ADMIN)
    cases = [
        ({"maxUses": 0}, error("maxUses must be between 1 and 1000.", "maxUses")),
        ({"maxUses": "3"}, error("maxUses must be a whole number.", "maxUses")),
        ({"expiresInHours": 9000}, error("expiresInHours must be between 1 and 8760.", "expiresInHours")),
    ]
    for body, expected in cases:
        assert await call(invite_client, "POST", INVITES, body, admin.token) == (400, expected)
    assert await call(invite_client, "DELETE", f"{INVITES}/12345", token=admin.token) == (
        404,
        error("Invite not found.", "inviteId"),
    )
    assert await call(invite_client, "DELETE", f"{INVITES}/nope", token=admin.token) == (
        404,
        error("Invite not found.", "inviteId"),
    )
