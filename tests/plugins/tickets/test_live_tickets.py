"""Live tickets (plugins/tickets/live.py, issue 33): ``ticket:updated`` and ``ticket:message``
reach the opener's and the admins' sockets that asked for them at authenticate (``features:
["tickets"]``), and nobody else: not a protocol client that did not ask, not another user, not a
MOD, not an admin whose badge was taken away."""

from __future__ import annotations

from core.identity.models import User
from plugins.tickets.kind import AUTO_CLOSE_AT
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.moderation.helpers import FOUNDER, MOD, ok, staff
from tests.plugins.tickets.helpers import live_socket, open_ticket
from tests.support import call

TICKET_KEYS = {"id", "status", "category", "title", "openedAt", "channelId", "lastUpdatedAt", "seen"}


async def quiet(client, *pairs):
    """A barrier per (person, socket): anything sent to them before it has arrived."""
    for person, probe in pairs:
        await ping(client, person, probe)


async def test_opening_a_ticket_tells_the_admins_who_asked(live_client, sockets):
    opener, admin, founder = await member(), await staff(live_client), await staff(live_client, FOUNDER)
    admin_socket, founder_socket = await live_socket(sockets, admin), await live_socket(sockets, founder)
    opener_socket = await live_socket(sockets, opener)
    ticket = await open_ticket(live_client, opener, "Broken", "It broke")
    for probe in (admin_socket, founder_socket, opener_socket):
        update = (await probe.wait_for("ticket:updated"))["ticket"]
        assert set(update) == TICKET_KEYS | {"openedById", "openedBy"}
        assert (update["id"], update["status"], update["title"]) == (ticket["id"], 0, "Broken")
        assert update["openedById"] == opener.id and update["openedBy"]["id"] == opener.id


async def test_a_status_change_and_a_reply_reach_both_sides(live_client, sockets):
    opener, admin = await member(), await staff(live_client)
    ticket = await open_ticket(live_client, opener)
    opener_socket, admin_socket = await live_socket(sockets, opener), await live_socket(sockets, admin)

    await ok(live_client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 1}, admin.token)
    for probe in (opener_socket, admin_socket):
        update = (await probe.wait_for("ticket:updated"))["ticket"]
        assert (update["id"], update["status"], update["seen"]) == (ticket["id"], 1, False)

    reply = await sent(live_client, admin, ticket["channelId"], "We are on it")
    for probe in (opener_socket, admin_socket):
        event = await probe.wait_for("ticket:message")
        assert (event["ticketId"], event["channelId"]) == (ticket["id"], ticket["channelId"])
        assert event["message"]["id"] == reply["id"] and event["message"]["content"] == "We are on it"
        assert event["message"]["createdBy"]["id"] == admin.id

    await sent(live_client, opener, ticket["channelId"], "Thanks")
    await ok(live_client, "POST", f"/api/tickets/{ticket['id']}", {"status": 0}, opener.token)
    for probe in (opener_socket, admin_socket):
        assert (await probe.wait_for("ticket:message", count=2))["message"]["content"] == "Thanks"
        assert (await probe.wait_for("ticket:updated", count=2))["ticket"]["status"] == 0


async def test_reading_an_updated_ticket_clears_it_on_the_openers_other_tabs(live_client, sockets):
    opener, admin = await member(), await staff(live_client)
    ticket = await open_ticket(live_client, opener)
    other_tab = await live_socket(sockets, opener)
    await ok(live_client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 1}, admin.token)
    assert (await other_tab.wait_for("ticket:updated"))["ticket"]["seen"] is False
    await ok(live_client, "GET", f"/api/tickets/{ticket['id']}", token=opener.token)
    assert (await other_tab.wait_for("ticket:updated", count=2))["ticket"]["seen"] is True
    await ok(live_client, "GET", f"/api/tickets/{ticket['id']}", token=opener.token)  # already seen: no event
    await quiet(live_client, (opener, other_tab))
    assert len(other_tab.received("ticket:updated")) == 2


async def test_the_fiftieth_message_closing_it_is_told(live_client, sockets):
    opener, admin = await member(), await staff(live_client)
    ticket = await open_ticket(live_client, opener)
    for n in range(AUTO_CLOSE_AT - 2):
        await sent(live_client, admin, ticket["channelId"], f"m{n}")
    opener_socket = await live_socket(sockets, opener)
    await sent(live_client, opener, ticket["channelId"], "the 50th")
    update = (await opener_socket.wait_for("ticket:updated"))["ticket"]
    assert (update["status"], update["seen"]) == (2, False)


async def test_nobody_else_hears_of_tickets(live_client, sockets):
    opener, admin, stranger = await member(), await staff(live_client), await member()
    moderator = await staff(live_client, MOD)
    plain_opener = await live_socket(sockets, opener, features=None)  # a protocol client
    plain_admin = await live_socket(sockets, admin, features=None)
    other_features = await live_socket(sockets, admin, features=["posts"])
    not_a_list = await live_socket(sockets, admin, features="tickets")
    stranger_socket, mod_socket = await live_socket(sockets, stranger), await live_socket(sockets, moderator)
    watching = await live_socket(sockets, admin)

    ticket = await open_ticket(live_client, opener)
    await sent(live_client, opener, ticket["channelId"], "secret")
    await ok(live_client, "POST", f"/api/moderation/tickets/{ticket['id']}", {"status": 3}, admin.token)
    await watching.wait_for("ticket:updated", count=2)  # the last event has left
    await quiet(
        live_client,
        (opener, plain_opener),
        (admin, plain_admin),
        (admin, other_features),
        (admin, not_a_list),
        (stranger, stranger_socket),
        (moderator, mod_socket),
    )
    for probe in (plain_opener, plain_admin, other_features, not_a_list, stranger_socket, mod_socket):
        assert probe.received("ticket:updated") == [] and probe.received("ticket:message") == []
        assert probe.received("message:created") == []  # the reference's rule holds: no message events


async def test_an_admin_whose_badge_is_taken_away_hears_no_more(live_client, sockets):
    opener, admin = await member(), await staff(live_client)
    admin_socket = await live_socket(sockets, admin)
    first = await open_ticket(live_client, opener)
    assert (await admin_socket.wait_for("ticket:updated"))["ticket"]["id"] == first["id"]
    await User.filter(id=int(admin.id)).update(badges=0)
    await open_ticket(live_client, opener, "Second")
    await quiet(live_client, (admin, admin_socket))
    assert len(admin_socket.received("ticket:updated")) == 1


async def test_refused_changes_send_nothing(live_client, sockets):
    opener, admin, stranger = await member(), await staff(live_client), await member()
    ticket = await open_ticket(live_client, opener)
    admin_socket = await live_socket(sockets, admin)
    path = f"/api/moderation/tickets/{ticket['id']}"
    assert await call(live_client, "POST", path, {"status": 7}, token=admin.token) == (400, error("Invalid status."))
    assert await call(live_client, "POST", path, {"status": 1}, token=stranger.token) == (
        403,
        error("Admin access only!"),
    )
    assert await call(live_client, "POST", f"/api/tickets/{ticket['id']}", {"status": 1}, token=opener.token) == (
        400,
        error("Invalid status."),
    )
    assert await call(
        live_client, "POST", f"/api/channels/{ticket['channelId']}/messages", {"content": "x"}, token=stranger.token
    ) == (403, error("You are not a member of this channel."))
    await quiet(live_client, (admin, admin_socket))
    assert admin_socket.received("ticket:updated") == [] and admin_socket.received("ticket:message") == []
