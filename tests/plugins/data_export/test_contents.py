"""A user's archive holds their data from every plugin, and nothing of channels they lost."""

from __future__ import annotations

import json

from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.data_export.helpers import ask, download, items, until_finished
from tests.plugins.friends.helpers import block, make_friends
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.posts.helpers import post
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call, upload_file


async def test_the_archive_holds_the_users_data_and_only_what_they_can_still_see(client):
    ada, bob, cid = await member(), await member(), await member()
    await make_friends(client, ada, bob)
    await block(client, ada, cid)
    dm = await open_dm(client, ada, bob)
    mine = await sent(client, ada, dm, "hello bob ✨ — ünïcode")
    theirs = await sent(client, bob, dm, "hi ada", replyToMessageIds=[mine["id"]])

    place = await community(client)
    await join(client, place, ada)
    kept = await sent(client, ada, place.general, "in general")
    secret = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "later-private"}, place.owner.token)
    lost = await sent(client, ada, secret["id"], "said before the channel was closed to me")
    for channel_id, message_id in ((place.general, kept["id"]), (secret["id"], lost["id"])):
        reacted = f"/api/channels/{channel_id}/messages/{message_id}/reactions"
        assert (await call(client, "POST", reacted, {"name": "🔥"}, token=ada.token))[0] == 200
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{secret['id']}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    left = await community(client, "Left behind")
    await join(client, left, ada)
    gone = await sent(client, ada, left.general, "said in a server I left")
    await ok(client, "POST", f"/api/servers/{left.id}/leave", token=ada.token)

    status, uploaded = await upload_file(client, ada.token, "avatars", ada.id, png_bytes((20, 20)), filename="me.png")
    assert status == 200, uploaded
    written = await post(client, ada, "my first post")
    liked = await post(client, bob, "bob's post")
    assert (await call(client, "POST", f"/api/posts/{liked['id']}/like", token=ada.token))[0] == 200

    export = await ask(client, ada)
    assert export["status"] in ("queued", "running", "ready")
    finished = await until_finished(client, ada)
    assert finished["status"] == "ready" and finished["size"] > 0 and finished["expiresAt"] > finished["finishedAt"]
    archive = await download(client, ada, export["id"])

    manifest = json.loads(archive.read("manifest.json"))
    assert manifest["format"] == "hearth.user-data" and manifest["version"] == 1
    assert manifest["user"] == {"id": ada.id, "username": ada.username, "tag": ada.tag}
    names = [part["name"] for part in manifest["parts"]]
    for name in (
        "account",
        "sessions",
        "uploads",
        "profile",
        "friends",
        "messages",
        "reactions",
        "mentions",
        "direct_messages",
        "posts",
        "likes",
        "notifications",
        "linked_accounts",
        "servers",
    ):
        assert name in names
    assert all(part["count"] == len(items(archive, part["name"])) for part in manifest["parts"])
    index = archive.read("index.html").decode()
    assert "messages.json" in index and ada.username in index

    account = items(archive, "account")[0]
    assert account["id"] == ada.id and account["email"] == ada.email and "passwordHash" not in json.dumps(account)
    assert len(items(archive, "sessions")) == 1
    relations = {(r["userId"], r["relation"]) for r in items(archive, "friends")}
    assert relations == {(bob.id, "friend"), (cid.id, "blocked")}

    messages = {m["id"]: m for m in items(archive, "messages") if m["type"] == 0}  # 1: "ada joined"
    assert set(messages) == {mine["id"], kept["id"]}
    assert {m["serverId"] for m in items(archive, "messages") if m["type"] != 0} == {place.id}
    assert lost["id"] not in messages and gone["id"] not in messages
    assert messages[mine["id"]]["content"] == "hello bob ✨ — ünïcode"
    assert messages[kept["id"]]["serverId"] == place.id and messages[kept["id"]]["channelName"] == "General"
    direct = {m["id"]: m for m in items(archive, "direct_messages")}
    assert set(direct) == {mine["id"], theirs["id"]}
    assert direct[theirs["id"]]["authorId"] == bob.id and direct[theirs["id"]]["replyTo"] == [mine["id"]]
    assert [s["serverId"] for s in items(archive, "servers")] == [place.id]
    assert [(r["messageId"], r["name"]) for r in items(archive, "reactions")] == [(kept["id"], "🔥")]

    assert [p["id"] for p in items(archive, "posts")] == [written["id"]]
    assert [like["postId"] for like in items(archive, "likes")] == [liked["id"]]
    upload = items(archive, "uploads")[0]
    assert upload["filename"] == "me.png"
    assert archive.read(f"files/{upload['storedFile']}")[:8] == b"\x89PNG\r\n\x1a\n"
    assert manifest["files"] == {"copied": 1, "leftOut": 0}


async def test_a_user_with_nothing_gets_empty_parts(client):
    ada = await member()
    export = await ask(client, ada)
    assert (await until_finished(client, ada))["status"] == "ready"
    archive = await download(client, ada, export["id"])
    assert items(archive, "messages") == [] and items(archive, "posts") == [] and items(archive, "friends") == []
    assert len(items(archive, "account")) == 1


async def test_group_dms_the_user_is_in_are_in_the_archive_and_groups_left_are_not(client):
    from tests.plugins.group_dms.helpers import friends_of, group_of
    from tests.plugins.group_dms.helpers import ok as group_ok

    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    kept = await group_of(client, ada, [bob, cid], name="Weekend ✨")
    said = await group_ok(client, "POST", f"/api/channels/{kept['channelId']}/messages", {"content": "see you"}, bob)
    other = await group_of(client, ada, [bob, cid], name="Old plans")
    path = f"/api/channels/{other['channelId']}/messages"
    gone = await group_ok(client, "POST", path, {"content": "said before ada left"}, cid)
    await group_ok(client, "POST", f"/api/group-dms/{other['channelId']}/leave", person=ada)

    await ask(client, ada)
    export = await until_finished(client, ada)
    archive = await download(client, ada, export["id"])
    rows = items(archive, "group_messages")
    assert said["id"] in {r["id"] for r in rows} and gone["id"] not in {r["id"] for r in rows}
    assert {r["groupName"] for r in rows} == {"Weekend ✨"}
