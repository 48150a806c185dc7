"""The thread routes (docs/protocol-extensions.md): success, bad input with the exact texts, a
member without the permission, a non-member, a member who cannot see the parent channel, and a
caller that did not opt in."""

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.plugins.threads.helpers import start_thread, tcall, tok

CREATE_THREADS_ROLE, CREATE_THREADS_CHANNEL, MANAGE_CHANNELS = 512, 8, 8


async def test_creating_a_thread_from_a_message(live_client):
    place = await community(live_client)
    starter = await ok(
        live_client, "POST", f"/api/channels/{place.general}/messages", {"content": "hi"}, place.owner.token
    )
    body = {"channelId": place.general, "messageId": starter["id"], "name": "  Plans  ", "autoArchiveMinutes": 60}

    thread = await tok(live_client, "POST", "/api/threads", body, place.owner.token)

    assert thread == {
        "id": thread["id"],
        "type": 11,
        "name": "Plans",
        "serverId": place.id,
        "parentId": place.general,
        "starterMessageId": starter["id"],
        "createdById": place.owner.id,
        "archived": False,
        "archivedAt": None,
        "locked": False,
        "autoArchiveMinutes": 60,
        "lastMessagedAt": thread["createdAt"],
        "createdAt": thread["createdAt"],
        "following": True,
    }
    assert await tok(live_client, "GET", f"/api/threads/{thread['id']}", token=place.owner.token) == thread
    again = await tcall(live_client, "POST", "/api/threads", body, place.owner.token)
    assert again == (400, error("This message already has a thread.", "messageId"))


async def test_bad_input_answers_the_exact_text(live_client):
    place = await community(live_client)
    token = place.owner.token
    cases = [
        ({"messageId": "1", "name": "x"}, "channelId is required.", "channelId"),
        ({"channelId": 5, "name": "x"}, "channelId must be a string.", "channelId"),
        ({"channelId": place.general}, "name is required.", "name"),
        ({"channelId": place.general, "name": ""}, "name length must be between 1 and 100 characters.", "name"),
        ({"channelId": place.general, "name": "x" * 101}, "name length must be between 1 and 100 characters.", "name"),
        ({"channelId": place.general, "name": "   "}, "name length must be between 1 and 100 characters.", "name"),
        ({"channelId": place.general, "name": "x", "messageId": "nope"}, "Message not found!", "messageId"),
        (
            {"channelId": place.general, "name": "x", "autoArchiveMinutes": 5},
            "autoArchiveMinutes must be one of 60, 1440, 4320 or 10080.",
            "autoArchiveMinutes",
        ),
        (
            {"channelId": place.general, "name": "x", "autoArchiveMinutes": "1"},
            "autoArchiveMinutes must be a number.",
            "autoArchiveMinutes",
        ),
    ]
    for body, message, path in cases:
        assert await tcall(live_client, "POST", "/api/threads", body, token) == (400, error(message, path)), body
    assert await tcall(live_client, "POST", "/api/threads", {"channelId": "123", "name": "x"}, token) == (
        403,
        error("Channel does not exist."),
    )
    category = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "Cat", "type": 2}, token)
    assert await tcall(live_client, "POST", "/api/threads", {"channelId": category["id"], "name": "x"}, token) == (
        400,
        error("Threads can only be created in server text channels.", "channelId"),
    )
    thread = await start_thread(live_client, place)
    for query, message, path in [
        ("", "channelId is required.", "channelId"),
        (f"channelId={place.general}&limit=0", "limit must be between 1 and 100.", "limit"),
        (f"channelId={place.general}&limit=abc", "limit must be a number.", "limit"),
        (f"channelId={place.general}&before=soon", "before must be a time in milliseconds.", "before"),
    ]:
        assert await tcall(live_client, "GET", f"/api/threads?{query}", token=token) == (400, error(message, path))
    patch = f"/api/threads/{thread['id']}"
    assert await tcall(live_client, "PATCH", patch, {"locked": "yes"}, token) == (
        400,
        error("locked must be a boolean.", "locked"),
    )
    assert await tcall(live_client, "PATCH", patch, {"autoArchiveMinutes": 2}, token) == (
        400,
        error("autoArchiveMinutes must be one of 60, 1440, 4320 or 10080.", "autoArchiveMinutes"),
    )
    assert await tcall(live_client, "GET", "/api/threads/not-an-id", token=token) == (
        403,
        error("Channel does not exist."),
    )


async def test_who_may_create_a_thread(live_client):
    place = await community(live_client)
    plain, roled, moderator = [await join(live_client, place) for _ in range(3)]
    outsider = await member()
    await role_with(live_client, place, 2 | CREATE_THREADS_ROLE, roled)
    await role_with(live_client, place, MANAGE_CHANNELS, moderator)
    body = {"channelId": place.general, "name": "Side talk"}

    assert await tcall(live_client, "POST", "/api/threads", body, plain.token) == (
        403,
        error("Missing Create Threads permission"),
    )
    assert await tcall(live_client, "POST", "/api/threads", body, outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    for person in (roled, moderator, place.owner):
        status, thread = await tcall(live_client, "POST", "/api/threads", body, person.token)
        assert status == 200 and thread["createdById"] == person.id, thread

    # the channel bit on the default role's override of the parent lets every member create there
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 7 | CREATE_THREADS_CHANNEL},
        place.owner.token,
    )
    status, thread = await tcall(live_client, "POST", "/api/threads", body, plain.token)
    assert status == 200, thread

    # a member who cannot see the parent can neither create nor see threads there
    hidden = await private_channel(live_client, place)
    staff_thread = await tok(
        live_client, "POST", "/api/threads", {"channelId": hidden, "name": "Staff"}, place.owner.token
    )
    assert await tcall(live_client, "POST", "/api/threads", {"channelId": hidden, "name": "x"}, roled.token) == (
        403,
        error("This channel is private."),
    )
    for path in (f"/api/threads/{staff_thread['id']}", f"/api/channels/{staff_thread['id']}/messages"):
        assert await tcall(live_client, "GET", path, token=roled.token) == (403, error("This channel is private."))
    assert await tcall(live_client, "GET", f"/api/threads?channelId={hidden}", token=roled.token) == (
        403,
        error("This channel is private."),
    )
    assert await tcall(live_client, "GET", f"/api/threads/{staff_thread['id']}", token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )


