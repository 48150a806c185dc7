"""PATCH and DELETE /api/posts/:postId (rest.md §7.12–7.13)."""

from __future__ import annotations

from core.cdn.models import CdnFile
from core.context import hearth
from plugins.posts.models import MENTIONED, Post, PostAnnouncement, PostLike, PostNotification, PostPin, PostPoll
from tests.plugins.friends.helpers import assert_limited, error
from tests.plugins.posts.helpers import confirmed, get, post, uploaded_image
from tests.support import call


async def edit(client, person, post_id, content):
    return await call(client, "PATCH", f"/api/posts/{post_id}", {"content": content}, token=person.token)


async def test_edit_changes_content_and_marks_it_edited(client):
    me, them = await confirmed(), await confirmed()
    mine = await post(client, me, "before")
    status, edited = await edit(client, me, mine["id"], f"  after @{them.username}:{them.tag} ")
    assert status == 200, edited
    assert edited["content"] == f"after [@:{them.id}]" and isinstance(edited["editedAt"], int)
    assert [m["id"] for m in edited["mentions"]] == [them.id]
    assert await PostNotification.filter(type=MENTIONED, to_id=int(them.id)).count() == 1
    await edit(client, me, mine["id"], f"again @{them.username}:{them.tag}")
    assert await PostNotification.filter(type=MENTIONED, to_id=int(them.id)).count() == 1


async def test_edit_refusals(client):
    me, them = await confirmed(), await confirmed()
    mine = await post(client, me, "mine")
    theirs = await post(client, them, "theirs")
    assert await edit(client, me, theirs["id"], "x") == (403, error("Post not found"))
    assert await edit(client, me, "123", "x") == (403, error("Post not found"))
    status, repost = await call(client, "POST", f"/api/posts/{theirs['id']}/repost", token=me.token)
    assert await edit(client, me, repost["id"], "x") == (403, error("Post not found"))
    assert await edit(client, me, mine["id"], "x" * 501) == (
        400,
        error("Content length must be between 1 and 500 characters."),
    )
    assert await edit(client, me, mine["id"], "  ") == (
        400,
        error("Content length must be between 1 and 500 characters."),
    )
    assert await call(client, "PATCH", f"/api/posts/{mine['id']}", {}, token=me.token) == (
        400,
        error("Content must be a string!", "content"),
    )
    assert await edit(client, me, mine["id"], 5) == (400, error("Content must be a string!", "content"))
    assert (await get(client, me, f"/api/posts/{mine['id']}"))["content"] == "mine"
    await call(client, "DELETE", f"/api/posts/{mine['id']}", token=me.token)
    assert await edit(client, me, mine["id"], "x") == (403, error("Post not found"))


async def test_edit_rate_limit_is_5_per_20_seconds(client, limited):
    me = await confirmed()
    mine = await post(client, me, "mine")
    for n in range(5):
        assert (await edit(limited, me, mine["id"], f"v{n}"))[0] == 200
    assert_limited(*await edit(limited, me, mine["id"], "v6"), window_ms=20_000)


async def test_delete_empties_the_post_and_what_hangs_on_it(app, client):
    me, them = await confirmed(), await confirmed()
    image = await uploaded_image(client, me)
    mine = await post(client, me, "bye", nerimityCdnFileId=image, poll={"choices": ["a", "b"]})
    reply = await post(client, them, "a reply", postId=mine["id"])
    await call(client, "POST", f"/api/posts/{mine['id']}/like", token=them.token)
    status, repost = await call(client, "POST", f"/api/posts/{mine['id']}/repost", token=them.token)
    assert status == 200
    await call(client, "POST", f"/api/posts/{mine['id']}/pin", token=me.token)
    await PostAnnouncement.create(post_id=int(mine["id"]))
    path = mine["attachments"][0]["path"]
    async with app.app_context():
        assert hearth().storage.local_path(path) is not None

    assert await call(client, "DELETE", f"/api/posts/{mine['id']}", token=me.token) == (200, {"success": True})

    gone = await get(client, them, f"/api/posts/{mine['id']}")
    assert (gone["deleted"], gone["content"], gone["attachments"], gone["poll"]) == (True, None, [], None)
    assert gone["_count"] == {"likedBy": 0, "comments": 1, "reposts": 0}
    assert await PostLike.all().count() == 0 and await PostPoll.all().count() == 0
    assert await PostPin.all().count() == 0 and await PostAnnouncement.all().count() == 0
    assert not await Post.exists(id=int(repost["id"]))
    assert (await get(client, them, f"/api/posts/{reply['id']}"))["commentTo"]["deleted"] is True
    async with app.app_context():
        assert hearth().storage.local_path(path) is None
    assert not await CdnFile.exists(id=int(image))


async def test_deleting_a_repost_removes_it(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "theirs")
    _, repost = await call(client, "POST", f"/api/posts/{theirs['id']}/repost", token=me.token)
    assert await call(client, "DELETE", f"/api/posts/{repost['id']}", token=me.token) == (200, {"success": True})
    assert not await Post.exists(id=int(repost["id"]))
    assert (await get(client, me, f"/api/posts/{theirs['id']}"))["_count"]["reposts"] == 0


async def test_only_the_author_deletes(client):
    me, them = await confirmed(), await confirmed()
    theirs = await post(client, them, "theirs")
    assert await call(client, "DELETE", f"/api/posts/{theirs['id']}", token=me.token) == (
        400,
        error("Post does not exist!"),
    )
    assert await call(client, "DELETE", "/api/posts/nope", token=me.token) == (400, error("Post does not exist!"))
    assert await call(client, "DELETE", f"/api/posts/{theirs['id']}") == (401, error("No token provided."))
    assert (await get(client, me, f"/api/posts/{theirs['id']}"))["content"] == "theirs"
