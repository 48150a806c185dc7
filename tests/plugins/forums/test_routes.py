"""The forum routes (docs/protocol-extensions.md, "Forum channels"): success, bad input with the
exact texts, a member without the permission, a non-member, a member who cannot see the forum,
and a caller that did not opt in."""

from plugins.forums.models import ForumPost
from plugins.threads.models import Thread
from tests.plugins.forums.helpers import forum, post, tag
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.threads.helpers import tcall, tok

MANAGE_CHANNELS = 8


async def test_a_forum_is_a_server_channel_of_type_15_with_settings(live_client):
    place = await community(live_client)
    made = await tok(live_client, "POST", "/api/forums", {"serverId": place.id, "name": " help "}, place.owner.token)
    forum_id = made["channel"]["id"]
    assert made["channel"]["type"] == 15 and made["channel"]["name"] == "help"
    assert made["channel"]["serverId"] == place.id
    assert made["forum"] == {
        "channelId": forum_id,
        "serverId": place.id,
        "guidelines": "",
        "defaultSort": "activity",
        "tags": [],
    }

    changed = await tok(
        live_client,
        "PATCH",
        f"/api/forums/{forum_id}",
        {"guidelines": " Be kind. ", "defaultSort": "created"},
        place.owner.token,
    )
    assert changed["guidelines"] == "Be kind." and changed["defaultSort"] == "created"
    assert await tok(live_client, "GET", f"/api/forums/{forum_id}", token=place.owner.token) == changed
    channel = await tok(live_client, "GET", f"/api/channels/{forum_id}", token=place.owner.token)
    assert channel["type"] == 15


