"""Shadow bans (rest.md §8.2, §0.8): the user is not told; what they send looks sent but is
neither stored nor shown to anyone, typing goes nowhere, reactions, Explore listings and
tickets are refused with a vague error, and their last 7 hours of messages vanish silently."""

from core.identity.models import User
from plugins.messages.models import Message
from plugins.moderation.models import AuditEntry, ShadowBan
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, sent
from tests.plugins.moderation.helpers import ok, pw, staff
from tests.plugins.servers.helpers import community, join
from tests.support import call

PATH = "/api/moderation/users/shadow-ban"
VAGUE = error("Something went wrong. Try again later.")


async def test_a_shadow_banned_user_talks_to_nobody(live_client, sockets):
    place = await community(live_client)
    banned, witness = await join(live_client, place), await join(live_client, place)
    earlier = await sent(live_client, banned, place.general, "before the ban")
    kept = await sent(live_client, witness, place.general, "a witness speaks")
    witness_socket = await sockets(witness.token)
    mod = await staff(live_client)

    assert await ok(live_client, "POST", PATH, pw(userIds=[banned.id], reason="spam bot"), mod.token) == {
        "status": True
    }
    banned_socket = await sockets(banned.token)
    me = (await banned_socket.wait_for("user:authenticated"))["user"]
    assert me["shadowBanned"] is True
    assert not await Message.exists(id=int(earlier["id"]))  # the recent message went, without an event
    assert await Message.exists(id=int(kept["id"]))

    fake = await sent(live_client, banned, place.general, "buy cheap things", socketId="abc")
    assert fake["content"] == "buy cheap things" and fake["channelId"] == place.general and fake["type"] == 0
    assert fake["createdBy"]["id"] == banned.id and fake["reactions"] == []
    assert not await Message.exists(id=int(fake["id"]))
    status, typing = await call(live_client, "POST", f"/api/channels/{place.general}/typing", token=banned.token)
    assert status == 204
    assert await call(
        live_client,
        "POST",
        f"/api/channels/{place.general}/messages/{kept['id']}/reactions",
        {"name": "👍"},
        token=banned.token,
    ) == (403, VAGUE)
    assert await call(
        live_client, "POST", "/api/tickets", {"title": "help", "body": "please", "category": 0}, token=banned.token
    ) == (403, VAGUE)
    owner_place = await community(live_client)
    await ok(live_client, "POST", PATH, pw(userIds=[owner_place.owner.id], reason="spam"), mod.token)
    assert await call(
        live_client,
        "POST",
        f"/api/explore/servers/{owner_place.id}",
        {"description": "come"},
        token=owner_place.owner.token,
    ) == (403, VAGUE)

    await ping(live_client, witness, witness_socket)
    assert witness_socket.received("message:created") == []
    assert witness_socket.received("channel:typing") == []
    assert witness_socket.received("message:deleted_batch") == []
    status, history = await call(live_client, "GET", f"/api/channels/{place.general}/messages", token=witness.token)
    assert [m["content"] for m in history if m["type"] == 0] == ["a witness speaks"]

    # lifted: back to normal
    assert await ok(live_client, "DELETE", PATH, pw(userIds=[banned.id]), mod.token) == {"status": True}
    real = await sent(live_client, banned, place.general, "sorry")
    assert (await witness_socket.wait_for("message:created"))["message"]["id"] == real["id"]
    assert [e.action_type for e in await AuditEntry.all().order_by("id")] == [10, 10, 11]
    assert (await User.get(id=int(banned.id))).deleted is False


async def test_shadow_ban_rules(client):
    mod, target = await staff(client), await staff(client, badges=0)
    assert await call(client, "POST", PATH, pw(userIds=[target.id]), token=mod.token) == (
        400,
        error("Reason is required.", "reason"),
    )
    await ok(client, "POST", PATH, pw(userIds=[target.id], reason="once"), mod.token)
    await ok(client, "POST", PATH, pw(userIds=[target.id], reason="twice"), mod.token)  # existing ones are skipped
    assert [b.reason for b in await ShadowBan.all()] == ["once"]
    assert await AuditEntry.filter(action_type=10).count() == 1
    await ok(client, "DELETE", PATH, pw(userIds=[target.id]), mod.token)
    await ok(client, "DELETE", PATH, pw(userIds=[target.id]), mod.token)
    assert await AuditEntry.filter(action_type=11).count() == 1
