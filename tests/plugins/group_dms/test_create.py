"""``POST /api/group-dms``: a group from 2–9 friends, the creator its owner; who hears of it."""

from __future__ import annotations

from plugins.group_dms.models import GROUP_DM, GroupMember
from plugins.inbox.privacy import FRIENDS
from tests.plugins.friends.helpers import block, make_friends
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.inbox.test_privacy import set_dm_status
from tests.plugins.messages.helpers import error, member
from tests.support import new_person

GROUP_KEYS = {"id", "channelId", "name", "icon", "ownerId", "createdAt", "lastSeen", "members", "channel"}


async def test_a_group_of_friends_is_made_and_its_members_hear_of_it(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    ada_socket, bob_socket, cid_socket = [await live_socket(sockets, p) for p in (ada, bob, cid)]
    group = await group_of(live_client, ada, [bob, cid], name="  Weekend   plans ")
    assert set(group) == GROUP_KEYS
    assert group["name"] == "Weekend plans" and group["ownerId"] == ada.id and group["icon"] is None
    assert [m["id"] for m in group["members"]] == [ada.id, bob.id, cid.id]
    assert group["channel"]["type"] == GROUP_DM and group["channel"]["id"] == group["channelId"]
    for probe in (ada_socket, bob_socket, cid_socket):
        joined = (await probe.wait_for("group_dm:joined"))["group"]
        assert joined["channelId"] == group["channelId"] and joined["lastSeen"] is None
    assert [g["channelId"] for g in await ok(live_client, "GET", "/api/group-dms", person=bob)] == [group["channelId"]]


async def test_only_sockets_that_asked_hear_of_a_new_group(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    outsider = await member()
    plain = await live_socket(sockets, bob, features=None)
    other_feature = await live_socket(sockets, bob, features=["tickets"])
    outsider_socket = await live_socket(sockets, outsider)
    await group_of(live_client, ada, [bob, cid])
    await quiet(live_client, (bob, plain), (bob, other_feature), (outsider, outsider_socket))
    for probe in (plain, other_feature, outsider_socket):
        assert probe.received("group_dm:joined") == []


async def test_the_list_of_people_is_checked(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    stranger = await member()

    async def refused(user_ids, expected, status=400):
        assert await gcall(client, "POST", "/api/group-dms", {"userIds": user_ids}, ada) == (status, expected)

    await refused([bob.id], error("userIds must name between 2 and 9 users.", "userIds"))
    await refused([str(n) for n in range(10)], error("userIds must name between 2 and 9 users.", "userIds"))
    await refused(bob.id, error("userIds must be an array of strings.", "userIds"))
    await refused([bob.id, 7], error("userIds must be an array of strings.", "userIds[1]"))
    await refused(None, error("userIds must be an array of strings.", "userIds"))
    await refused([bob.id, bob.id], error("userIds must not name a user twice.", "userIds"))
    await refused([bob.id, ada.id], error("You cannot add yourself.", "userIds"))
    await refused([bob.id, "12x"], error("Invalid userId", "userIds"))
    await refused([bob.id, "123456789"], error("Invalid userId", "userIds"))
    await refused(
        [bob.id, stranger.id],
        error(f"You can only add your friends: {stranger.username} is not your friend.", "userIds"),
    )
    status, body = await gcall(client, "POST", "/api/group-dms", {"userIds": [bob.id, cid.id], "name": "x" * 101}, ada)
    assert (status, body) == (400, error("name must be between 1 and 100 characters.", "name"))
    assert await GroupMember.all().count() == 0


async def test_nine_friends_is_the_most(client):
    ada = await member()
    friends = await friends_of(client, ada, 9)
    group = await group_of(client, ada, friends)
    assert len(group["members"]) == 10


async def test_blocks_either_way_and_privacy_refuse(client):
    ada = await member()
    bob, cid, dan = await friends_of(client, ada, 3)
    await block(client, ada, bob)
    status, body = await gcall(client, "POST", "/api/group-dms", {"userIds": [bob.id, dan.id]}, ada)
    assert (status, body) == (400, error("You have blocked this user.", "userIds", code="BLOCKED_BY_REQUESTER"))
    await block(client, cid, ada)
    status, body = await gcall(client, "POST", "/api/group-dms", {"userIds": [cid.id, dan.id]}, ada)
    assert (status, body) == (400, error("You cannot message this user.", "userIds", code="BLOCKED_BY_RECIPIENT"))
    private = await member()
    await set_dm_status(private, FRIENDS)  # not a friend of ada, and refuses strangers
    status, body = await gcall(client, "POST", "/api/group-dms", {"userIds": [dan.id, private.id]}, ada)
    message = (
        "This users privacy settings does not allow you to message this user because you are not friends with them."
    )
    assert (status, body) == (400, error(message, "userIds", code="NOT_FRIENDS_RECIPIENT"))


async def test_who_may_not_create(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    body = {"userIds": [bob.id, cid.id]}
    assert await gcall(client, "POST", "/api/group-dms", body) == (401, error("No token provided.", None))
    unconfirmed = await new_person(confirmed=False)
    await make_friends(client, unconfirmed, bob)
    await make_friends(client, unconfirmed, cid)
    assert await gcall(client, "POST", "/api/group-dms", body, unconfirmed) == (
        400,
        error("You must confirm your email to create or change groups."),
    )


async def test_a_caller_that_did_not_ask_finds_no_such_route(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    message = "Group DMs are a Hearth addition: name them in X-Hearth-Features (group_dms)."
    for method, path, body in (
        ("POST", "/api/group-dms", {"userIds": [bob.id, cid.id]}),
        ("GET", "/api/group-dms", None),
    ):
        assert await gcall(client, method, path, body, ada, opted=False) == (404, error(message))
    assert await GroupMember.all().count() == 0
