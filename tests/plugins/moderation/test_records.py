"""The moderators' audit log and its search, every server's audit log, stats, any channel's
messages, suggested actions, and posts without a posts plugin (rest.md §8.3, §8.5, §8.6)."""

from datetime import UTC, datetime

from plugins.moderation.models import AuditEntry, SuggestedAction
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.moderation.helpers import MOD, ok, pw, staff, suspend
from tests.plugins.servers.helpers import community
from tests.support import call


async def test_the_audit_log_lists_newest_first_with_who_acted(client):
    admin, target, other = await staff(client), await member(), await member()
    await suspend(client, admin, target, reason="one")
    await suspend(client, admin, other, reason="two")
    place = await community(client, "Audited")
    await ok(client, "POST", f"/api/moderation/servers/{place.id}", pw(verified=True), admin.token)
    logs = await ok(client, "GET", "/api/moderation/audit-logs", token=admin.token)
    assert [(e["actionType"], e["userId"], e["serverId"]) for e in logs] == [
        (4, None, place.id),
        (0, other.id, None),
        (0, target.id, None),
    ]
    first = logs[2]
    assert first["username"] == target.username and first["reason"] == "one" and first["actionById"] == admin.id
    assert first["actionBy"]["id"] == admin.id and "status" in first["actionBy"]
    assert isinstance(first["expireAt"], int) and first["count"] is None and first["channelId"] is None
    assert logs[0]["serverName"] == "Audited"
    assert [
        e["userId"]
        for e in await ok(client, "GET", f"/api/moderation/audit-logs?after={logs[1]['id']}", token=admin.token)
    ] == [target.id]
    assert len(await ok(client, "GET", "/api/moderation/audit-logs?limit=1", token=admin.token)) == 1
    search = "/api/moderation/audit-logs/search?q="
    assert [e["userId"] for e in await ok(client, "GET", search + other.id, token=admin.token)] == [other.id]
    assert [e["serverId"] for e in await ok(client, "GET", search + place.id, token=admin.token)] == [place.id]
    assert len(await ok(client, "GET", search + admin.id, token=admin.token)) == 3
    assert await ok(client, "GET", search + "words", token=admin.token) == []


async def test_hearths_own_action_types_are_listed_only_to_a_client_that_names_them(client):
    """A protocol client knows action types 0–11; a refused staff action (100) or an instance
    invite (101) would be an entry it cannot show, so it gets only the reference's."""
    admin = await staff(client)
    target = await member()
    await suspend(client, admin, target, reason="one")
    await ok(client, "POST", "/api/moderation/instance-invites", {}, admin.token)
    naming = {"X-Hearth-Features": "audit_actions"}

    plain = await ok(client, "GET", "/api/moderation/audit-logs", token=admin.token)
    assert [e["actionType"] for e in plain] == [0]
    status, asked = await call(client, "GET", "/api/moderation/audit-logs", token=admin.token, headers=naming)
    assert status == 200 and [e["actionType"] for e in asked] == [101, 0]
    search = f"/api/moderation/audit-logs/search?q={admin.id}"
    assert [e["actionType"] for e in await ok(client, "GET", search, token=admin.token)] == [0]
    status, asked = await call(client, "GET", search, token=admin.token, headers=naming)
    assert status == 200 and [e["actionType"] for e in asked] == [101, 0]


async def test_every_servers_audit_log(client):
    place, elsewhere = await community(client, "One"), await community(client, "Two")
    await ok(client, "POST", f"/api/servers/{place.id}", {"name": "One renamed"}, place.owner.token)
    await ok(client, "POST", f"/api/servers/{elsewhere.id}", {"name": "Two renamed"}, elsewhere.owner.token)
    mod = await staff(client, MOD)
    body = await ok(client, "GET", "/api/moderation/users/audit-logs", token=mod.token)
    assert [e["serverId"] for e in body["auditLogs"]] == [elsewhere.id, place.id]
    assert {s["name"] for s in body["servers"]} == {"One renamed", "Two renamed"}
    assert {u["id"] for u in body["users"]} == {place.owner.id, elsewhere.owner.id}
    only = await ok(client, "GET", f"/api/moderation/users/audit-logs?q={place.owner.id}", token=mod.token)
    assert [e["serverId"] for e in only["auditLogs"]] == [place.id]
    assert (await ok(client, "GET", f"/api/moderation/users/audit-logs?q={elsewhere.id}", token=mod.token))[
        "auditLogs"
    ][0]["actionType"] == "SERVER_UPDATE"


