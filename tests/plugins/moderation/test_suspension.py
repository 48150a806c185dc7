"""Suspending users (rest.md §8.2 ``/moderation/users/suspend``): at once their sockets are
told why and dropped (realtime.md §3.6), their tokens are refused on REST (401) and sockets
(with the suspension data), and lifting it gives them back."""

import asyncio
from datetime import UTC, datetime, timedelta

from core.identity.models import User
from plugins.moderation import jobs
from plugins.moderation.models import AuditEntry, Strikes, Suspension
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import FOUNDER, ok, pw, staff, suspend
from tests.support import call, connect_socket

PATH = "/api/moderation/users/suspend"


def now_ms() -> int:
    return int(datetime.now(UTC).timestamp() * 1000)


async def test_a_suspended_user_is_dropped_at_once_and_refused_everywhere(live_server, live_client, sockets):
    mod, target, bystander = await staff(live_client), await member(), await member()
    target_socket, other_tab, bystander_socket = (
        await sockets(target.token),
        await sockets(target.token),
        await sockets(bystander.token),
    )
    before = now_ms()

    assert await suspend(live_client, mod, target, days=3, reason="spamming links") == {"status": True}

    expected_until = before + 3 * 86_400_000
    for probe in (target_socket, other_tab):
        kicked = await probe.wait_for("user:authenticate_error")
        assert kicked["message"] == "You are suspended."
        data = kicked["data"]
        assert data["type"] == "suspend" and data["reason"] == "spamming links"
        assert data["by"] == {"username": mod.username}
        assert expected_until <= data["expire"] <= expected_until + 60_000
        await probe.wait_disconnected()
    await ping(live_client, bystander, bystander_socket)
    assert bystander_socket.received("user:authenticate_error") == [] and bystander_socket.client.connected

    assert await call(live_client, "GET", "/api/users", token=target.token) == (401, error("You are suspended."))
    fresh = await connect_socket(live_server.url, target.token)
    try:
        refused = fresh.received("user:authenticate_error")[0]
        assert refused["message"] == "You are suspended." and refused["data"] == data
        await fresh.wait_disconnected()
    finally:
        await fresh.close()
    # logging in still hands out a token (as upstream), which is refused the same way
    status, body = await call(
        live_client, "POST", "/api/users/login", {"email": target.email, "password": target.password}
    )
    assert status == 200
    assert await call(live_client, "GET", "/api/users", token=body["token"]) == (401, error("You are suspended."))

    entry = await AuditEntry.get(action_type=0)
    assert (entry.user_id, entry.username, entry.action_by_id, entry.reason) == (
        int(target.id),
        target.username,
        int(mod.id),
        "spamming links",
    )
    assert (await Strikes.get(user_id=int(target.id))).suspend_count == 1


async def test_suspension_rules(client):
    mod, target, founder = await staff(client), await member(), await staff(client, FOUNDER)
    body = pw(userIds=[target.id], days=1, reason="spam")
    assert await call(client, "POST", PATH, {**body, "days": 32}, token=mod.token) == (
        403,
        error("Days must be less than 31", "days"),
    )
    assert await call(client, "POST", PATH, {**body, "days": "2"}, token=mod.token) == (
        400,
        error("Days must be a number.", "days"),
    )
    assert await call(client, "POST", PATH, {k: v for k, v in body.items() if k != "reason"}, token=mod.token) == (
        400,
        error("Reason is required.", "reason"),
    )
    assert await call(client, "POST", PATH, {**body, "reason": "x" * 501}, token=mod.token) == (
        400,
        error("Reason must be between 1 and 500 characters long.", "reason"),
    )
    assert await call(client, "POST", PATH, {**body, "userIds": "nope"}, token=mod.token) == (
        400,
        error("userIds must be an array of strings.", "userIds"),
    )
    assert await call(client, "POST", PATH, {**body, "userIds": [str(i) for i in range(5000)]}, token=mod.token) == (
        400,
        error("user ids must contain less than 5000 ids."),
    )
    assert await call(client, "POST", PATH, {**body, "userIds": [target.id, founder.id]}, token=mod.token) == (
        400,
        error("You are not allowed to suspend the founder."),
    )
    assert not await Suspension.exists()
    # a mod cannot, a founder can; unknown ids are skipped
    assert await suspend(client, founder, target, days=31) == {"status": True}
    assert await ok(client, "POST", PATH, pw(userIds=["123", "nope"], days=1, reason="x"), mod.token) == {
        "status": True
    }
    assert await Suspension.all().count() == 1


