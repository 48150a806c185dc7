"""The scope's channels are worked out on every search from the rules of reading them, so each
way of losing access hides results at once: a channel made private, a role taken away, a ban, a
kick, leaving, a block, leaving a group; Hearth's own channels (threads, groups) only for callers
that name their feature; and nobody searches where they cannot read."""

from plugins.servers.permissions import PUBLIC_CHANNEL
from tests.plugins.friends.helpers import block
from tests.plugins.group_dms import helpers as groups
from tests.plugins.messages.helpers import dm_pair, error, sent
from tests.plugins.search.helpers import contents, search_call, searched
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.plugins.threads.helpers import start_thread, tok


async def everywhere(client, person, q, features="search"):
    return await contents(client, person, q, features=features, scope="all", sort="newest")


async def test_a_channel_made_private_hides_its_messages_from_members_at_once(client):
    place = await community(client)
    ada = await join(client, place)
    await sent(client, place.owner, place.general, "quarterly numbers")
    assert await everywhere(client, ada, "quarterly") == ["quarterly numbers"]
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    assert await everywhere(client, ada, "quarterly") == []
    assert await everywhere(client, place.owner, "quarterly") == ["quarterly numbers"]


async def test_losing_the_role_that_opened_a_private_channel_hides_it(client):
    place = await community(client)
    ada = await join(client, place)
    staff_room = await private_channel(client, place)
    await sent(client, place.owner, staff_room, "staff payroll")
    assert await everywhere(client, ada, "payroll") == []
    role_id = await role_with(client, place, 0, holder=ada)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff_room}/permissions/{role_id}",
        {"permissions": PUBLIC_CHANNEL},
        place.owner.token,
    )
    assert await everywhere(client, ada, "payroll") == ["staff payroll"]
    await ok(client, "POST", f"/api/servers/{place.id}/members/{ada.id}", {"roleIds": []}, place.owner.token)
    assert await everywhere(client, ada, "payroll") == []


async def test_a_ban_a_kick_and_leaving_end_the_search_of_that_server(client):
    place = await community(client)
    banned, kicked, leaving = await join(client, place), await join(client, place), await join(client, place)
    await sent(client, place.owner, place.general, "meeting notes")
    for person in (banned, kicked, leaving):
        assert await everywhere(client, person, "meeting") == ["meeting notes"]
    await ok(client, "POST", f"/api/servers/{place.id}/bans/{banned.id}", {}, place.owner.token)
    await ok(client, "DELETE", f"/api/servers/{place.id}/members/{kicked.id}/kick", token=place.owner.token)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=leaving.token)
    for person in (banned, kicked, leaving):
        assert await everywhere(client, person, "meeting") == []
        assert await search_call(client, person, "meeting", scope="server", serverId=place.id) == (
            403,
            error("Server member is not in this server."),
        )


async def test_messages_of_someone_you_blocked_leave_your_results(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, bob, channel_id, "pancakes tomorrow")
    await sent(client, alice, channel_id, "pancakes sound good")
    await block(client, alice, bob)
    assert await everywhere(client, alice, "pancakes") == ["pancakes sound good"]
    # the one blocked still finds what they can read
    assert await everywhere(client, bob, "pancakes") == ["pancakes sound good", "pancakes tomorrow"]


async def test_dms_are_searched_only_by_their_two_people(client):
    alice, bob, channel_id = await dm_pair(client)
    stranger = (await dm_pair(client))[0]
    await sent(client, alice, channel_id, "our secret handshake")
    assert await contents(client, bob, "handshake", scope="dms") == ["our secret handshake"]
    assert await everywhere(client, stranger, "handshake") == []
    status, body = await search_call(client, stranger, "handshake", scope="channel", channelId=channel_id)
    assert (status, body) == (403, error("You are not a member of this channel."))


async def test_group_messages_need_the_feature_and_leave_with_the_member(client):
    owner = await groups.member()
    ada, bob = await groups.friends_of(client, owner, 2)
    group = await groups.group_of(client, owner, [ada, bob])
    await groups.ok(client, "POST", f"/api/channels/{group['channelId']}/messages", {"content": "group picnic"}, owner)
    assert await everywhere(client, ada, "picnic", features="search,group_dms") == ["group picnic"]
    assert await everywhere(client, ada, "picnic") == []  # a client that does not know groups
    await groups.ok(client, "POST", f"/api/group-dms/{group['id']}/leave", None, ada)
    assert await everywhere(client, ada, "picnic", features="search,group_dms") == []
    assert await everywhere(client, bob, "picnic", features="search,group_dms") == ["group picnic"]


async def test_thread_messages_need_the_feature_and_follow_the_parent_channel(client):
    place = await community(client)
    ada = await join(client, place)
    thread = await start_thread(client, place)
    await tok(client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "thread gossip"}, place.owner.token)
    assert await everywhere(client, ada, "gossip", features="search,threads") == ["thread gossip"]
    body = await searched(client, ada, "gossip", features="search,threads", scope="server", serverId=place.id)
    assert body["channels"] == {
        thread["id"]: {"id": thread["id"], "name": "Plans", "type": 11, "serverId": place.id, "parentId": place.general}
    }
    assert await everywhere(client, ada, "gossip") == []
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    assert await everywhere(client, ada, "gossip", features="search,threads") == []
