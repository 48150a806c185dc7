"""Moderation without its optional servers and messages plugins: the staff area's server routes
are gone (404) while users, suspensions, warnings, shadow bans, suggestions, tickets, posts and
stats still work; without messages (so without servers, inbox and tickets too) the channel viewer
is gone, the message figures are 0 and a suspension's "delete recent messages" removes posts."""

from __future__ import annotations

import pytest

from plugins.moderation.models import Notice
from plugins.posts.models import Post
from tests.plugins.messages.helpers import error, member, open_dm, sent
from tests.plugins.moderation.helpers import ADMIN, MOD, ok, pw, staff, suspend
from tests.plugins.posts.helpers import post
from tests.plugins.tickets.helpers import open_ticket
from tests.support import call

NOT_FOUND = (404, {"message": "Not found.", "path": None})


async def enabled_plugins(client):
    return {p["id"] for p in (await ok(client, "GET", "/api/plugins"))["plugins"]}


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/api/moderation/servers"),
        ("GET", "/api/moderation/servers/active"),
        ("GET", "/api/moderation/servers/search?q=x"),
        ("GET", "/api/moderation/servers/1"),
        ("GET", "/api/moderation/servers/1/channels"),
        ("POST", "/api/moderation/servers/1"),
        ("POST", "/api/moderation/servers/1/pin"),
        ("DELETE", "/api/moderation/servers/1/pin"),
        ("DELETE", "/api/moderation/servers/1"),
    ],
)
async def test_without_servers_the_server_routes_are_gone(client_without, method, path):
    client = await client_without("servers")
    admin = await staff(client, ADMIN)
    assert await call(client, method, path, pw() if method != "GET" else None, token=admin.token) == NOT_FOUND


async def test_without_servers_there_are_no_server_audit_logs(client_without):
    client = await client_without("servers")
    admin = await staff(client, ADMIN)
    # the path now reaches a user's page, as any other id that names nobody would
    assert await call(client, "GET", "/api/moderation/users/audit-logs", token=admin.token) == (
        404,
        error("User not found."),
    )


async def test_without_servers_users_sanctions_and_the_rest_work(client_without):
    client = await client_without("servers")
    assert "moderation" in await enabled_plugins(client) and "servers" not in await enabled_plugins(client)
    admin, mod = await staff(client, ADMIN), await staff(client, MOD)
    target, rude, spammer = await member(), await member(), await member()

    page = await ok(client, "GET", f"/api/moderation/users/{target.id}", token=admin.token)
    assert page["id"] == target.id and page["servers"] == []
    assert [
        u["id"] for u in await ok(client, "GET", f"/api/moderation/users/search?q={target.id}", token=mod.token)
    ] == [target.id]

    await ok(client, "POST", "/api/moderation/users/warn", pw(userIds=[rude.id], reason="be kind"), admin.token)
    assert [n.content for n in await Notice.filter(user_id=int(rude.id))] == ["be kind"]
    await suspend(client, admin, target, reason="spam")
    assert await call(client, "GET", "/api/users", token=target.token) == (401, error("You are suspended."))
    await ok(client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[spammer.id], reason="spam"), admin.token)
    assert (await ok(client, "GET", f"/api/moderation/users/{spammer.id}", token=admin.token))["shadowBan"]

    # a MOD suggests acting on a user; a server cannot be suggested any more
    await ok(
        client,
        "POST",
        "/api/moderation/suggest_action",
        {"reason": "rude", "actionType": 0, "userId": rude.id},
        mod.token,
    )
    assert await call(
        client,
        "POST",
        "/api/moderation/suggest_action",
        {"reason": "spam server", "actionType": 3, "serverId": "123"},
        token=mod.token,
    ) == (400, {"success": False, "error": "Something went wrong. Try again later."})
    listed = (await ok(client, "GET", "/api/moderation/suggest_action", token=mod.token))["data"]
    assert [(s["user"]["id"], s["server"]) for s in listed] == [(rude.id, None)]

    # tickets, posts, audit logs and stats are still there
    ticket = await open_ticket(client, rude, "Why?")
    assert [t["id"] for t in await ok(client, "GET", "/api/moderation/tickets", token=admin.token)] == [ticket["id"]]
    made = await post(client, rude, "hello feed")
    assert made["id"] in [p["id"] for p in await ok(client, "GET", "/api/moderation/posts", token=mod.token)]
    assert len(await ok(client, "GET", "/api/moderation/audit-logs", token=admin.token)) == 3
    figures = await ok(client, "GET", "/api/moderation/stats", token=mod.token)
    assert figures["totalCreatedServers"] == 0 and figures["totalRegisteredUsers"] == 5


async def test_without_servers_the_channel_viewer_shows_a_dm(client_without):
    client = await client_without("servers")
    admin = await staff(client, ADMIN)
    alice, bob = await member(), await member()
    channel_id = await open_dm(client, alice, bob)
    await sent(client, alice, channel_id, "reported words")
    viewed = await ok(client, "GET", f"/api/moderation/channels/{channel_id}/messages", token=admin.token)
    assert [m["content"] for m in viewed["messages"]] == ["reported words"]
    assert viewed["channel"]["id"] == channel_id and viewed["channel"]["server"] is None


async def test_without_messages_posts_go_with_a_suspension_and_message_figures_are_zero(client_without):
    client = await client_without("messages")
    enabled = await enabled_plugins(client)
    assert "moderation" in enabled and "posts" in enabled
    assert not {"messages", "servers", "inbox", "tickets"} & enabled
    admin = await staff(client, ADMIN)
    spammer = await member()
    spam = await post(client, spammer, "buy now")
    assert await call(client, "GET", "/api/moderation/channels/1/messages", token=admin.token) == NOT_FOUND

    await suspend(client, admin, spammer, deleteRecentMessages=True)
    assert (await Post.get(id=int(spam["id"]))).deleted
    assert await call(client, "GET", "/api/users", token=spammer.token) == (401, error("You are suspended."))

    figures = await ok(client, "GET", "/api/moderation/stats", token=admin.token)
    assert figures == {
        "totalRegisteredUsers": 2,
        "weeklyRegisteredUsers": 2,
        "totalCreatedServers": 0,
        "totalCreatedMessages": 0,
        "weeklyCreatedMessages": 0,
    }
    days = (await ok(client, "GET", "/api/moderation/stats/daily?days=2", token=admin.token))["days"]
    assert [(d["registrations"], d["messages"], d["activeUsers"]) for d in days][-1] == (2, 0, 0)
