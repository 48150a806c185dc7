"""Adding (any member, their friends, up to ten), removing (the owner), leaving (ownership passes
on), and who hears each change — a removed member hears nothing more and reads nothing more."""

from __future__ import annotations

from plugins.group_dms.models import GROUP_MEMBER_ADDED, GROUP_MEMBER_LEFT, GROUP_MEMBER_REMOVED, GroupDm
from plugins.messages.models import Channel, Message
from tests.plugins.friends.helpers import block, make_friends
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.messages.helpers import error, member


async def test_a_member_adds_their_friend_and_everyone_hears(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    dan = (await friends_of(live_client, bob, 1))[0]  # bob's friend, not ada's
    group = await group_of(live_client, ada, [bob, cid])
    gid = group["channelId"]
    ada_socket, dan_socket = await live_socket(sockets, ada), await live_socket(sockets, dan)
    added = await ok(live_client, "POST", f"/api/group-dms/{gid}/members", {"userIds": [dan.id]}, bob)
    assert [m["id"] for m in added["members"]] == [ada.id, bob.id, cid.id, dan.id]
    event = await ada_socket.wait_for("group_dm:member_added")
    assert event["channelId"] == gid and [u["id"] for u in event["users"]] == [dan.id]
    assert (await dan_socket.wait_for("group_dm:joined"))["group"]["channelId"] == gid
    for probe in (ada_socket, dan_socket):
        message = (await probe.wait_for("message:created"))["message"]
        assert message["type"] == GROUP_MEMBER_ADDED and message["createdBy"]["id"] == bob.id
        assert [m["id"] for m in message["mentions"]] == [dan.id]
    assert dan_socket.received("group_dm:member_added") == []


async def test_who_may_be_added(client):
    ada = await member()
    bob, cid, dan, eve = await friends_of(client, ada, 4)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    stranger = await member()
    path = f"/api/group-dms/{gid}/members"
    assert await gcall(client, "POST", path, {"userIds": [bob.id]}, ada) == (
        400,
        error(f"{bob.username} is already in this group.", "userIds"),
    )
    assert await gcall(client, "POST", path, {"userIds": [stranger.id]}, ada) == (
        400,
        error(f"You can only add your friends: {stranger.username} is not your friend.", "userIds"),
    )
    # cid is dan's friend too, but dan blocked cid: cid may not add dan
    await make_friends(client, cid, eve)
    await block(client, eve, cid)
    assert await gcall(client, "POST", path, {"userIds": [eve.id]}, cid) == (
        400,
        error("You cannot message this user.", "userIds", code="BLOCKED_BY_RECIPIENT"),
    )
    assert await gcall(client, "POST", path, {"userIds": []}, ada) == (
        400,
        error("userIds must name between 1 and 9 users.", "userIds"),
    )
    assert await gcall(client, "POST", path, {"userIds": [dan.id]}, stranger) == (
        403,
        error("You are not a member of this group."),
    )
    assert await gcall(client, "POST", "/api/group-dms/123/members", {"userIds": [dan.id]}, ada) == (
        403,
        error("You are not a member of this group."),
    )


async def test_ten_is_the_most(client):
    ada = await member()
    friends = await friends_of(client, ada, 10)
    gid = (await group_of(client, ada, friends[:8]))["channelId"]  # nine people
    status, body = await gcall(
        client, "POST", f"/api/group-dms/{gid}/members", {"userIds": [f.id for f in friends[8:]]}, ada
    )
    assert (status, body) == (400, error("A group can have at most 10 members.", "userIds"))
    await ok(client, "POST", f"/api/group-dms/{gid}/members", {"userIds": [friends[8].id]}, ada)
    status, body = await gcall(client, "POST", f"/api/group-dms/{gid}/members", {"userIds": [friends[9].id]}, ada)
    assert (status, body) == (400, error("A group can have at most 10 members.", "userIds"))


async def test_the_owner_removes_and_the_removed_hears_and_reads_nothing_more(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    bob_socket, cid_socket = await live_socket(sockets, bob), await live_socket(sockets, cid)
    assert await gcall(live_client, "DELETE", f"/api/group-dms/{gid}/members/{cid.id}", person=bob) == (
        403,
        error("Only the owner of the group can remove people."),
    )
    assert await gcall(live_client, "DELETE", f"/api/group-dms/{gid}/members/{ada.id}", person=ada) == (
        400,
        error("You cannot remove yourself: leave the group instead."),
    )
    assert await gcall(live_client, "DELETE", f"/api/group-dms/{gid}/members/42", person=ada) == (
        400,
        error("This user is not in this group."),
    )
    await ok(live_client, "DELETE", f"/api/group-dms/{gid}/members/{cid.id}", person=ada)
    assert await cid_socket.wait_for("group_dm:left") == {"channelId": gid}
    assert await bob_socket.wait_for("group_dm:member_removed") == {"channelId": gid, "userId": cid.id}
    removal = (await bob_socket.wait_for("message:created"))["message"]
    assert removal["type"] == GROUP_MEMBER_REMOVED and [m["id"] for m in removal["mentions"]] == [cid.id]

    after = await ok(live_client, "POST", f"/api/channels/{gid}/messages", {"content": "cid is gone"}, bob)
    assert (await bob_socket.wait_for("message:created", count=2))["message"]["id"] == after["id"]
    await quiet(live_client, (cid, cid_socket))
    assert [e["message"]["type"] for e in cid_socket.received("message:created")] == []
    assert await gcall(live_client, "GET", f"/api/channels/{gid}/messages", person=cid) == (
        403,
        error("You are not a member of this channel."),
    )
    assert await gcall(live_client, "GET", "/api/group-dms", person=cid) == (200, [])
    assert await gcall(live_client, "POST", f"/api/group-dms/{gid}/leave", person=cid) == (
        403,
        error("You are not a member of this group."),
    )


async def test_the_owner_leaving_passes_the_group_on_and_the_last_one_out_ends_it(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    ada_socket, bob_socket = await live_socket(sockets, ada), await live_socket(sockets, bob)
    await ok(live_client, "POST", f"/api/group-dms/{gid}/leave", person=ada)
    assert await ada_socket.wait_for("group_dm:left") == {"channelId": gid}
    assert await bob_socket.wait_for("group_dm:updated") == {"channelId": gid, "ownerId": bob.id}
    left = (await bob_socket.wait_for("message:created"))["message"]
    assert left["type"] == GROUP_MEMBER_LEFT and left["createdBy"]["id"] == ada.id
    assert (await GroupDm.get(id=int(gid))).owner_id == int(bob.id)
    await ok(live_client, "DELETE", f"/api/group-dms/{gid}/members/{cid.id}", person=bob)  # the new owner may
    await ok(live_client, "POST", f"/api/group-dms/{gid}/leave", person=bob)
    assert not await Channel.exists(id=int(gid)) and not await GroupDm.exists(id=int(gid))
    assert await Message.filter(channel_id=int(gid)).count() == 0


async def test_a_deleted_account_passes_its_groups_on(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    status, body = await gcall(client, "DELETE", "/api/users/delete-account", {"password": ada.password}, ada)
    assert status == 200, body
    group = await GroupDm.get(id=int(gid))
    assert group.owner_id == int(bob.id)
    listed = await ok(client, "GET", "/api/group-dms", person=bob)
    assert [m["id"] for m in listed[0]["members"]] == [bob.id, cid.id]