async def test_forum_bad_input_and_refusals(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    someone, outsider = await join(live_client, place), await member()
    token = place.owner.token
    cases = [
        ("POST", "/api/forums", {"name": "xy"}, "serverId is required.", "serverId"),
        ("POST", "/api/forums", {"serverId": place.id}, "Name is required.", "name"),
        ("POST", "/api/forums", {"serverId": place.id, "name": 5}, "Name must be a string.", "name"),
        (
            "POST",
            "/api/forums",
            {"serverId": place.id, "name": " x "},
            "Name must be between 2 and 100 characters long.",
            "name",
        ),
        ("POST", "/api/forums", {"serverId": place.id, "name": "a#b"}, "Channel cannot contain the # symbol", "name"),
        ("PATCH", f"/api/forums/{forum_id}", {"guidelines": 5}, "guidelines must be a string.", "guidelines"),
        (
            "PATCH",
            f"/api/forums/{forum_id}",
            {"guidelines": "x" * 1001},
            "guidelines must be at most 1000 characters.",
            "guidelines",
        ),
        (
            "PATCH",
            f"/api/forums/{forum_id}",
            {"defaultSort": "random"},
            "defaultSort must be activity or created.",
            "defaultSort",
        ),
        ("GET", f"/api/forums/{place.general}", None, "This channel is not a forum.", "channelId"),
    ]
    for method, path, body, message, where in cases:
        assert await tcall(live_client, method, path, body, token) == (400, error(message, where)), message

    create = {"serverId": place.id, "name": "mine"}
    status, body = await tcall(live_client, "POST", "/api/forums", create, someone.token)
    assert status == 403 and body["message"] == "Missing Manage Channels permission"
    status, body = await tcall(live_client, "PATCH", f"/api/forums/{forum_id}", {"guidelines": "x"}, someone.token)
    assert (status, body["message"]) == (403, "Missing Manage Channels permission")
    status, body = await tcall(live_client, "GET", f"/api/forums/{forum_id}", token=outsider.token)
    assert (status, body["message"]) == (403, "Server member is not in this server.")
    # a caller that did not opt in: the routes are not there, the channel does not exist
    assert await tcall(live_client, "GET", f"/api/forums/{forum_id}", token=token, opt_in=False) == (
        404,
        error("Not found."),
    )
    assert await tcall(live_client, "GET", f"/api/channels/{forum_id}", token=token, opt_in=False) == (
        403,
        error("Channel does not exist."),
    )


async def test_tags_are_managed_by_moderators(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    mod, someone = await join(live_client, place), await join(live_client, place)
    await role_with(live_client, place, MANAGE_CHANNELS, mod)

    bug = await tok(live_client, "POST", f"/api/forums/{forum_id}/tags", {"name": " bug "}, mod.token)
    assert bug == {"id": bug["id"], "name": "bug", "moderated": False}
    solved = await tok(
        live_client, "POST", f"/api/forums/{forum_id}/tags", {"name": "solved", "moderated": True}, mod.token
    )
    renamed = await tok(live_client, "PATCH", f"/api/forums/{forum_id}/tags/{bug['id']}", {"name": "bugs"}, mod.token)
    assert renamed == {**bug, "name": "bugs"}
    tags = (await tok(live_client, "GET", f"/api/forums/{forum_id}", token=someone.token))["tags"]
    assert tags == [renamed, solved]

    cases = [
        ({}, "name is required.", "name"),
        ({"name": 1}, "name must be a string.", "name"),
        ({"name": "x" * 21}, "name length must be between 1 and 20 characters.", "name"),
        ({"name": "   "}, "name length must be between 1 and 20 characters.", "name"),
        ({"name": "BUGS"}, "This forum already has a tag with that name.", "name"),
        ({"name": "ok", "moderated": "yes"}, "moderated must be a boolean.", "moderated"),
    ]
    for body, message, where in cases:
        got = await tcall(live_client, "POST", f"/api/forums/{forum_id}/tags", body, mod.token)
        assert got == (400, error(message, where)), message
    patches = [
        ({"name": ""}, "name length must be between 1 and 20 characters.", "name"),
        ({"name": 5}, "name must be a string.", "name"),
        ({"name": "Solved"}, "This forum already has a tag with that name.", "name"),
        ({"moderated": "no"}, "moderated must be a boolean.", "moderated"),
    ]
    for body, message, where in patches:
        got = await tcall(live_client, "PATCH", f"/api/forums/{forum_id}/tags/{bug['id']}", body, mod.token)
        assert got == (400, error(message, where)), message
    status, body = await tcall(live_client, "POST", f"/api/forums/{forum_id}/tags", {"name": "x"}, someone.token)
    assert (status, body["message"]) == (403, "Missing Manage Channels permission")
    status, body = await tcall(
        live_client, "PATCH", f"/api/forums/{forum_id}/tags/{bug['id']}", {"moderated": True}, someone.token
    )
    assert (status, body["message"]) == (403, "Missing Manage Channels permission")
    status, body = await tcall(live_client, "DELETE", f"/api/forums/{forum_id}/tags/{bug['id']}", token=someone.token)
    assert (status, body["message"]) == (403, "Missing Manage Channels permission")
    assert await tcall(live_client, "PATCH", f"/api/forums/{forum_id}/tags/1", {"name": "y"}, mod.token) == (
        404,
        error("Tag not found."),
    )

    status, _ = await tcall(live_client, "DELETE", f"/api/forums/{forum_id}/tags/{bug['id']}", token=mod.token)
    assert status == 204
    assert (await tok(live_client, "GET", f"/api/forums/{forum_id}", token=mod.token))["tags"] == [solved]
    for index in range(19):
        await tag(live_client, place, forum_id, f"t{index}")
    assert await tcall(live_client, "POST", f"/api/forums/{forum_id}/tags", {"name": "one more"}, mod.token) == (
        400,
        error("A forum can have at most 20 tags."),
    )


async def test_posting_with_tags(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    await tok(live_client, "PATCH", f"/api/forums/{forum_id}", {"guidelines": "Search first."}, place.owner.token)
    bug = await tag(live_client, place, forum_id, "bug")
    solved = await tag(live_client, place, forum_id, "solved", moderated=True)
    someone = await join(live_client, place)

    body = {"title": "  Printer on fire ", "content": " It smokes. ", "tagIds": [bug]}
    made = await tok(live_client, "POST", f"/api/forums/{forum_id}/posts", body, someone.token)
    assert made["type"] == 11 and made["parentId"] == forum_id and made["serverId"] == place.id
    assert made["title"] == made["name"] == "Printer on fire"
    assert made["tagIds"] == [bug] and made["excerpt"] == "It smokes."
    assert made["createdById"] == someone.id and made["following"] is True and made["sharedPostId"] is None
    messages = await tok(live_client, "GET", f"/api/channels/{made['id']}/messages", token=someone.token)
    assert [m["content"] for m in messages] == ["It smokes."] and messages[0]["id"] == made["firstMessageId"]
    assert await tok(live_client, "GET", f"/api/forums/posts/{made['id']}", token=place.owner.token) == {
        **made,
        "following": False,
    }

    # a moderated tag is for moderators only, to put on and to take off
    refused = await tcall(
        live_client, "POST", f"/api/forums/{forum_id}/posts", {**body, "tagIds": [solved]}, someone.token
    )
    assert refused == (403, error("Only moderators can use this tag."))
    tagged = await tok(
        live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": [bug, solved]}, place.owner.token
    )
    assert tagged == {"postId": made["id"], "title": "Printer on fire", "tagIds": [bug, solved]}
    assert await tcall(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": []}, someone.token) == (
        403,
        error("Only moderators can use this tag."),
    )
    kept = await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": [solved]}, someone.token)
    assert kept["tagIds"] == [solved]

    other = await join(live_client, place)
    assert await tcall(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": []}, other.token) == (
        403,
        error("Only the author or a moderator can change this post."),
    )
    cases = [
        ({"content": "x"}, "title is required.", "title"),
        ({"title": "x"}, "content is required.", "content"),
        ({"title": "", "content": "x"}, "title length must be between 1 and 100 characters.", "title"),
        ({"title": "x" * 101, "content": "x"}, "title length must be between 1 and 100 characters.", "title"),
        ({"title": "  ", "content": "x"}, "title length must be between 1 and 100 characters.", "title"),
        ({"title": "x", "content": "x" * 2001}, "content length must be between 1 and 2000 characters.", "content"),
        ({"title": "x", "content": "  "}, "content length must be between 1 and 2000 characters.", "content"),
        ({"title": "x", "content": "x", "tagIds": "a"}, "tagIds must be an array of strings.", "tagIds"),
        ({"title": "x", "content": "x", "tagIds": ["1"] * 6}, "A post can have at most 5 tags.", "tagIds"),
        ({"title": "x", "content": "x", "tagIds": ["123"]}, "Tag not found.", "tagIds"),
    ]
    for bad, message, where in cases:
        got = await tcall(live_client, "POST", f"/api/forums/{forum_id}/posts", bad, someone.token)
        assert got == (400, error(message, where)), message
    assert await tcall(live_client, "POST", f"/api/forums/{place.general}/posts", body, someone.token) == (
        400,
        error("This channel is not a forum.", "channelId"),
    )
    # a forum holds posts, not messages
    status, got = await tcall(
        live_client, "POST", f"/api/channels/{forum_id}/messages", {"content": "hi"}, someone.token
    )
    assert (status, got["message"]) == (400, "You cannot send messages in this channel.")


async def test_who_may_post(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    outsider, reader = await member(), await join(live_client, place)
    # the forum lets everyone see it but nobody send (PUBLIC_CHANNEL only)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{forum_id}/permissions/{place.default_role}",
        {"permissions": 1},
        place.owner.token,
    )
    body = {"title": "t", "content": "c"}
    assert await tcall(live_client, "POST", f"/api/forums/{forum_id}/posts", body, reader.token) == (
        403,
        error("You are not allowed to post in this forum."),
    )
    status, got = await tcall(live_client, "POST", f"/api/forums/{forum_id}/posts", body, outsider.token)
    assert (status, got["message"]) == (403, "Server member is not in this server.")
    assert await tcall(live_client, "POST", f"/api/forums/{forum_id}/posts", body, reader.token, opt_in=False) == (
        404,
        error("Not found."),
    )
    await tok(live_client, "POST", f"/api/forums/{forum_id}/posts", body, place.owner.token)


async def test_listing_sorts_filters_and_searches(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug, idea = await tag(live_client, place, forum_id, "bug"), await tag(live_client, place, forum_id, "idea")
    first = await post(live_client, place.owner, forum_id, "Printer on fire", [bug])
    second = await post(live_client, place.owner, forum_id, "Dark mode please", [idea])
    third = await post(live_client, place.owner, forum_id, "Fire alarm too loud", [bug, idea])
    # a reply brings the first post to the top of "latest activity"
    await tok(
        live_client, "POST", f"/api/channels/{first['id']}/messages", {"content": "still burning"}, place.owner.token
    )
    reader = await join(live_client, place)

    async def ids(query: str = "") -> list[str]:
        page = await tok(live_client, "GET", f"/api/forums/{forum_id}/posts{query}", token=reader.token)
        return [p["id"] for p in page["posts"]]

    assert await ids() == [first["id"], third["id"], second["id"]]
    assert await ids("?sort=created") == [third["id"], second["id"], first["id"]]
    assert await ids(f"?tag={bug}") == [first["id"], third["id"]]
    assert await ids(f"?tag={idea}&sort=created") == [third["id"], second["id"]]
    assert await ids("?q=FIRE") == [first["id"], third["id"]]
    assert await ids(f"?q=fire&tag={idea}") == [third["id"]]
    page = await tok(live_client, "GET", f"/api/forums/{forum_id}/posts?sort=created&limit=2", token=reader.token)
    assert [p["id"] for p in page["posts"]] == [third["id"], second["id"]] and page["hasMore"] is True
    listed = page["posts"][0]
    assert listed["tagIds"] == [bug, idea] and listed["excerpt"] == "About Fire alarm too loud"
    assert listed["following"] is False
    cases = [
        ("?sort=top", "sort must be activity or created.", "sort"),
        ("?limit=0", "limit must be between 1 and 50.", "limit"),
        ("?limit=x", "limit must be a number.", "limit"),
        ("?before=x", "before must be a time in milliseconds.", "before"),
        ("?tag=5", "Tag not found.", "tag"),
        ("?q=" + "x" * 101, "q must be at most 100 characters.", "q"),
    ]
    for query, message, where in cases:
        got = await tcall(live_client, "GET", f"/api/forums/{forum_id}/posts{query}", token=reader.token)
        assert got == (400, error(message, where)), message


async def test_every_route_refuses_outsiders_and_members_who_cannot_see_the_forum(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug = await tag(live_client, place, forum_id, "bug")
    made = await post(live_client, place.owner, forum_id, "Owner's post", [bug])
    outsider, blind = await member(), await join(live_client, place)
    role = await role_with(live_client, place, MANAGE_CHANNELS, blind)  # a moderator, but the forum is hidden from them
    for role_id in (place.default_role, role):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/channels/{forum_id}/permissions/{role_id}",
            {"permissions": 0},
            place.owner.token,
        )
    routes = [
        ("GET", f"/api/forums/{forum_id}", None),
        ("PATCH", f"/api/forums/{forum_id}", {"guidelines": "x"}),
        ("POST", f"/api/forums/{forum_id}/tags", {"name": "new"}),
        ("PATCH", f"/api/forums/{forum_id}/tags/{bug}", {"name": "renamed"}),
        ("DELETE", f"/api/forums/{forum_id}/tags/{bug}", None),
        ("GET", f"/api/forums/{forum_id}/posts", None),
        ("POST", f"/api/forums/{forum_id}/posts", {"title": "t", "content": "c"}),
        ("GET", f"/api/forums/posts/{made['id']}", None),
        ("PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": []}),
        ("POST", f"/api/forums/posts/{made['id']}/share", None),
    ]
    for person, message in ((outsider, "Server member is not in this server."), (blind, "This channel is private.")):
        for method, path, body in routes:
            status, answer = await tcall(live_client, method, path, body, person.token)
            assert (status, answer["message"]) == (403, message), (method, path)
    status, answer = await tcall(
        live_client, "POST", "/api/forums", {"serverId": place.id, "name": "mine"}, outsider.token
    )
    assert (status, answer["message"]) == (403, "Server member is not in this server.")
    # nothing changed
    assert (await tok(live_client, "GET", f"/api/forums/{forum_id}", token=place.owner.token))["tags"] == [
        {"id": bug, "name": "bug", "moderated": False}
    ]


async def test_changing_a_post_checks_its_input(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    made = await post(live_client, place.owner, forum_id)
    cases = [
        ({"tagIds": "bug"}, "tagIds must be an array of strings.", "tagIds"),
        ({"tagIds": [5]}, "tagIds must be an array of strings.", "tagIds[0]"),  # the kernel names the element
        ({"tagIds": ["1"] * 6}, "A post can have at most 5 tags.", "tagIds"),
        ({"tagIds": ["123"]}, "Tag not found.", "tagIds"),
        ({"title": 5}, "title must be a string.", "title"),
        ({"title": ""}, "title length must be between 1 and 100 characters.", "title"),
        ({"title": "   "}, "title length must be between 1 and 100 characters.", "title"),
        ({"title": "x" * 101}, "title length must be between 1 and 100 characters.", "title"),
    ]
    for body, message, where in cases:
        got = await tcall(live_client, "PATCH", f"/api/forums/posts/{made['id']}", body, place.owner.token)
        assert got == (400, error(message, where)), message
    status, got = await tcall(live_client, "GET", f"/api/forums/posts/{place.general}", token=place.owner.token)
    assert (status, got["message"]) == (403, "Channel does not exist.")


async def test_the_threads_routes_list_a_forums_posts_but_start_none(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    made = await post(live_client, place.owner, forum_id)
    listed = await tok(live_client, "GET", f"/api/threads?channelId={forum_id}", token=place.owner.token)
    assert [t["id"] for t in listed["threads"]] == [made["id"]] and listed["threads"][0]["parentId"] == forum_id
    body = {"channelId": forum_id, "name": "side talk"}
    assert await tcall(live_client, "POST", "/api/threads", body, place.owner.token) == (
        400,
        error("Threads can only be created in server text channels.", "channelId"),
    )
    renamed = await tok(live_client, "PATCH", f"/api/threads/{made['id']}", {"name": "Better title"}, place.owner.token)
    assert renamed["name"] == "Better title"
    page = await tok(live_client, "GET", f"/api/forums/{forum_id}/posts?q=better", token=place.owner.token)
    assert [(p["id"], p["title"]) for p in page["posts"]] == [(made["id"], "Better title")]


async def test_pages_follow_each_other_in_both_orders(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug = await tag(live_client, place, forum_id, "bug")
    made = [await post(live_client, place.owner, forum_id, f"post {n}", [bug] if n != 1 else []) for n in range(4)]
    # a reply to the oldest makes it the latest activity
    await tok(live_client, "POST", f"/api/channels/{made[0]['id']}/messages", {"content": "up"}, place.owner.token)

    async def walk(query: str, key: str) -> list[str]:
        seen, before = [], ""
        for _ in range(len(made) + 1):  # a page that does not move on fails here, not by hanging
            page = await tok(
                live_client, "GET", f"/api/forums/{forum_id}/posts?limit=1{query}{before}", token=place.owner.token
            )
            seen += [p["title"] for p in page["posts"]]
            if not page["hasMore"]:
                return seen
            before = f"&before={page['posts'][-1][key]}"
        raise AssertionError(f"the pages never ended: {seen}")

    # the cursor is the thread's time, so the post row sorted on must hold that same time (it was
    # taken a moment earlier, and a post made across a millisecond came back page after page)
    rows = await ForumPost.filter(forum_id=int(forum_id)).values_list("channel_id", "created_at")
    threads = dict(await Thread.filter(channel_id__in=[r[0] for r in rows]).values_list("channel_id", "created_at"))
    assert len(rows) == 4 and all(created_at == threads[channel_id] for channel_id, created_at in rows)
    assert await walk("", "lastMessagedAt") == ["post 0", "post 3", "post 2", "post 1"]
    assert await walk("&sort=created", "createdAt") == ["post 3", "post 2", "post 1", "post 0"]
    assert await walk(f"&tag={bug}", "lastMessagedAt") == ["post 0", "post 3", "post 2"]
    assert await walk("&q=POST%203", "lastMessagedAt") == ["post 3"]
    # the search is a plain text match: % and _ are no wildcards
    assert (await tok(live_client, "GET", f"/api/forums/{forum_id}/posts?q=%25", token=place.owner.token))[
        "posts"
    ] == []
    assert (await tok(live_client, "GET", f"/api/forums/{forum_id}/posts?q=post_", token=place.owner.token))[
        "posts"
    ] == []
