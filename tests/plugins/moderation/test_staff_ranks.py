"""Staff who cannot overreach (README "Staff ranks"): FOUNDER, ADMIN and MOD acting on each other
and on themselves through every route that changes a user, one row per actor × target × route.

Each row checks the answer (status and message), what changed — or, on a refusal, that nothing
did — and the audit log: the route's own entry on success, a ``REFUSED`` (100) entry naming the
actor, the target, the action and the message on a refusal."""

from dataclasses import dataclass, field
from typing import Any

import pytest

from core.identity.models import Account, User
from core.identity.passwords import verify_password
from plugins.moderation.models import AuditEntry, Notice, ShadowBan, Strikes, Suspension
from tests.plugins.messages.helpers import error
from tests.plugins.moderation.helpers import ADMIN, FOUNDER, MOD, staff
from tests.plugins.servers.helpers import community
from tests.support import PASSWORD, Person, call

REFUSED = 100
BADGES = {"FOUNDER": FOUNDER, "ADMIN": ADMIN, "MOD": MOD}
NEW_PASSWORD = "a brand new password"


@dataclass(frozen=True)
class Act:
    name: str
    method: str
    path: str
    body: dict[str, Any]
    audit_type: int  # the entry a success writes
    action: str  # how a refusal's entry names it
    before: str | None = None  # "suspended" or "shadow-banned" first
    sanction: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


USER = "/api/moderation/users/{id}"
ACTS = [
    Act("username", "POST", USER, {"username": "renamed"}, 2, "edit", sanction=False),
    Act("email", "POST", USER, {"email": "new.{id}@example.com"}, 2, "edit e-mail or password", sanction=False),
    Act("password", "POST", USER, {"newPassword": NEW_PASSWORD}, 2, "edit e-mail or password", sanction=False),
    Act(
        "badge",
        "POST",
        USER,
        {"addedInventoryItems": [{"itemType": "badge", "itemId": "8"}]},
        2,
        "edit",
        sanction=False,
    ),
    Act("suspend", "POST", "/api/moderation/users/suspend", {"days": 1, "reason": "spam"}, 0, "suspend"),
    Act(
        "edit suspension",
        "PATCH",
        "/api/moderation/users/suspend",
        {"reason": "changed"},
        6,
        "edit suspension",
        "suspended",
    ),
    Act("unsuspend", "DELETE", "/api/moderation/users/suspend", {}, 1, "unsuspend", "suspended"),
    Act("warn", "POST", "/api/moderation/users/warn", {"reason": "rude"}, 7, "warn"),
    Act("shadow-ban", "POST", "/api/moderation/users/shadow-ban", {"reason": "spam"}, 10, "shadow-ban"),
    Act("lift shadow ban", "DELETE", "/api/moderation/users/shadow-ban", {}, 11, "lift shadow ban", "shadow-banned"),
]

FOUNDER_SANCTIONS = {
    "suspend": (400, "You are not allowed to suspend the founder."),  # the reference's status
    "edit suspension": (403, "You are not allowed to edit the suspension of the founder."),
    "warn": (403, "You are not allowed to warn the founder."),
    "shadow-ban": (403, "You are not allowed to shadow ban the founder."),
}


def expected(actor: str, target: str, act: Act) -> tuple[int, str | None]:
    """The staff model, written out: (status, refusal message or None)."""
    if actor == "MOD":
        return 403, "Admin access only!"
    if act.name in ("unsuspend", "lift shadow ban"):
        return 200, None  # lifting a sanction helps its target, whoever it is
    if target == "FOUNDER" or (target == "self" and actor == "FOUNDER"):
        if act.name in FOUNDER_SANCTIONS:
            return FOUNDER_SANCTIONS[act.name]
        return (200, None) if target == "self" else (403, "You are not allowed to modify the founder.")
    if actor == "ADMIN" and target == "ADMIN" and act.name in ("email", "password"):
        return 403, "Only the founder can change the email or password of an admin."
    return 200, None


TARGETS = {"FOUNDER": ["self", "ADMIN", "MOD"], "ADMIN": ["FOUNDER", "ADMIN", "MOD", "self"]}
TARGETS["MOD"] = ["FOUNDER", "ADMIN", "MOD", "self"]
ROWS = [
    pytest.param(actor, target, act, id=f"{actor}-on-{target}-{act.name.replace(' ', '_')}")
    for actor, targets in TARGETS.items()
    for target in targets
    for act in ACTS
]


async def snapshot(user_id: int) -> dict[str, Any]:
    user = await User.get(id=user_id)
    account = await Account.get(user_id=user_id)
    suspension = await Suspension.get_or_none(user_id=user_id)
    strikes = await Strikes.get_or_none(user_id=user_id)
    return {
        "username": user.username,
        "tag": user.tag,
        "badges": user.badges,
        "email": account.email,
        "email_confirmed": account.email_confirmed,
        "password_hash": account.password_hash,
        "suspension": None if suspension is None else (suspension.reason, suspension.expire_at),
        "shadow_banned": await ShadowBan.exists(user_id=user_id),
        "notices": await Notice.filter(user_id=user_id).count(),
        "warnings": strikes.warn_count if strikes else 0,
    }


