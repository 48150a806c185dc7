"""Posts moderation through its routes (rest.md §8.5), answered by the posts plugin's hooks: the
staff's list and search, deleting anyone's posts (audit 5), announcements, and the recent posts a
suspension or a shadow ban removes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.cdn.models import CdnFile
from core.context import hearth
from core.ids import EPOCH_MS
from plugins.moderation.models import AuditEntry
from plugins.posts.models import Post, PostAnnouncement, PostLike, PostPoll
from tests.plugins.friends.helpers import block
from tests.plugins.messages.helpers import error
from tests.plugins.moderation.helpers import ADMIN, MOD, ok, pw, staff, suspend
from tests.plugins.posts.helpers import confirmed, get, ids, post, uploaded_image
from tests.plugins.posts.test_live import watching
from tests.support import call

LIST, SEARCH, DELETE = "/api/moderation/posts", "/api/moderation/posts/search", "/api/moderation/posts/delete"


def announcement(post_id: str) -> str:
    return f"/api/moderation/posts/{post_id}/announcement"


async def test_staff_list_every_post_newest_first_whoever_blocked_them(client):
    author, other = await confirmed(), await confirmed()
    mod = await staff(client, MOD)
    first = await post(client, author, "first", poll={"choices": ["yes", "no"]})
    reply = await post(client, other, "a reply", postId=first["id"])
    gone = await post(client, author, "soon deleted")
    assert (await call(client, "DELETE", f"/api/posts/{gone['id']}", token=author.token))[0] == 200
    status, repost = await call(client, "POST", f"/api/posts/{first['id']}/repost", token=other.token)
    assert status == 200
    await block(client, author, mod)  # hides nothing from the staff

    listed = await ok(client, "GET", LIST, token=mod.token)
    assert ids(listed) == [repost["id"], gone["id"], reply["id"], first["id"]]
    assert [p["announcement"] for p in listed] == [None] * 4
    assert listed[3]["content"] == "first" and "block" not in listed[3]
    assert listed[3]["poll"]["choices"][0]["content"] == "yes" and listed[2]["commentTo"]["id"] == first["id"]
    assert listed[1]["deleted"] is True and listed[0]["repost"]["id"] == first["id"]

    assert ids(await ok(client, "GET", f"{LIST}?limit=2", token=mod.token)) == [repost["id"], gone["id"]]
    assert ids(await ok(client, "GET", f"{LIST}?after={reply['id']}", token=mod.token)) == [first["id"]]
    assert ids(await ok(client, "GET", f"{SEARCH}?q={author.id}", token=mod.token)) == [gone["id"], first["id"]]
    assert ids(await ok(client, "GET", f"{SEARCH}?q={reply['id']}", token=mod.token)) == [reply["id"]]
    assert ids(await ok(client, "GET", f"{SEARCH}?q={author.id}&after={gone['id']}", token=mod.token)) == [first["id"]]
    for nothing in ("abc", "", "123"):
        assert await ok(client, "GET", f"{SEARCH}?q={nothing}", token=mod.token) == []
    assert await call(client, "GET", LIST, token=author.token) == (403, error("Admin access only!"))
    assert await call(client, "GET", f"{SEARCH}?q={author.id}", token=other.token) == (403, error("Admin access only!"))


async def test_an_admin_deletes_anyones_posts_and_the_audit_log_counts_them(live_server, live_client, sockets):
    client = live_client
    author, fan, watcher, bystander = [await confirmed() for _ in range(4)]
    admin, mod = await staff(client, ADMIN), await staff(client, MOD)
    image = await uploaded_image(client, author)
    doomed = await post(client, author, "against the rules", nerimityCdnFileId=image, poll={"choices": ["a", "b"]})
    spared = await post(client, author, "fine")
    reply = await post(client, fan, "a reply", postId=doomed["id"])
    await call(client, "POST", f"/api/posts/{doomed['id']}/like", token=fan.token)
    _, repost = await call(client, "POST", f"/api/posts/{doomed['id']}/repost", token=fan.token)
    await ok(client, "POST", announcement(doomed["id"]), pw(), admin.token)
    path = doomed["attachments"][0]["path"]
    watching_socket, idle_socket = await sockets(watcher.token), await sockets(bystander.token)
    await watching(live_server, watching_socket, [doomed["id"]])

    body = pw(postIds=[doomed["id"], repost["id"], "123", "abc"])
    assert await call(client, "POST", DELETE, body, token=mod.token) == (403, error("Admin access only!"))
    assert await call(client, "POST", DELETE, {**body, "password": "wrong password"}, token=admin.token) == (
        403,
        error("Invalid password.", "password"),
    )
    assert (await get(client, fan, f"/api/posts/{doomed['id']}"))["deleted"] is False
    assert await ok(client, "POST", DELETE, body, admin.token) == {"success": True}

    shown = await get(client, fan, f"/api/posts/{doomed['id']}")
    assert (shown["deleted"], shown["content"], shown["attachments"], shown["poll"]) == (True, None, [], None)
    assert await get(client, fan, f"/api/posts/{repost['id']}") is None
    assert (await get(client, fan, f"/api/posts/{spared['id']}"))["content"] == "fine"
    assert (await get(client, fan, f"/api/posts/{reply['id']}"))["commentTo"]["deleted"] is True
    assert await PostLike.all().count() == 0 and await PostPoll.all().count() == 0
    assert await PostAnnouncement.all().count() == 0
    assert await get(client, fan, "/api/posts/announcement") == []
    async with live_server.app.quart.app_context():
        assert hearth().storage.local_path(path) is None
    assert not await CdnFile.exists(id=int(image))
    [entry] = await AuditEntry.filter(action_type=5)
    assert (entry.action_by_id, entry.count) == (int(admin.id), 2)

    assert await watching_socket.wait_for("post:changed") == {"postId": doomed["id"]}
    assert idle_socket.received("post:changed") == []
    # deleting again deletes nothing, and says so in the log
    assert await ok(client, "POST", DELETE, pw(postIds=[doomed["id"]]), admin.token) == {"success": True}
    assert [e.count for e in await AuditEntry.filter(action_type=5).order_by("id")] == [2, 0]


async def test_announcements_and_announcing_twice_is_a_400_where_upstream_answers_500(client):
    author, reader = await confirmed(), await confirmed()
    admin = await staff(client, ADMIN)
    news = await post(client, author, "news")
    reply = await post(client, author, "a reply", postId=news["id"])
    gone = await post(client, author, "gone")
    await call(client, "DELETE", f"/api/posts/{gone['id']}", token=author.token)
    path = announcement(news["id"])

    assert await ok(client, "POST", path, pw(), admin.token) == {"success": True}
    assert ids(await get(client, reader, "/api/posts/announcement")) == [news["id"]]
    [listed] = await ok(client, "GET", f"{SEARCH}?q={news['id']}", token=admin.token)
    assert listed["announcement"]["createdAt"] > 0
    assert await call(client, "POST", path, pw(), token=admin.token) == (
        400,
        error("Something went wrong. Try again later."),
    )  # upstream answers 500
    assert await ok(client, "DELETE", path, pw(), admin.token) == {"success": True}
    assert await get(client, reader, "/api/posts/announcement") == []
    assert await call(client, "DELETE", path, pw(), token=admin.token) == (
        400,
        error("Something went wrong. Try again later."),
    )  # upstream answers 500
    for not_one in ("123", "abc", reply["id"], gone["id"]):
        assert await call(client, "POST", announcement(not_one), pw(), token=admin.token) == (
            404,
            error("Post not found", "postId"),
        )
    assert await call(client, "POST", path, pw(), token=(await staff(client, MOD)).token) == (
        403,
        error("Admin access only!"),
    )
    assert await call(client, "POST", path, {"password": "wrong password"}, token=admin.token) == (
        403,
        error("Invalid password.", "password"),
    )
    assert await get(client, reader, "/api/posts/announcement") == []


async def an_old_post(author_id: str, hours: float) -> Post:
    """A post written ``hours`` ago (post ids carry their time)."""
    when = datetime.now(UTC) - timedelta(hours=hours)
    return await Post.create(
        id=(int(when.timestamp() * 1000) - EPOCH_MS) << 22,
        created_by_id=int(author_id),
        content="from earlier",
        created_at=when,
    )


async def test_suspending_with_delete_recent_messages_removes_the_last_seven_hours_of_posts(client):
    spammer, bystander = await confirmed(), await confirmed()
    admin = await staff(client, ADMIN)
    old = await an_old_post(spammer.id, hours=8)
    recent = [await post(client, spammer, f"buy {n}") for n in range(2)]
    others = await post(client, bystander, "mine stays")

    await suspend(client, admin, spammer, deleteRecentMessages=True)

    assert [p.deleted for p in await Post.filter(id__in=[int(p["id"]) for p in recent])] == [True, True]
    assert not (await Post.get(id=old.id)).deleted
    assert (await get(client, bystander, f"/api/posts/{others['id']}"))["content"] == "mine stays"


async def test_suspending_without_it_keeps_the_posts(client):
    author = await confirmed()
    admin = await staff(client, ADMIN)
    kept = await post(client, author, "still here")
    await suspend(client, admin, author)
    assert not (await Post.get(id=int(kept["id"]))).deleted


async def test_a_shadow_ban_removes_the_last_seven_hours_of_posts(client):
    spammer = await confirmed()
    admin = await staff(client, ADMIN)
    old = await an_old_post(spammer.id, hours=8)
    recent = await post(client, spammer, "spam")
    await ok(client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[spammer.id], reason="spam"), admin.token)
    assert (await Post.get(id=int(recent["id"]))).deleted
    assert not (await Post.get(id=old.id)).deleted