async def test_editing_and_lifting_a_suspension(live_server, live_client):
    mod, target = await staff(live_client), await member()
    await suspend(live_client, mod, target, days=2, reason="first")
    assert await ok(live_client, "PATCH", PATH, pw(userIds=[target.id], days=10, reason="worse"), mod.token) == {
        "success": True
    }
    probe = await connect_socket(live_server.url, target.token)
    try:
        data = probe.received("user:authenticate_error")[0]["data"]
    finally:
        await probe.close()
    assert data["reason"] == "worse" and data["expire"] >= now_ms() + 9 * 86_400_000
    assert await ok(live_client, "PATCH", PATH, pw(userIds=[target.id], days=0), mod.token) == {"success": True}
    row = await Suspension.get(user_id=int(target.id))
    assert row.expire_at is None and row.reason == "worse" and row.email_hash is not None
    assert await call(live_client, "PATCH", PATH, pw(userIds=[target.id], days=40), token=mod.token) == (
        403,
        error("Days must be less than 31", "days"),
    )

    assert await ok(live_client, "DELETE", PATH, pw(userIds=[target.id]), mod.token) == {"success": True}
    assert (await call(live_client, "GET", "/api/users", token=target.token))[0] == 200
    probe = await connect_socket(live_server.url, target.token)
    try:
        assert probe.received("user:authenticated")
    finally:
        await probe.close()
    assert await call(live_client, "DELETE", PATH, pw(userIds=[str(i) for i in range(5000)]), token=mod.token) == (
        403,
        error("user ids must contain less than 5000 ids."),
    )
    assert [e.action_type for e in await AuditEntry.all().order_by("id")] == [0, 6, 6, 1]
    assert (await Strikes.get(user_id=int(target.id))).suspend_count == 0


async def test_an_expired_suspension_no_longer_refuses(app, client):
    mod, target = await staff(client), await member()
    await suspend(client, mod, target, days=2 / 86_400)  # two seconds
    assert (await call(client, "GET", "/api/users", token=target.token))[0] == 401
    for _ in range(200):  # the clock alone lifts it
        if (await call(client, "GET", "/api/users", token=target.token))[0] == 200:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the suspension never expired")
    async with app.app_context():
        await jobs.run_once(app.extensions["hearth"].settings)
    assert not await Suspension.exists()
    status, details = await call(client, "GET", f"/api/moderation/users/{target.id}", token=mod.token)
    assert details["suspension"] is None and details["account"]["suspendCount"] == 1


async def test_permanent_suspensions_delete_the_account_after_fifteen_days(app, client):
    mod, target, recent = await staff(client), await member(), await member()
    await suspend(client, mod, target, recent, days=0, reason="ban evasion")
    await Suspension.filter(user_id=int(target.id)).update(
        suspended_at=datetime.now(UTC) - timedelta(days=15, minutes=1)
    )
    async with app.app_context():
        assert await jobs.run_once(app.extensions["hearth"].settings) == [int(target.id)]
        assert await jobs.run_once(app.extensions["hearth"].settings) == []
    gone = await User.get(id=int(target.id))
    assert gone.deleted and gone.username.startswith("Deleted User")
    assert (await Suspension.get(user_id=int(target.id))).user_deleted
    assert not (await User.get(id=int(recent.id))).deleted
    # the address cannot come back
    status, body = await call(
        client, "POST", "/api/users/register", {"email": target.email, "username": "again", "password": "secret pass"}
    )
    assert (status, body) == (401, error("This email is suspended.", "email"))
    assert await call(client, "GET", "/api/users", token=target.token) == (401, error("Invalid token."))
