"""Inputs that used to end in a 500 on the member routes: mute dates no calendar holds, kicking a
non-member, leaving a server you are not in. Each is a 400 JSON error that changes nothing and
tells nobody."""

from __future__ import annotations

from plugins.servers.models import Member, Mute
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call

INVALID_DATE = error("ExpireAt must be a valid date.", "expireAt")
NOT_A_NUMBER = error("ExpireAt must be a number!", "expireAt")


async def test_mute_dates_beyond_the_calendar_are_400s_and_mute_nobody(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    witness = await sockets(place.owner.token)
    path = f"/api/servers/{place.id}/mutes/{person.id}"
    for expire_at, expected in [
        (1e17, INVALID_DATE),  # year ~3 million: used to overflow datetime (500)
        (253_402_300_800_000, INVALID_DATE),  # one ms after 9999-12-31T23:59:59.999Z
        ("Infinity", NOT_A_NUMBER),  # strings used to be coerced to float("inf")
        ("nan", NOT_A_NUMBER),
        ("4102444800000", NOT_A_NUMBER),
        (None, NOT_A_NUMBER),
    ]:
        assert await call(live_client, "POST", path, {"expireAt": expire_at}, token=place.owner.token) == (
            400,
            expected,
        ), expire_at
    for literal in (b"NaN", b"Infinity", b"1e400", b"1e30"):
        response = await live_client.post(
            path,
            data=b'{"expireAt": ' + literal + b"}",
            headers={"Content-Type": "application/json", "Authorization": place.owner.token},
        )
        assert (response.status_code, await response.get_json()) == (
            400,
            error("Numbers must be finite and fit in 64 bits.", "expireAt"),
        ), literal
    assert await Mute.filter(server_id=int(place.id)).count() == 0

    # The last valid millisecond still mutes, and only that mute reaches the members.
    await ok(live_client, "POST", path, {"expireAt": 253_402_300_799_999}, place.owner.token)
    update = await witness.wait_for("server:member_updated")
    assert update == {"serverId": place.id, "userId": person.id, "updated": {"muteExpireAt": 253_402_300_799_999}}
    assert len(witness.received("server:member_updated")) == 1


async def test_a_past_mute_date_keeps_the_references_answer(client):
    place = await community(client)
    person = await join(client, place)
    for past in (0, -5, -62_135_596_800_000):
        assert await call(
            client, "POST", f"/api/servers/{place.id}/mutes/{person.id}", {"expireAt": past}, token=place.owner.token
        ) == (400, {"error": "ExpireAt must be a future timestamp."})


async def test_kicking_someone_who_is_not_a_member_is_a_400(live_client, sockets):
    place = await community(live_client)
    stranger = await member()
    person = await join(live_client, place)
    witness = await sockets(place.owner.token)
    path = f"/api/servers/{place.id}/members/{stranger.id}/kick"
    assert await call(live_client, "DELETE", path, token=place.owner.token) == (
        400,
        error("Member is not in this server."),
    )
    logs = await ok(live_client, "GET", f"/api/servers/{place.id}/audit-logs", token=place.owner.token)
    assert [log for log in logs["auditLogs"] if log["actionType"] == "SERVER_USER_KICK"] == []

    await ok(live_client, "DELETE", f"/api/servers/{place.id}/members/{person.id}/kick", token=place.owner.token)
    left = await witness.wait_for("server:member_left")
    assert left == {"serverId": place.id, "userId": person.id}
    assert len(witness.received("server:member_left")) == 1, "the refused kick told nobody"
    assert await call(
        live_client, "DELETE", f"/api/servers/{place.id}/members/{person.id}/kick", token=place.owner.token
    ) == (400, error("Member is not in this server."))


async def test_leaving_a_server_you_are_not_in_is_a_400(client):
    place = await community(client)
    outsider = await member()
    assert await call(client, "POST", f"/api/servers/{place.id}/leave", token=outsider.token) == (
        400,
        error("You are not in this server."),
    )
    assert await Member.filter(server_id=int(place.id)).count() == 1
    assert await call(client, "POST", f"/api/servers/{place.id}/leave", token=place.owner.token) == (
        400,
        error("You cannot leave your own server."),
    )


async def test_invite_codes_no_invite_could_have_are_refused_as_unknown(client):
    # Longer than the column: Tortoise refused even to compare them (500); "²" passed isdigit() but not int().
    place = await community(client)
    person = await member()
    for code in ("𝓣𝓱𝓮 𝓺𝓾𝓲𝓬𝓴 𝓫𝓻𝓸𝔀𝓷 𝓯𝓸𝔁 𝓳𝓾𝓶𝓹𝓼 𝓸𝓿𝓮𝓻", "x" * 33, "²", "١٢٣"):
        assert await call(client, "GET", f"/api/servers/invites/{code}", token=person.token) == (
            400,
            error("Invalid invite code."),
        ), code
        assert await call(client, "POST", f"/api/servers/invites/{code}", token=person.token) == (
            400,
            error("Invalid invite code."),
        ), code
        assert await call(client, "DELETE", f"/api/servers/{place.id}/invites/{code}", token=place.owner.token) == (
            403,
            error("Invalid invite code."),
        ), code
    assert await Member.filter(server_id=int(place.id)).count() == 1
