"""``POST /api/group-dms/:id``: any member renames the group or changes its icon (an ``avatars``
upload with the group's id); the members hear it and see a system message."""

from __future__ import annotations

from plugins.group_dms.models import GROUP_ICON_CHANGED, GROUP_RENAMED
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of, live_socket, ok, quiet
from tests.plugins.messages.helpers import error, member
from tests.support import upload_file


async def test_a_member_renames_and_everyone_hears(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    ada_socket, plain = await live_socket(sockets, ada), await live_socket(sockets, ada, features=None)
    renamed = await ok(live_client, "POST", f"/api/group-dms/{gid}", {"name": " Climbing  crew "}, bob)
    assert renamed["name"] == "Climbing crew"
    assert await ada_socket.wait_for("group_dm:updated") == {"channelId": gid, "name": "Climbing crew"}
    message = (await ada_socket.wait_for("message:created"))["message"]
    assert (message["type"], message["content"], message["createdBy"]["id"]) == (GROUP_RENAMED, "Climbing crew", bob.id)
    await ok(live_client, "POST", f"/api/group-dms/{gid}", {"name": "Climbing crew"}, bob)  # unchanged: nothing said
    cleared = await ok(live_client, "POST", f"/api/group-dms/{gid}", {"name": None}, ada)
    assert cleared["name"] is None
    assert (await ada_socket.wait_for("group_dm:updated", count=2))["name"] is None
    await quiet(live_client, (ada, ada_socket), (ada, plain))
    assert len(ada_socket.received("group_dm:updated")) == 2
    assert plain.received("group_dm:updated") == [] and plain.received("message:created") == []


async def test_renaming_is_checked(client):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid]))["channelId"]
    stranger = await member()
    assert await gcall(client, "POST", f"/api/group-dms/{gid}", {"name": "x" * 101}, ada) == (
        400,
        error("name must be between 1 and 100 characters.", "name"),
    )
    assert await gcall(client, "POST", f"/api/group-dms/{gid}", {"name": 5}, ada) == (
        400,
        error("name must be a string.", "name"),
    )
    assert await gcall(client, "POST", f"/api/group-dms/{gid}", {"name": "Mine"}, stranger) == (
        403,
        error("You are not a member of this group."),
    )


async def test_the_icon_is_uploaded_for_the_group_by_a_member(live_client, sockets):
    ada = await member()
    bob, cid = await friends_of(live_client, ada, 2)
    gid = (await group_of(live_client, ada, [bob, cid]))["channelId"]
    stranger = await member()
    assert await upload_file(live_client, stranger.token, "avatars", gid, png_bytes()) == (
        403,
        error("You may not upload files to this group."),
    )
    status, upload = await upload_file(live_client, cid.token, "avatars", gid, png_bytes())
    assert status == 200, upload
    assert await gcall(live_client, "POST", f"/api/group-dms/{gid}", {"iconId": upload["fileId"]}, bob) == (
        403,
        error("File not found."),
    )  # uploaded by cid: only the uploader may use it
    bob_socket = await live_socket(sockets, bob)
    changed = await ok(live_client, "POST", f"/api/group-dms/{gid}", {"iconId": upload["fileId"]}, cid)
    assert changed["icon"] and changed["icon"].startswith("avatars/")
    assert await bob_socket.wait_for("group_dm:updated") == {"channelId": gid, "icon": changed["icon"]}
    assert (await bob_socket.wait_for("message:created"))["message"]["type"] == GROUP_ICON_CHANGED
    removed = await ok(live_client, "POST", f"/api/group-dms/{gid}", {"removeIcon": True}, ada)
    assert removed["icon"] is None
    _, own_avatar = await upload_file(live_client, ada.token, "avatars", ada.id, png_bytes())
    assert await gcall(live_client, "POST", f"/api/group-dms/{gid}", {"iconId": own_avatar["fileId"]}, ada) == (
        403,
        error("This file was uploaded for something else."),
    )