async def test_stats_count_this_week_and_per_day(client):
    place = await community(client)
    await sent(client, place.owner, place.general, "one")
    await sent(client, place.owner, place.general, "two")
    mod = await staff(client, MOD)
    stats = await ok(client, "GET", "/api/moderation/stats", token=mod.token)
    assert stats == {
        "totalRegisteredUsers": 2,
        "weeklyRegisteredUsers": 2,
        "totalCreatedServers": 1,
        "totalCreatedMessages": 2,
        "weeklyCreatedMessages": 2,
    }
    daily = await ok(client, "GET", "/api/moderation/stats/daily?days=7", token=mod.token)
    assert len(daily["days"]) == 7
    assert daily["days"][-1] == {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "registrations": 2,
        "messages": 2,
        "activeUsers": 1,
    }
    assert all(day["messages"] == 0 for day in daily["days"][:-1])
    assert len((await ok(client, "GET", "/api/moderation/stats/daily?days=1000", token=mod.token))["days"]) == 90


async def test_any_channel_around_a_message(client):
    place = await community(client)
    said = [await sent(client, place.owner, place.general, f"m{n}") for n in range(5)]
    admin = await staff(client)
    body = await ok(
        client,
        "GET",
        f"/api/moderation/channels/{place.general}/messages?aroundId={said[2]['id']}&limit=2",
        token=admin.token,
    )
    assert [m["content"] for m in body["messages"]] == ["m2", "m3"]  # the target and one newer
    assert body["channel"] == {
        "id": place.general,
        "name": "General",
        "server": {"id": place.id, "name": place.server["name"], "avatar": None},
    }
    assert (
        len(
            (await ok(client, "GET", f"/api/moderation/channels/{place.general}/messages", token=admin.token))[
                "messages"
            ]
        )
        == 5
    )
    assert await ok(client, "GET", "/api/moderation/channels/123/messages", token=admin.token) == {
        "messages": [],
        "channel": None,
    }


async def test_suggested_actions(client):
    mod, other_mod = await staff(client, MOD), await staff(client, MOD)
    target = await member()
    place = await community(client)
    path = "/api/moderation/suggest_action"
    first = await ok(client, "POST", path, {"reason": "spams", "actionType": 0, "userId": target.id}, mod.token)
    assert first["success"] is True and first["data"]["userId"] == target.id and first["data"]["reason"] == "spams"
    again = await ok(client, "POST", path, {"reason": "still", "actionType": 0, "userId": target.id}, other_mod.token)
    assert again["data"]["id"] == first["data"]["id"] and again["data"]["reason"] == "spams\n\nstill"
    await ok(client, "POST", path, {"reason": "scam", "actionType": 3, "serverId": place.id}, mod.token)
    listed = await ok(client, "GET", path, token=mod.token)
    assert listed["success"] is True
    server_row, user_row = listed["data"]
    assert server_row["server"]["id"] == place.id and server_row["user"] is None and server_row["post"] is None
    assert user_row["user"]["id"] == target.id and user_row["suggestBy"]["id"] == mod.id
    assert await call(client, "POST", path, {"reason": "x", "actionType": 0}, token=mod.token) == (
        400,
        {"success": False, "error": "Something went wrong. Try again later."},
    )
    assert await call(client, "POST", path, {"reason": "x", "actionType": 0, "userId": "404"}, token=mod.token) == (
        400,
        {"success": False, "error": "Something went wrong. Try again later."},
    )
    assert await call(client, "POST", path, {"actionType": 0, "userId": target.id}, token=mod.token) == (
        400,
        error("Reason is required.", "reason"),
    )
    assert await call(
        client, "POST", path, {"reason": "x" * 501, "actionType": 0, "userId": target.id}, token=mod.token
    ) == (400, error("Reason must be 1-500 chars.", "reason"))
    assert await ok(client, "DELETE", f"{path}/{first['data']['id']}", token=mod.token) == {"success": True}
    assert await SuggestedAction.all().count() == 1


async def test_posts_without_a_posts_plugin(make_app):
    app = make_app(**{"plugins.disabled": ["posts"]})
    async with app.test_app():
        client = app.test_client()
        admin = await staff(client)
        assert await ok(client, "GET", "/api/moderation/posts", token=admin.token) == []
        assert await ok(client, "GET", "/api/moderation/posts/search?q=1", token=admin.token) == []
        assert await call(client, "POST", "/api/moderation/posts/1/announcement", pw(), token=admin.token) == (
            404,
            error("Post not found", "postId"),
        )
        assert await call(
            client, "POST", "/api/moderation/posts/delete", pw(postIds=[str(i) for i in range(5000)]), token=admin.token
        ) == (403, error("post ids must contain less than 5000 ids."))
        assert await ok(client, "POST", "/api/moderation/posts/delete", pw(postIds=["1"]), admin.token) == {
            "success": True
        }
        entry = await AuditEntry.get(action_type=5)
        assert entry.count == 0
