"""The index follows every way a message is written or removed, in the same transaction: send
(the fast path and the one with an attachment), edit, delete, a ban's purge, a channel's deletion,
a shadow ban's purge — checked through the search route, on whichever database runs the tests."""

from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.moderation.helpers import ADMIN, pw, staff
from tests.plugins.search.helpers import contents
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_a_sent_message_is_found_at_once_and_accents_and_case_fold(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "Le Café est OUVERT")
    await sent(client, alice, channel_id, "nothing to see")
    assert await contents(client, bob, "cafe ouvert", scope="channel", channelId=channel_id) == ["Le Café est OUVERT"]
    assert await contents(client, bob, "CAFÉ", scope="dms") == ["Le Café est OUVERT"]


async def test_an_edit_replaces_the_indexed_words(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "meet at noon")
    await ok(
        client,
        "PATCH",
        f"/api/channels/{channel_id}/messages/{message['id']}",
        {"content": "meet at dusk"},
        alice.token,
    )
    assert await contents(client, bob, "noon", scope="dms") == []
    assert await contents(client, bob, "dusk", scope="dms") == ["meet at dusk"]


async def test_a_deleted_message_leaves_the_index(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "secret plans")
    await sent(client, alice, channel_id, "public plans")
    await ok(client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=alice.token)
    assert await contents(client, bob, "plans", scope="dms") == ["public plans"]


async def test_a_ban_that_purges_recent_messages_removes_them_from_results(client):
    place = await community(client)
    spammer = await join(client, place)
    await sent(client, spammer, place.general, "buy cheap pills")
    await sent(client, place.owner, place.general, "no pills here")
    status, body = await call(
        client,
        "POST",
        f"/api/servers/{place.id}/bans/{spammer.id}?shouldDeleteRecentMessages=true",
        {},
        token=place.owner.token,
    )
    assert status == 200, body
    assert await contents(client, place.owner, "pills", scope="server", serverId=place.id) == ["no pills here"]


async def test_a_deleted_channel_takes_its_messages_out_of_the_index(client):
    place = await community(client)
    extra = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "extra"}, place.owner.token)
    await sent(client, place.owner, extra["id"], "lighthouse keeper")
    await sent(client, place.owner, place.general, "lighthouse beam")
    await ok(client, "DELETE", f"/api/servers/{place.id}/channels/{extra['id']}", token=place.owner.token)
    assert await contents(client, place.owner, "lighthouse", scope="server", serverId=place.id) == ["lighthouse beam"]


async def test_a_shadow_ban_purges_recent_messages_and_keeps_new_ones_out(client):
    place = await community(client)
    spammer = await join(client, place)
    admin = await staff(client, ADMIN)
    await sent(client, spammer, place.general, "spam wave one")
    await ok(client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[spammer.id], reason="spam"), admin.token)
    await sent(client, spammer, place.general, "spam wave two")  # looks sent to them, never stored
    assert await contents(client, place.owner, "spam", scope="server", serverId=place.id) == []
