"""The admins' side of tickets (rest.md §8.4): list and filter them, read one, set its status
(the opener then sees it unread), mute it for yourself; talk in it — and nobody but the opener
and the admins ever sees a ticket's messages (no socket events at all, realtime.md §2)."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.moderation.helpers import FOUNDER, MOD, ok, staff
from tests.plugins.tickets.helpers import open_ticket
from tests.support import call


async def test_admins_list_filter_and_read_tickets(client):
    alice, bob = await member(), await member()
    admin = await staff(client)
    older, newer = await open_ticket(client, alice, "Old"), await open_ticket(client, bob, "New", category=4)
    listed = await ok(client, "GET", "/api/moderation/tickets", token=admin.token)
    assert [t["id"] for t in listed] == [newer["id"], older["id"]]
    assert listed[0]["openedBy"]["id"] == bob.id and "status" in listed[0]["openedBy"]
    assert listed[0]["ignoredByUsers"] == [] and "seen" not in listed[0]
    assert [
        t["id"] for t in await ok(client, "GET", f"/api/moderation/tickets?after={newer['id']}", token=admin.token)
    ] == [older["id"]]
    await ok(client, "POST", f"/api/moderation/tickets/{older['id']}", {"status": 1}, admin.token)
    assert [t["id"] for t in await ok(client, "GET", "/api/moderation/tickets?status=1", token=admin.token)] == [
        older["id"]
    ]
    one = await ok(client, "GET", f"/api/moderation/tickets/{newer['id']}", token=admin.token)
    assert one["category"] == 4 and one["title"] == "New"
    status, nothing = await call(client, "GET", "/api/moderation/tickets/999", token=admin.token)
    assert (status, nothing) == (200, None)


async def test_status_changes_show_the_opener_an_update(client):
    person = await member()
    admin = await staff(client, FOUNDER)
    ticket = await open_ticket(client, person)
    assert await ok(client, "GET", "/api/tickets?seen=false&limit=1", token=person.token) == []
    changed = await ok(client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 1}, admin.token)
    assert changed["status"] == 1 and changed["openedBy"]["id"] == person.id and "ignoredByUsers" not in changed
    unread = await ok(client, "GET", "/api/tickets?seen=false&limit=1", token=person.token)
    assert [t["id"] for t in unread] == [ticket["id"]] and unread[0]["seen"] is False
    await ok(client, "GET", f"/api/tickets/{ticket['id']}", token=person.token)  # reading it marks it seen
    assert await ok(client, "GET", "/api/tickets?seen=false&limit=1", token=person.token) == []
    assert await call(client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 7}, token=admin.token) == (
        400,
        error("Invalid status."),
    )
    assert await call(client, "POST", f"/api/moderation/tickets/{ticket['id']}", {}, token=admin.token) == (
        400,
        error("status must be a number!", "status"),
    )
    assert await call(client, "POST", "/api/moderation/tickets/999", {"status": 1}, token=admin.token) == (
        400,
        error("Ticket not found"),
    )


async def test_muting_hides_a_ticket_from_that_admin_only(client):
    person = await member()
    admin, other_admin = await staff(client), await staff(client)
    ticket = await open_ticket(client, person)
    path = f"/api/moderation/tickets/{ticket['id']}/mute"
    assert await ok(client, "POST", path, token=admin.token) == {"success": True}
    assert await call(client, "POST", path, token=admin.token) == (400, error("You have already ignored this ticket!"))
    assert await ok(client, "GET", "/api/moderation/tickets", token=admin.token) == []
    shown = await ok(client, "GET", "/api/moderation/tickets?includeIgnored=true", token=admin.token)
    assert shown[0]["ignoredByUsers"] == [{"userId": admin.id}]
    assert [t["id"] for t in await ok(client, "GET", "/api/moderation/tickets", token=other_admin.token)] == [
        ticket["id"]
    ]
    assert await call(client, "POST", "/api/moderation/tickets/999/mute", token=admin.token) == (
        400,
        error("Ticket not found"),
    )


async def test_only_admins_pass(client):
    person = await member()
    mod = await staff(client, MOD)
    ticket = await open_ticket(client, person)
    for method, path, body in (
        ("GET", "/api/moderation/tickets", None),
        ("GET", f"/api/moderation/tickets/{ticket['id']}", None),
        ("POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 1}),
        ("POST", f"/api/moderation/tickets/{ticket['id']}/mute", None),
    ):
        for who in (person, mod):
            assert await call(client, method, path, body, token=who.token) == (403, error("Admin access only!"))
        assert await call(client, method, path, body) == (401, error("No token provided."))
    # a MOD cannot read a ticket's conversation either
    assert await call(client, "GET", f"/api/channels/{ticket['channelId']}/messages", token=mod.token) == (
        403,
        error("You are not a member of this channel."),
    )


async def test_a_tickets_messages_reach_nobody_live(live_client, sockets):
    person, bystander = await member(), await member()
    admin = await staff(live_client)
    sockets_ = [await sockets(person.token), await sockets(admin.token), await sockets(bystander.token)]
    ticket = await open_ticket(live_client, person)
    await sent(live_client, person, ticket["channelId"], "hello?")
    reply = await sent(live_client, admin, ticket["channelId"], "Hi, how can we help?")
    status, typing = await call(live_client, "POST", f"/api/channels/{ticket['channelId']}/typing", token=person.token)
    assert status == 204
    await call(
        live_client,
        "POST",
        f"/api/channels/{ticket['channelId']}/messages/{reply['id']}/reactions",
        {"name": "👍"},
        token=person.token,
    )
    for probe, owner in zip(sockets_, (person, admin, bystander)):
        await ping(live_client, owner, probe)
        assert [e for e, _ in probe.events if e.startswith(("message:", "channel:"))] == []
    status, history = await call(
        live_client, "GET", f"/api/channels/{ticket['channelId']}/messages", token=person.token
    )
    assert [m["content"] for m in history] == ["I need help", "hello?", "Hi, how can we help?"]