async def changed_as_asked(act: Act, person: Person, before: dict[str, Any], after: dict[str, Any]) -> None:
    if act.name == "username":
        assert after["username"] == "renamed"
    elif act.name == "email":
        assert after["email"] == f"new.{person.id}@example.com"
    elif act.name == "password":
        account = await Account.get(user_id=int(person.id))
        assert await verify_password(account.password_hash, NEW_PASSWORD)
    elif act.name == "badge":
        assert after["badges"] == before["badges"] | 8
    elif act.name == "suspend":
        assert after["suspension"] is not None and after["suspension"][0] == "spam"
    elif act.name == "edit suspension":
        assert after["suspension"] is not None and after["suspension"][0] == "changed"
    elif act.name == "unsuspend":
        assert after["suspension"] is None
    elif act.name == "warn":
        assert after["notices"] == before["notices"] + 1 and after["warnings"] == 1
    elif act.name == "shadow-ban":
        assert after["shadow_banned"] is True
    elif act.name == "lift shadow ban":
        assert after["shadow_banned"] is False


def request_body(act: Act, target: Person) -> dict[str, Any]:
    body = {key: value.format(id=target.id) if isinstance(value, str) else value for key, value in act.body.items()}
    if act.path != USER:
        body["userIds"] = [target.id]
    return {"password": PASSWORD, **body}


async def precondition(app: Any, act: Act, target: Person, actor: Person) -> None:
    """Suspended or shadow-banned first, where the route lifts or edits it. Not a suspension of
    the actor themselves: a suspended actor could not call anything."""
    if act.before == "suspended" and target is not actor:
        await Suspension.create(user_id=int(target.id), reason="before", suspended_by_id=int(actor.id))
    elif act.before == "shadow-banned":
        await ShadowBan.create(user_id=int(target.id), reason="before", banned_by_id=int(actor.id))
    await app.extensions["hearth"].standing.load_all()


@pytest.mark.parametrize(("actor_kind", "target_kind", "act"), ROWS)
async def test_staff_acting_on_staff(app, client, actor_kind, target_kind, act):
    actor = await staff(client, BADGES[actor_kind])
    target = actor if target_kind == "self" else await staff(client, BADGES[target_kind])
    await precondition(app, act, target, actor)
    before = await snapshot(int(target.id))
    status, body = await call(
        client, act.method, act.path.format(id=target.id), request_body(act, target), token=actor.token
    )
    after = await snapshot(int(target.id))
    entries = [(e.action_type, e.action_by_id, e.user_id, e.reason) for e in await AuditEntry.all().order_by("id")]

    want_status, refusal = expected(actor_kind, target_kind, act)
    if refusal is not None:
        assert (status, body) == (want_status, error(refusal))
        assert after == before  # nothing changed
        action = "edit" if actor_kind == "MOD" and act.path == USER else act.action  # the gate sees no fields
        assert entries == [(REFUSED, int(actor.id), int(target.id), f"{action}: {refusal}")]
        return
    assert status == 200, body
    noop = act.before == "suspended" and target is actor  # nothing to edit or lift
    if noop:
        assert after == before and entries == []
        return
    await changed_as_asked(act, target, before, after)
    assert (act.audit_type, int(actor.id), int(target.id)) in [entry[:3] for entry in entries]
    assert all(entry[0] != REFUSED for entry in entries)


async def test_a_batch_naming_the_founder_changes_nobody(client):
    admin, founder, user = await staff(client, ADMIN), await staff(client, FOUNDER), await staff(client, 0)
    for path, body, message in [
        ("/api/moderation/users/shadow-ban", {"reason": "spam"}, "You are not allowed to shadow ban the founder."),
        ("/api/moderation/users/warn", {"reason": "rude"}, "You are not allowed to warn the founder."),
    ]:
        status, answer = await call(
            client, "POST", path, {"password": PASSWORD, "userIds": [user.id, founder.id], **body}, token=admin.token
        )
        assert (status, answer) == (403, error(message))
    assert not await ShadowBan.exists(user_id=int(user.id))
    assert not await Notice.exists(user_id=int(user.id))
    assert [(e.action_type, e.user_id) for e in await AuditEntry.all().order_by("id")] == [
        (REFUSED, int(founder.id)),
        (REFUSED, int(founder.id)),
    ]


async def test_a_scheduled_deletion_of_the_founders_server_does_not_warn_them(client):
    place = await community(client)
    await User.filter(id=int(place.owner.id)).update(badges=FOUNDER)
    admin = await staff(client, ADMIN)
    status, _ = await call(
        client,
        "DELETE",
        f"/api/moderation/servers/{place.id}",
        {"password": PASSWORD, "reason": "x"},
        token=admin.token,
    )
    assert status == 200
    assert not await Notice.exists(user_id=int(place.owner.id))
    assert not await Strikes.exists(user_id=int(place.owner.id), warn_count__gt=0)
