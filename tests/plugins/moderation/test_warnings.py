"""Warnings (rest.md §8.2 ``/moderation/users/warn``, entities.md §3.9): the user gets the
notice live (``user:notice_created``) and in ``user:authenticated``, dismisses it with
``DELETE /users/notices/:id``; a third warning within six months suspends for 7 days, a sixth
for 30."""

from datetime import UTC, datetime, timedelta

from plugins.moderation.models import AuditEntry, Notice, Strikes, Suspension
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import FOUNDER, ok, pw, staff
from tests.support import call

PATH = "/api/moderation/users/warn"


async def warn(client, mod, *people, reason="be nice"):
    return await ok(client, "POST", PATH, pw(userIds=[p.id for p in people], reason=reason), mod.token)


async def test_a_warned_user_gets_the_notice_live_and_nobody_else(live_client, sockets):
    mod, target, other = await staff(live_client), await member(), await member()
    target_socket, other_socket = await sockets(target.token), await sockets(other.token)
    assert await warn(live_client, mod, target, reason="Please stop spamming.") == {"status": True}
    notice = await target_socket.wait_for("user:notice_created")
    assert notice["type"] == 0 and notice["title"] is None and notice["content"] == "Please stop spamming."
    assert notice["createdBy"] == {"username": mod.username} and isinstance(notice["createdAt"], int)
    await ping(live_client, other, other_socket)
    assert other_socket.received("user:notice_created") == []
    assert target_socket.client.connected  # a warning does not disconnect

    fresh = await sockets(target.token)
    assert (await fresh.wait_for("user:authenticated"))["user"]["notices"] == [notice]
    assert await call(live_client, "DELETE", f"/api/users/notices/{notice['id']}", token=other.token) == (
        404,
        error("Notice not found"),
    )
    assert await ok(live_client, "DELETE", f"/api/users/notices/{notice['id']}", token=target.token) == {
        "success": True
    }
    assert await call(live_client, "DELETE", f"/api/users/notices/{notice['id']}", token=target.token) == (
        404,
        error("Notice not found"),
    )
    assert await call(live_client, "DELETE", f"/api/users/notices/{notice['id']}") == (401, error("No token provided."))
    later = await sockets(target.token)
    assert (await later.wait_for("user:authenticated"))["user"]["notices"] == []
    entry = await AuditEntry.get(action_type=7)
    assert (entry.user_id, entry.reason) == (int(target.id), "Please stop spamming.")


async def test_warning_rules(client):
    mod, target = await staff(client), await member()
    assert await call(client, "POST", PATH, pw(userIds=[target.id]), token=mod.token) == (
        400,
        error("Reason is required.", "reason"),
    )
    status, body = await call(
        client, "POST", PATH, pw(userIds=[str(i) for i in range(5000)], reason="x"), token=mod.token
    )
    assert (status, body) == (403, "user ids must contain less than 5000 ids.")  # a bare string, as upstream
    assert not await Notice.exists()


async def test_the_third_warning_suspends_for_a_week_and_the_sixth_for_a_month(live_client, sockets):
    mod = await staff(live_client, FOUNDER)  # founders pass the IP ban the third warning brings
    target = await member()
    await warn(live_client, mod, target)
    await warn(live_client, mod, target)
    assert not await Suspension.exists()
    probe = await sockets(target.token)
    await warn(live_client, mod, target)
    kicked = await probe.wait_for("user:authenticate_error")
    assert kicked["message"] == "You are suspended."
    assert kicked["data"]["reason"] == "Warned 3 times in 6 months."
    week = int(datetime.now(UTC).timestamp() * 1000) + 7 * 86_400_000
    assert week - 60_000 <= kicked["data"]["expire"] <= week
    assert probe.received("user:notice_created")  # the warning came first
    assert await AuditEntry.filter(action_type=8).exists()  # and the IP ban

    await ok(live_client, "DELETE", "/api/moderation/users/suspend", pw(userIds=[target.id]), mod.token)
    await warn(live_client, mod, target)
    await warn(live_client, mod, target)
    assert await Suspension.filter(user_id=int(target.id)).count() == 0
    await warn(live_client, mod, target)
    row = await Suspension.get(user_id=int(target.id))
    assert row.reason == "Warned 6 times in 6 months."
    assert timedelta(days=29) < row.expire_at - datetime.now(UTC) <= timedelta(days=30)
    assert (await Strikes.get(user_id=int(target.id))).warn_count == 6


async def test_old_warnings_expire_after_six_months(client):
    mod, target = await staff(client), await member()
    await warn(client, mod, target)
    await warn(client, mod, target)
    await Strikes.filter(user_id=int(target.id)).update(warn_expires_at=datetime.now(UTC) - timedelta(days=1))
    await warn(client, mod, target)
    assert not await Suspension.exists()
    assert (await Strikes.get(user_id=int(target.id))).warn_count == 1
