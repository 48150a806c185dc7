"""A user's tickets (rest.md §9): open one with a category and a first message, list and read
yours (reading marks it seen), answer it; closed tickets refuse the opener's messages."""

from datetime import UTC, datetime

from plugins.messages.models import Message
from plugins.tickets.models import Ticket
from tests.plugins.messages.helpers import error, member, send, sent
from tests.plugins.moderation.helpers import ok, pw, staff
from tests.plugins.tickets.helpers import open_ticket
from tests.support import call


async def test_opening_listing_and_reading_a_ticket(client):
    person, other = await member(), await member()
    before = int(datetime.now(UTC).timestamp() * 1000)
    ticket = await open_ticket(client, person, "Can't upload", "My avatar upload fails.", 1)
    assert set(ticket) == {
        "id",
        "title",
        "category",
        "status",
        "channelId",
        "lastUpdatedAt",
        "openedById",
        "openedAt",
        "seen",
    }
    assert isinstance(ticket["id"], int) and ticket["status"] == 0 and ticket["category"] == 1
    assert ticket["openedById"] == person.id and ticket["seen"] is True and ticket["openedAt"] >= before
    first = await open_ticket(client, person, "Another")
    mine = await ok(client, "GET", "/api/tickets", token=person.token)
    assert [t["id"] for t in mine] == [first["id"], ticket["id"]]
    assert set(mine[0]) == {"id", "status", "category", "title", "openedAt", "channelId", "lastUpdatedAt", "seen"}
    assert await ok(client, "GET", "/api/tickets", token=other.token) == []
    assert [t["id"] for t in await ok(client, "GET", "/api/tickets?limit=1", token=person.token)] == [first["id"]]
    assert await ok(client, "GET", "/api/tickets?status=2", token=person.token) == []
    assert await call(client, "GET", "/api/tickets?status=9", token=person.token) == (400, error("Invalid status."))
    assert await call(client, "GET", "/api/tickets?status=x", token=person.token) == (400, error("Invalid status."))

    status, history = await call(client, "GET", f"/api/channels/{ticket['channelId']}/messages", token=person.token)
    assert status == 200 and [m["content"] for m in history] == ["My avatar upload fails."]
    assert await call(client, "GET", f"/api/channels/{ticket['channelId']}/messages", token=other.token) == (
        403,
        error("You are not a member of this channel."),
    )

    assert (await ok(client, "GET", f"/api/tickets/{ticket['id']}", token=person.token))["id"] == ticket["id"]
    assert await call(client, "GET", f"/api/tickets/{ticket['id']}", token=other.token) == (
        404,
        error("Ticket not found."),
    )
    assert await call(client, "GET", "/api/tickets/999", token=person.token) == (404, error("Ticket not found."))
    assert await call(client, "GET", "/api/tickets/abc", token=person.token) == (404, error("Ticket not found."))


async def test_opening_rules(client):
    person = await member()
    path = "/api/tickets"
    assert await call(client, "POST", path, {"title": "t", "body": "b", "category": 9}, token=person.token) == (
        400,
        error("Invalid category"),
    )
    assert await call(client, "POST", path, {"title": "t", "body": "", "category": 0}, token=person.token) == (
        400,
        error("Body length must be between 1 and 2000 characters.", "body"),
    )
    assert await call(client, "POST", path, {"title": "t", "body": 5, "category": 0}, token=person.token) == (
        400,
        error("Body must be a string!", "body"),
    )
    assert await call(client, "POST", path, {"title": "t", "body": "b", "category": "0"}, token=person.token) == (
        400,
        error("Category must be a number!", "category"),
    )
    assert await call(client, "POST", path, {"title": "x" * 201, "body": "b", "category": 0}, token=person.token) == (
        400,
        error("Title length must be between 1 and 200 characters.", "title"),
    )
    assert await call(client, "POST", path, {"title": "t", "body": "b", "category": 0}) == (
        401,
        error("No token provided."),
    )
    assert not await Ticket.exists()


async def test_answering_and_closed_tickets(client):
    person, other = await member(), await member()
    admin = await staff(client)
    ticket = await open_ticket(client, person)
    path = f"/api/tickets/{ticket['id']}"
    assert await call(client, "POST", path, {"status": 1}, token=person.token) == (400, error("Invalid status."))
    assert await call(client, "POST", path, {"status": "0"}, token=person.token) == (
        400,
        error("status must be a number!", "status"),
    )
    assert await call(client, "POST", path, {"status": 0}, token=other.token) == (400, error("Unauthorized"))
    assert await call(client, "POST", "/api/tickets/777", {"status": 0}, token=person.token) == (
        400,
        error("Ticket not found"),
    )
    await sent(client, person, ticket["channelId"], "more details")
    answered = await ok(client, "POST", path, {"status": 0}, person.token)
    assert answered["status"] == 0 and answered["lastUpdatedAt"] >= ticket["lastUpdatedAt"] and "seen" not in answered

    await ok(client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 2}, admin.token)
    assert await send(client, person, ticket["channelId"], "hello?") == (400, error("This ticket is closed"))
    assert await call(client, "POST", path, {"status": 0}, token=person.token) == (400, error("Ticket is closed"))
    await sent(client, admin, ticket["channelId"], "closed tickets still take the admins' messages")


async def test_a_ticket_closes_itself_at_fifty_messages(client):
    person = await member()
    ticket = await open_ticket(client, person)
    for n in range(48):
        await sent(client, person, ticket["channelId"], f"message {n}")
    assert (await Ticket.get(id=ticket["id"])).status == 0
    await sent(client, person, ticket["channelId"], "the fiftieth")
    closed = await Ticket.get(id=ticket["id"])
    assert closed.status == 2 and closed.seen is False
    assert await send(client, person, ticket["channelId"], "one more") == (400, error("This ticket is closed"))
    assert await Message.filter(channel_id=int(ticket["channelId"])).count() == 50


async def test_ticket_messages_cannot_be_pinned_edited_or_deleted(client):
    person = await member()
    ticket = await open_ticket(client, person)
    message = await sent(client, person, ticket["channelId"], "typo")
    base = f"/api/channels/{ticket['channelId']}/messages/{message['id']}"
    assert await call(
        client, "POST", f"/api/channels/{ticket['channelId']}/messages/pins/{message['id']}", token=person.token
    ) == (400, {"error": "Ticket message cannot be pinned."})
    assert await call(client, "PATCH", base, {"content": "fixed"}, token=person.token) == (
        400,
        {"error": "Ticket message cannot be edited."},
    )
    assert await call(client, "DELETE", base, token=person.token) == (
        400,
        {"error": "Ticket message cannot be edited."},
    )
    assert await Message.exists(id=int(message["id"]), content="typo")


async def test_a_shadow_banned_user_cannot_open_a_ticket(client):
    person, admin = await member(), await staff(client)
    await ok(client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[person.id], reason="spam"), admin.token)
    assert await call(
        client, "POST", "/api/tickets", {"title": "t", "body": "b", "category": 0}, token=person.token
    ) == (403, error("Something went wrong. Try again later."))
    assert not await Ticket.exists()
