"""``GET /channels/:id/notice?optional=true`` (Hearth's, issue 33): "no notice" answers 200
``{notice: null}`` instead of the reference's 400, which Hearth's client asks for so that opening a
channel logs no error; without it, or with another value, the reference's answer stands."""

from __future__ import annotations

from tests.plugins.messages.helpers import dm_pair, error, member
from tests.plugins.servers.helpers import community, join, ok, private_channel
from tests.support import call


def notice_path(channel_id: str, query: str = "?optional=true") -> str:
    return f"/api/channels/{channel_id}/notice{query}"


async def test_no_notice_is_null_when_asked_for_optionally(client):
    place = await community(client)
    person = await join(client, place)
    assert await ok(client, "GET", notice_path(place.general), token=person.token) == {"notice": None}
    for query in ("", "?optional=false", "?optional=1", "?optional="):
        assert await call(client, "GET", notice_path(place.general, query), token=person.token) == (
            400,
            error("Channel notice does not exist."),
        )


async def test_an_existing_notice_answers_the_same_either_way(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/channels/{place.general}/notice"
    await ok(client, "PUT", path, {"content": "Be kind"}, place.owner.token)
    plain = await ok(client, "GET", notice_path(place.general, ""), token=person.token)
    assert await ok(client, "GET", notice_path(place.general), token=person.token) == plain
    assert plain["notice"]["content"] == "Be kind"


async def test_a_dm_without_the_recipients_notice(client):
    alice, bob, channel_id = await dm_pair(client)
    assert await ok(client, "GET", notice_path(channel_id), token=alice.token) == {"notice": None}
    await ok(client, "PUT", "/api/users/channel-notice", {"content": "Away this week"}, bob.token)
    assert (await ok(client, "GET", notice_path(channel_id), token=alice.token))["notice"][
        "content"
    ] == "Away this week"


async def test_who_may_not_read_the_channel_is_still_refused(client):
    place = await community(client)
    outsider, member_ = await member(), await join(client, place)
    hidden = await private_channel(client, place)
    assert await call(client, "GET", notice_path(place.general), token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await call(client, "GET", notice_path(hidden), token=member_.token) == (
        403,
        error("This channel is private."),
    )
    assert await call(client, "GET", notice_path(place.general)) == (401, error("No token provided."))
