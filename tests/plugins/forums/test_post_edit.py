"""Changing a post after posting (``PATCH /api/forums/posts/{postId} {title?, tagIds?}``): its author
or MANAGE_CHANNELS, moderated tags only by moderators, nothing when the post is locked unless a
moderator; the forum's audience (opted-in sockets of who can view it) hears the new title as
``thread:updated`` and the new tags as ``forum:post_updated``, and nobody else hears anything."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.forums.helpers import forum, post, tag
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.threads.helpers import tcall, threads_socket, tok

MANAGE_CHANNELS = 8


async def test_the_author_changes_title_and_tags_in_one_request(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug, idea = await tag(live_client, place, forum_id, "bug"), await tag(live_client, place, forum_id, "idea")
    author = await join(live_client, place)
    made = await post(live_client, author, forum_id, "Printer on fire", [bug])

    body = {"title": "  Printer smokes ", "tagIds": [idea, bug]}
    changed = await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", body, author.token)
    assert changed == {"postId": made["id"], "title": "Printer smokes", "tagIds": [idea, bug]}
    got = await tok(live_client, "GET", f"/api/forums/posts/{made['id']}", token=author.token)
    assert (got["title"], got["name"], got["tagIds"]) == ("Printer smokes", "Printer smokes", [idea, bug])
    listed = await tok(live_client, "GET", f"/api/forums/{forum_id}/posts?q=smokes", token=author.token)
    assert [(p["id"], p["tagIds"]) for p in listed["posts"]] == [(made["id"], [idea, bug])]
    thread = await tok(live_client, "GET", f"/api/threads/{made['id']}", token=author.token)
    assert thread["name"] == "Printer smokes"

    # one of the two alone leaves the other as it was; nothing asked changes nothing
    retitled = await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"title": "Fixed"}, author.token)
    assert retitled == {"postId": made["id"], "title": "Fixed", "tagIds": [idea, bug]}
    retagged = await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"tagIds": []}, author.token)
    assert retagged == {"postId": made["id"], "title": "Fixed", "tagIds": []}
    same = await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", {}, author.token)
    assert same == {"postId": made["id"], "title": "Fixed", "tagIds": []}


async def test_who_may_change_a_post(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug = await tag(live_client, place, forum_id, "bug")
    solved = await tag(live_client, place, forum_id, "solved", moderated=True)
    author, other, mod, outsider = (
        await join(live_client, place),
        await join(live_client, place),
        await join(live_client, place),
        await member(),
    )
    await role_with(live_client, place, MANAGE_CHANNELS, mod)
    made = await post(live_client, author, forum_id, "Printer on fire", [bug])
    path = f"/api/forums/posts/{made['id']}"

    assert await tcall(live_client, "PATCH", path, {"title": "Mine now"}, other.token) == (
        403,
        error("Only the author or a moderator can change this post."),
    )
    status, body = await tcall(live_client, "PATCH", path, {"title": "Mine now"}, outsider.token)
    assert (status, body["message"]) == (403, "Server member is not in this server.")
    status, body = await tcall(live_client, "PATCH", path, {"title": "Mine now"}, author.token, opt_in=False)
    assert (status, body) == (404, error("Not found."))
    # a moderated tag: the author may neither put it on nor take it off; a moderator may both
    assert await tcall(live_client, "PATCH", path, {"tagIds": [bug, solved]}, author.token) == (
        403,
        error("Only moderators can use this tag."),
    )
    by_mod = await tok(live_client, "PATCH", path, {"title": "Printer fixed", "tagIds": [solved]}, mod.token)
    assert by_mod == {"postId": made["id"], "title": "Printer fixed", "tagIds": [solved]}
    assert await tcall(live_client, "PATCH", path, {"tagIds": [bug]}, author.token) == (
        403,
        error("Only moderators can use this tag."),
    )
    kept = await tok(live_client, "PATCH", path, {"title": "Printer fixed!", "tagIds": [solved, bug]}, author.token)
    assert kept["tagIds"] == [solved, bug]
    # a locked post: only moderators change it
    await tok(live_client, "PATCH", f"/api/threads/{made['id']}", {"locked": True}, mod.token)
    assert await tcall(live_client, "PATCH", path, {"title": "Reopen"}, author.token) == (
        403,
        error("This thread is locked."),
    )
    assert (await tok(live_client, "PATCH", path, {"tagIds": [solved]}, mod.token))["tagIds"] == [solved]
    # what was refused changed nothing
    got = await tok(live_client, "GET", path, token=other.token)
    assert (got["title"], got["tagIds"]) == ("Printer fixed!", [solved])


async def test_a_refused_change_leaves_the_post_as_it_was(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug = await tag(live_client, place, forum_id, "bug")
    made = await post(live_client, place.owner, forum_id, "Printer on fire", [bug])
    got = await tcall(
        live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"title": "New", "tagIds": ["123"]}, place.owner.token
    )
    assert got == (400, error("Tag not found.", "tagIds"))
    after = await tok(live_client, "GET", f"/api/forums/posts/{made['id']}", token=place.owner.token)
    assert (after["title"], after["tagIds"]) == ("Printer on fire", [bug])


async def test_the_change_reaches_who_can_view_the_forum_and_nobody_else(live_client, sockets):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    bug = await tag(live_client, place, forum_id, "bug")
    reader, blind, outsider = await join(live_client, place), await join(live_client, place), await member()
    seer = await role_with(live_client, place, 0, reader)
    for role_id, bits in ((place.default_role, 0), (seer, 3)):
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/channels/{forum_id}/permissions/{role_id}",
            {"permissions": bits},
            place.owner.token,
        )
    made = await post(live_client, place.owner, forum_id, "Printer on fire")
    seeing = await threads_socket(sockets, reader)
    author_socket = await threads_socket(sockets, place.owner)
    others = [
        (blind, await threads_socket(sockets, blind)),
        (outsider, await threads_socket(sockets, outsider)),
        (reader, await threads_socket(sockets, reader, opt_in=False)),
    ]

    body = {"title": "Printer smokes", "tagIds": [bug]}
    await tok(live_client, "PATCH", f"/api/forums/posts/{made['id']}", body, place.owner.token)
    for probe in (seeing, author_socket):
        assert await probe.wait_for("thread:updated") == {
            "threadId": made["id"],
            "channelId": forum_id,
            "updated": {"name": "Printer smokes"},
        }
        assert await probe.wait_for("forum:post_updated") == {
            "channelId": forum_id,
            "postId": made["id"],
            "updated": {"tagIds": [bug]},
        }
    # a title alone is a rename only; the same tags again are no change to announce
    await tok(
        live_client, "PATCH", f"/api/forums/posts/{made['id']}", {"title": "Smoke", "tagIds": [bug]}, place.owner.token
    )
    assert (await seeing.wait_for("thread:updated", count=2))["updated"] == {"name": "Smoke"}
    await ping(live_client, reader, seeing)
    assert len(seeing.received("forum:post_updated")) == 1

    for person, probe in others:
        await ping(live_client, person, probe)
        assert probe.received("thread:updated") == [], person.id
        assert probe.received("forum:post_updated") == [], person.id