async def test_a_caller_that_did_not_opt_in_meets_no_thread(live_client):
    place = await community(live_client)
    thread = await start_thread(live_client, place)
    token = place.owner.token
    for method, path in [
        ("GET", f"/api/threads?channelId={place.general}"),
        ("GET", f"/api/threads/{thread['id']}"),
        ("GET", "/api/threads/followed"),
        ("POST", "/api/threads"),
        ("POST", f"/api/threads/{thread['id']}/follow"),
    ]:
        assert await tcall(live_client, method, path, {}, token, opt_in=False) == (404, error("Not found.")), path
    for method, path in [
        ("GET", f"/api/channels/{thread['id']}"),
        ("GET", f"/api/channels/{thread['id']}/messages"),
        ("POST", f"/api/channels/{thread['id']}/messages"),
    ]:
        status, body = await tcall(live_client, method, path, {"content": "hi"}, token, opt_in=False)
        assert (status, body) == (403, error("Channel does not exist.")), path


async def test_listing_active_and_archived_threads_newest_activity_first(live_client):
    place = await community(live_client)
    fellow = await join(live_client, place)
    first, second, third = [await start_thread(live_client, place, name=n) for n in ("one", "two", "three")]
    await tok(live_client, "POST", f"/api/channels/{first['id']}/messages", {"content": "bump"}, place.owner.token)
    await tok(live_client, "PATCH", f"/api/threads/{second['id']}", {"archived": True}, place.owner.token)

    active = await tok(live_client, "GET", f"/api/threads?channelId={place.general}", token=fellow.token)
    assert [t["name"] for t in active["threads"]] == ["one", "three"]
    assert [t["following"] for t in active["threads"]] == [False, False] and active["hasMore"] is False
    page = await tok(live_client, "GET", f"/api/threads?channelId={place.general}&limit=1", token=fellow.token)
    assert [t["name"] for t in page["threads"]] == ["one"] and page["hasMore"] is True
    rest = await tok(
        live_client,
        "GET",
        f"/api/threads?channelId={place.general}&limit=1&before={page['threads'][0]['lastMessagedAt']}",
        token=fellow.token,
    )
    assert [t["name"] for t in rest["threads"]] == ["three"]
    archived = await tok(
        live_client, "GET", f"/api/threads?channelId={place.general}&archived=true", token=fellow.token
    )
    assert [t["name"] for t in archived["threads"]] == ["two"] and archived["threads"][0]["archivedAt"]
    assert third["following"] is True


async def test_renaming_archiving_locking_and_deleting(live_client):
    place = await community(live_client)
    creator, other, moderator = [await join(live_client, place) for _ in range(3)]
    await role_with(live_client, place, 2 | CREATE_THREADS_ROLE, creator)
    await role_with(live_client, place, MANAGE_CHANNELS, moderator)
    thread = await start_thread(live_client, place, creator)
    path = f"/api/threads/{thread['id']}"

    renamed = await tok(live_client, "PATCH", path, {"name": "Better name", "autoArchiveMinutes": 4320}, creator.token)
    assert (renamed["name"], renamed["autoArchiveMinutes"]) == ("Better name", 4320)
    assert (await ok(live_client, "GET", f"/api/channels/{place.general}", token=creator.token))["type"] == 1
    assert await tcall(live_client, "PATCH", path, {"name": "Mine now"}, other.token) == (
        403,
        error("Missing Manage Channels permission"),
    )
    assert await tcall(live_client, "PATCH", path, {"locked": True}, creator.token) == (
        403,
        error("Missing Manage Channels permission"),
    )
    locked = await tok(live_client, "PATCH", path, {"locked": True, "archived": True}, moderator.token)
    assert locked["locked"] is True and locked["archived"] is True
    assert await tcall(live_client, "PATCH", path, {"archived": False}, creator.token) == (
        403,
        error("Missing Manage Channels permission"),
    )
    assert await tcall(live_client, "DELETE", path, token=creator.token) == (
        403,
        error("Missing Manage Channels permission"),
    )
    assert await tcall(live_client, "DELETE", path, token=moderator.token) == (204, "")
    assert await tcall(live_client, "GET", path, token=moderator.token) == (403, error("Channel does not exist."))


async def test_deleting_the_parent_channel_deletes_its_threads(live_client):
    place = await community(live_client)
    channel = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "doomed"}, place.owner.token)
    thread = await tok(
        live_client, "POST", "/api/threads", {"channelId": channel["id"], "name": "x"}, place.owner.token
    )
    await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "hi"}, place.owner.token)
    await ok(live_client, "DELETE", f"/api/servers/{place.id}/channels/{channel['id']}", token=place.owner.token)
    assert await tcall(live_client, "GET", f"/api/threads/{thread['id']}", token=place.owner.token) == (
        403,
        error("Channel does not exist."),
    )
