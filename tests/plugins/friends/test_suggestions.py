"""``GET /api/friends/suggestions?q=`` (Hearth's, issue 33): co-members to add as friends by name,
ranked exact, prefix, then anywhere; nobody you are already related to, no bots, nobody who
blocked you or takes no requests, nobody from a server you do not share. Mounted only with the
servers plugin."""

from __future__ import annotations

from core.identity.models import Account, User
from tests.plugins.friends.helpers import block, error, make_friends, request_friend
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call

PATH = "/api/friends/suggestions"


async def suggest(client, person, q):
    return await ok(client, "GET", f"{PATH}?q={q}", token=person.token)


def names(found):
    return [s["username"] for s in found]


async def test_co_members_ranked_with_the_server_shared(client):
    place = await community(client, "Garden")
    me = place.owner
    for name in ("Carolyn", "carol", "Macarol", "Dave"):
        await join(client, place, await member(username=name))
    elsewhere = await community(client, "Elsewhere")
    await join(client, elsewhere, await member(username="Carola"))  # shares no server with me
    found = await suggest(client, me, "carol")
    assert names(found) == ["carol", "Carolyn", "Macarol"]
    assert found[0]["sharedServer"] == {"id": place.id, "name": "Garden"}
    assert set(found[0]) == {
        "id",
        "username",
        "tag",
        "hexColor",
        "avatar",
        "banner",
        "badges",
        "bot",
        "joinedAt",
        "sharedServer",
    }


async def test_nicknames_match_and_say_so(client):
    place = await community(client, "Garden")
    steve = await join(client, place, await member(username="steve"))
    path = f"/api/servers/{place.id}/members/{steve.id}/profile"
    await ok(client, "POST", path, {"nickname": "Captain"}, place.owner.token)
    found = await suggest(client, place.owner, "capt")
    assert [(s["username"], s.get("nickname")) for s in found] == [("steve", "Captain")]
    assert "nickname" not in (await suggest(client, place.owner, "stev"))[0]


async def test_who_is_left_out(client):
    place = await community(client, "Garden")
    me = place.owner
    friend, asked, asking, blocked, blocker, closed, deleted = [
        await join(client, place, await member(username=f"carol{n}")) for n in range(7)
    ]
    shown = await join(client, place, await member(username="carol_ok"))
    await make_friends(client, me, friend)
    await request_friend(client, me, asked)
    await request_friend(client, asking, me)
    await block(client, me, blocked)
    await block(client, blocker, me)
    await Account.filter(user_id=int(closed.id)).update(friend_request_status=2)
    await User.filter(id=int(deleted.id)).update(deleted=True)
    bot = await join(client, place, await member(username="carolbot"))
    await User.filter(id=int(bot.id)).update(bot=True)
    assert names(await suggest(client, me, "carol")) == [shown.username]
    assert await suggest(client, me, me.username) == []  # never yourself


async def test_at_most_ten_and_exact_names_first_however_many_match(client):
    place = await community(client, "Garden")
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    for n in range(60):
        await ok(
            client, "POST", f"/api/servers/invites/{invite['code']}", token=(await member(username=f"ann{n:02d}")).token
        )
    exact = await join(client, place, await member(username="Ann"))
    found = await suggest(client, place.owner, "ann")
    assert len(found) == 10 and found[0]["id"] == exact.id


async def test_bad_queries_and_callers(client):
    place = await community(client, "Garden")
    for query in ("", "?q=", "?q=%20%20", "?q=" + "x" * 36):
        assert await call(client, "GET", PATH + query, token=place.owner.token) == (
            400,
            error("q must be between 1 and 35 characters long.", "q"),
        )
    assert await call(client, "GET", f"{PATH}?q=ab") == (401, error("No token provided."))


async def test_gone_without_servers(client_without):
    client = await client_without("servers")
    me = await member()
    status, body = await call(client, "GET", f"{PATH}?q=ab", token=me.token)
    assert status == 404 and body["message"]
