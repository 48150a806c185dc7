"""DELETE /users/notices/:id (rest.md §1.11): only your own notice, one at a time, oldest first in
``user:authenticated``; whatever the id looks like, a notice that is not yours is "Notice not found"."""

from core.identity.models import User
from core.identity.sessions import create_session
from plugins.moderation.models import Notice
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import ok, pw, staff
from tests.support import call


async def warn(client, mod, person, reason):
    await ok(client, "POST", "/api/moderation/users/warn", pw(userIds=[person.id], reason=reason), mod.token)


async def test_dismissing_one_notice_keeps_the_others_in_order(live_client, sockets):
    mod, person = await staff(live_client), await member()
    await warn(live_client, mod, person, "first")
    await warn(live_client, mod, person, "second")
    probe = await sockets(person.token)
    first, second = (await probe.wait_for("user:authenticated"))["user"]["notices"]
    assert (first["content"], second["content"]) == ("first", "second")

    assert await ok(live_client, "DELETE", f"/api/users/notices/{second['id']}", token=person.token) == {
        "success": True
    }
    await ping(live_client, person, probe)
    assert probe.received("user:notice_created") == []  # dismissing announces nothing
    later = await sockets(person.token)
    assert (await later.wait_for("user:authenticated"))["user"]["notices"] == [first]


async def test_ids_that_are_not_a_notice_of_yours_are_not_found(client):
    mod, person, other = await staff(client), await member(), await member()
    await warn(client, mod, other, "theirs")
    theirs = await Notice.get(user_id=int(other.id))
    for notice_id in (str(theirs.id), "123", "abc", "-1", "1.5", "9" * 30, "%20"):
        assert await call(client, "DELETE", f"/api/users/notices/{notice_id}", token=person.token) == (
            404,
            error("Notice not found"),
        ), notice_id
    # the moderator who wrote it cannot dismiss it for them either
    assert await call(client, "DELETE", f"/api/users/notices/{theirs.id}", token=mod.token) == (
        404,
        error("Notice not found"),
    )
    assert await Notice.filter(user_id=int(other.id)).count() == 1


async def test_bots_cannot_dismiss_notices(client):
    bot = await User.create(username="noticebot", tag="b0t5", bot=True, badges=32)
    notice = await Notice.create(user_id=bot.id, type=0, content="hello")
    _, token = await create_session(bot)
    assert await call(client, "DELETE", f"/api/users/notices/{notice.id}", token=token) == (
        401,
        error("Bots are not allowed to use this route."),
    )
    assert await Notice.exists(id=notice.id)
