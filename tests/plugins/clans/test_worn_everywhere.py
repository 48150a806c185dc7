"""The worn clan in every embedded profile (entities.md §3.1 ``profile: {font, clan}``): message
and post authors, server members, friends, DM recipients; and the server object's own clan."""

from tests.plugins.clans.helpers import verified, wearing, with_clan
from tests.plugins.friends.helpers import make_friends, request_friend
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.posts.helpers import get, post
from tests.plugins.servers.helpers import join, ok
from tests.support import call


async def test_message_authors(client):
    w = await wearing(client)
    viewer = w.place.owner
    mine = await sent(client, w.wearer, w.place.general, "with the tag")
    assert mine["createdBy"]["profile"] == w.worn  # the sender's answer
    await sent(client, w.plain, w.place.general, "without")
    await sent(client, viewer, w.place.general, "replying", replyToMessageIds=[mine["id"]])
    page = await ok(client, "GET", f"/api/channels/{w.place.general}/messages", token=viewer.token)
    by_content = {m["content"]: m["createdBy"]["profile"] for m in page}
    assert by_content["with the tag"] == w.worn
    assert by_content["without"] == w.bare
    assert by_content["replying"] is None  # the owner never made a profile


async def test_post_authors(client):
    w = await wearing(client)
    made = await post(client, w.wearer, "from a clan")
    assert made["createdBy"]["profile"] == w.worn
    plain = await post(client, w.plain, "from nobody's clan")
    reply = await post(client, w.plain, "a reply", postId=made["id"])
    assert (await get(client, w.place.owner, f"/api/posts/{made['id']}"))["createdBy"]["profile"] == w.worn
    assert (await get(client, w.place.owner, f"/api/posts/{plain['id']}"))["createdBy"]["profile"] == w.bare
    fetched = await get(client, w.place.owner, f"/api/posts/{reply['id']}")
    assert fetched["createdBy"]["profile"] == w.bare
    assert fetched["commentTo"]["createdBy"]["profile"] == w.worn  # nested posts too
    listed = await get(client, None, f"/api/users/{w.wearer.id}/posts")
    assert [p["createdBy"]["profile"] for p in listed] == [w.worn]


async def test_friends(client):
    w = await wearing(client)
    stranger = await member()
    status, row = await request_friend(client, stranger, w.wearer)
    assert status == 200 and row["recipient"]["profile"] == w.worn
    status, row = await request_friend(client, stranger, w.plain)
    assert status == 200 and row["recipient"]["profile"] == w.bare


async def test_dm_recipients(client):
    w = await wearing(client)
    stranger = await member()
    for person, profile in ((w.wearer, w.worn), (w.plain, w.bare)):
        status, inbox = await call(client, "POST", f"/api/users/{person.id}/open-channel", token=stranger.token)
        assert status == 200 and inbox["recipient"]["profile"] == profile


async def test_the_authenticated_payload(live_client, sockets):
    w = await wearing(live_client)
    viewer = await join(live_client, w.place)
    await make_friends(live_client, viewer, w.wearer)
    await make_friends(live_client, viewer, w.plain)
    for person in (w.wearer, w.plain):
        await open_dm(live_client, viewer, person)
    payload = (await sockets(viewer.token)).received("user:authenticated")[0]
    members = {m["userId"]: m["user"]["profile"] for m in payload["serverMembers"]}
    assert members[w.wearer.id] == w.worn and members[w.plain.id] == w.bare
    assert members[viewer.id] is None
    friends = {f["recipientId"]: f["recipient"]["profile"] for f in payload["friends"]}
    assert friends == {w.wearer.id: w.worn, w.plain.id: w.bare}
    inbox = {i["recipientId"]: i["recipient"]["profile"] for i in payload["inbox"]}
    assert inbox == {w.wearer.id: w.worn, w.plain.id: w.bare}
    server = next(s for s in payload["servers"] if s["id"] == w.place.id)
    assert server["clan"] == {"tag": w.clan["tag"], "icon": w.clan["icon"]}  # realtime.md §3.4: no serverId
    # The wearer's own payload: their self user, with the serverId.
    own = (await sockets(w.wearer.token)).received("user:authenticated")[0]
    assert own["user"]["profile"] == w.worn


async def test_member_events_and_the_member_list_request(live_client, sockets):
    w = await wearing(live_client)
    away = await verified(live_client, "Away")
    away_clan = await with_clan(live_client, away, "AWAY")
    traveller = await join(live_client, away)
    await ok(live_client, "POST", "/api/users", {"clanServerId": away.id}, traveller.token)
    watcher = await sockets(w.place.owner.token)

    # A member wearing another server's clan joins: server:member_joined carries it.
    await join(live_client, w.place, traveller)
    joined_member = (await watcher.wait_for("server:member_joined"))["member"]
    assert joined_member["userId"] == traveller.id
    assert joined_member["user"]["profile"] == {"font": None, "clan": away_clan}

    # server:joined gives a newcomer every member with their clan, and the server's own clan.
    newcomer = await member()
    probe = await sockets(newcomer.token)
    await join(live_client, w.place, newcomer)
    joined = await probe.wait_for("server:joined")
    assert joined["server"]["clan"] == {"tag": w.clan["tag"], "icon": w.clan["icon"]}
    members = {m["userId"]: m["user"]["profile"] for m in joined["members"]}
    assert members[w.wearer.id] == w.worn and members[w.plain.id] == w.bare
    assert members[traveller.id]["clan"] == away_clan

    # user:request_server_members answers the same profiles.
    await probe.client.emit("user:request_server_members", {"serverId": w.place.id})
    fetched = await probe.wait_for("server:members_fetched")
    listed = {m["userId"]: m["user"]["profile"] for m in fetched["members"]}
    assert listed == members


async def test_explore_names_the_clan_s_server(client):
    w = await wearing(client)
    await ok(client, "POST", f"/api/explore/servers/{w.place.id}", {"description": "clan town"}, w.place.owner.token)
    listed = await ok(client, "GET", "/api/explore?filter=clans", token=w.plain.token)
    assert [item["server"]["clan"] for item in listed] == [w.clan]  # rest.md §4.13: with serverId
