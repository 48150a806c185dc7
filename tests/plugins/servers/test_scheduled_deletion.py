"""Moderator-scheduled server deletion (rest.md §8.1 ``DELETE /moderation/servers/:serverId``
and ``.../schedule-delete``, realtime.md §5.4 ``server:schedule_delete`` /
``server:remove_schedule_delete``) and the job that deletes due servers."""

from datetime import UTC, datetime, timedelta

from core.identity.models import User
from plugins.servers import scheduled
from plugins.servers.models import Server, ServerOrder
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import PASSWORD, call


async def moderator(client, badge=2):
    person = await member()
    await User.filter(id=int(person.id)).update(badges=badge)
    return person


def schedule_path(place):
    return f"/api/moderation/servers/{place.id}"


async def schedule(client, mod, place, reason="spam server"):
    return await ok(client, "DELETE", schedule_path(place), {"password": PASSWORD, "reason": reason}, mod.token)


async def test_a_moderator_schedules_and_the_members_alone_are_told(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    outsider = await member()
    mod = await moderator(live_client)
    member_socket, outsider_socket = await sockets(person.token), await sockets(outsider.token)
    before = int(datetime.now(UTC).timestamp() * 1000)

    result = await schedule(live_client, mod, place)
    assert result["success"] is True
    deletion = result["scheduledDeletion"]
    assert deletion["serverId"] == place.id and deletion["scheduledByUserId"] == mod.id
    assert before <= deletion["scheduledAt"] <= before + 60_000
    assert await member_socket.wait_for("server:schedule_delete") == {
        "serverId": place.id,
        "scheduleAt": deletion["scheduledAt"],
    }
    await ping(live_client, outsider, outsider_socket)
    assert outsider_socket.received("server:schedule_delete") == []

    # the server row says so, on a fresh connection
    fresh = await sockets(person.token)
    server = (await fresh.wait_for("user:authenticated"))["servers"][0]
    assert server["scheduledForDeletion"] == {"scheduledAt": deletion["scheduledAt"]}
    assert (await Server.get(id=int(place.id))).scheduled_deletion_by_id == int(mod.id)


async def test_scheduling_rules(client):
    place = await community(client)
    mod, founder, plain = await moderator(client), await moderator(client, badge=1), await member()
    body = {"password": PASSWORD, "reason": "spam"}
    assert await call(client, "DELETE", schedule_path(place), body, token=plain.token) == (
        403,
        error("Admin access only!"),
    )
    assert await call(client, "DELETE", schedule_path(place), body, token=place.owner.token) == (
        403,
        error("Admin access only!"),
    )
    assert await call(client, "DELETE", schedule_path(place), body) == (401, error("No token provided."))
    assert await call(client, "DELETE", schedule_path(place), {"password": PASSWORD}, token=mod.token) == (
        400,
        error("Reason is required.", "reason"),
    )
    assert await call(
        client, "DELETE", schedule_path(place), {"password": PASSWORD, "reason": "x" * 501}, token=mod.token
    ) == (400, error("Reason must be between 1 and 500 characters long.", "reason"))
    assert await call(client, "DELETE", schedule_path(place), {"reason": "spam"}, token=mod.token) == (
        400,
        error("Password is required", "password"),
    )
    assert await call(
        client, "DELETE", schedule_path(place), {"password": "abc", "reason": "spam"}, token=mod.token
    ) == (400, error("Password must be between 4 and 72 characters long.", "password"))
    assert await call(
        client, "DELETE", schedule_path(place), {"password": "wrong password", "reason": "spam"}, token=mod.token
    ) == (403, error("Invalid password.", "password"))
    assert await call(client, "DELETE", "/api/moderation/servers/12345", body, token=mod.token) == (
        404,
        error("Server does not exist."),
    )
    assert await call(client, "DELETE", "/api/moderation/servers/nope", body, token=mod.token) == (
        404,
        error("Server does not exist."),
    )
    assert (await Server.get(id=int(place.id))).scheduled_for_deletion is None  # nothing happened yet

    await schedule(client, founder, place)
    assert await call(client, "DELETE", schedule_path(place), body, token=mod.token) == (
        400,
        error("Failed to schedule server deletion."),
    )


async def test_a_scheduled_server_refuses_joins_and_member_routes_but_can_be_left(client):
    place = await community(client)
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    person = await join(client, place)
    await schedule(client, await moderator(client), place)
    newcomer = await member()
    assert await call(client, "POST", f"/api/servers/invites/{invite['code']}", token=newcomer.token) == (
        400,
        error("Server is scheduled for deletion."),
    )
    assert await call(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token) == (
        403,
        error("This server is scheduled for deletion."),
    )
    assert await call(client, "GET", f"/api/channels/{place.general}/messages", token=person.token) == (
        403,
        error("This server is scheduled for deletion."),
    )
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=person.token)


async def test_removing_the_schedule(live_client, sockets):
    place = await community(live_client)
    person, outsider, mod = await join(live_client, place), await member(), await moderator(live_client)
    member_socket, outsider_socket = await sockets(person.token), await sockets(outsider.token)
    path = f"{schedule_path(place)}/schedule-delete"
    assert await call(live_client, "DELETE", path, {"password": PASSWORD}, token=mod.token) == (
        404,
        error("Server is already not scheduled to delete."),
    )
    await schedule(live_client, mod, place)
    assert await call(live_client, "DELETE", path, {"password": PASSWORD}, token=person.token) == (
        403,
        error("Admin access only!"),
    )
    assert await call(live_client, "DELETE", path, {"password": "wrong password"}, token=mod.token) == (
        403,
        error("Invalid password.", "password"),
    )
    assert await call(live_client, "DELETE", path, {}, token=mod.token) == (
        400,
        error("Password is required", "password"),
    )
    assert await call(
        live_client, "DELETE", "/api/moderation/servers/12345/schedule-delete", {"password": PASSWORD}, token=mod.token
    ) == (404, error("Server does not exist."))

    assert await ok(live_client, "DELETE", path, {"password": PASSWORD}, mod.token) == {"success": True}
    assert await member_socket.wait_for("server:remove_schedule_delete") == {"serverId": place.id}
    await ping(live_client, outsider, outsider_socket)
    assert outsider_socket.received("server:remove_schedule_delete") == []
    server = await Server.get(id=int(place.id))
    assert server.scheduled_for_deletion is None and server.scheduled_deletion_by_id is None
    await ok(live_client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)  # usable again


async def test_the_job_deletes_only_servers_whose_delay_has_passed(live_server, live_client, sockets):
    due, recent, untouched = (
        await community(live_client, "Due"),
        await community(live_client, "Recent"),
        await community(live_client, "Fine"),
    )
    person = await join(live_client, due)
    await join(live_client, recent, person)
    await join(live_client, untouched, person)
    person_socket = await sockets(person.token)
    now = datetime.now(UTC)
    await Server.filter(id=int(due.id)).update(scheduled_for_deletion=now - timedelta(hours=121))
    await Server.filter(id=int(recent.id)).update(scheduled_for_deletion=now - timedelta(hours=119))

    async with live_server.app.quart.app_context():
        assert await scheduled.delete_due() == [int(due.id)]
        assert await scheduled.delete_due() == []  # idempotent: nothing left to do
    assert await person_socket.wait_for("server:left") == {"serverId": due.id}
    assert await Server.filter(id__in=[int(recent.id), int(untouched.id)]).count() == 2
    assert not await Server.exists(id=int(due.id))
    assert await call(live_client, "GET", f"/api/channels/{due.general}/messages", token=person.token) == (
        403,
        error("Channel does not exist."),
    )
    order = await ServerOrder.get(user_id=int(person.id))
    assert due.id not in order.ordered_ids and recent.id in order.ordered_ids

    async with live_server.app.quart.app_context():  # a later clock reaches the recent one
        assert await scheduled.delete_due(now + timedelta(hours=2)) == [int(recent.id)]


async def test_the_job_runs_by_itself_at_the_configured_interval(start_server):
    from tests.support import connect_socket

    server = await start_server(
        **{"servers.scheduled_deletion_interval_seconds": 0.05, "servers.scheduled_deletion_delay_hours": 0}
    )
    client = server.app.quart.test_client()
    place = await community(client)
    probe = await connect_socket(server.url, place.owner.token)
    try:
        await schedule(client, await moderator(client), place)
        assert await probe.wait_for("server:left") == {"serverId": place.id}
        assert not await Server.exists(id=int(place.id))
    finally:
        await probe.close()
