"""Answering welcome questions grants roles (rest.md §4.9): single-select swapping, multiselect,
the events and the channel rooms that follow."""

from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.plugins.welcome.helpers import answer_path, listed, make_question
from tests.support import call

FAILED = (400, error("Something went wrong. Try again later."))


async def roles_of(client, place, person):
    from plugins.servers.models import Member

    return (await Member.get(server_id=int(place.id), user_id=int(person.id))).role_ids


async def test_single_select_swaps_the_roles_of_the_previous_answer(client):
    place = await community(client)
    person = await join(client, place)
    red, blue, kept = [await role_with(client, place, 0) for _ in range(3)]
    await ok(client, "POST", f"/api/servers/{place.id}/members/{person.id}", {"roleIds": [kept]}, place.owner.token)
    question = await make_question(
        client, place, [{"title": "Red", "roleIds": [red]}, {"title": "Blue", "roleIds": [blue]}]
    )
    first, second = (a["id"] for a in question["answers"])
    assert await ok(client, "POST", answer_path(place, first), token=person.token) == {"success": True}
    assert set(await roles_of(client, place, person)) == {kept, red}
    await ok(client, "POST", answer_path(place, second), token=person.token)
    assert set(await roles_of(client, place, person)) == {kept, blue}
    answers = (await listed(client, place, person.token))[0]["answers"]
    assert [(a["answered"], a["_count"]) for a in answers] == [
        (False, {"answeredUsers": 0}),
        (True, {"answeredUsers": 1}),
    ]
    # choosing the same single-select answer again is harmless
    await ok(client, "POST", answer_path(place, second), token=person.token)
    assert set(await roles_of(client, place, person)) == {kept, blue}
    assert await ok(client, "DELETE", answer_path(place, second), token=person.token) == {"success": True}
    assert await roles_of(client, place, person) == [kept]
    assert [a["answered"] for a in (await listed(client, place, person.token))[0]["answers"]] == [False, False]


async def test_multiselect_adds_each_answers_roles_and_answering_twice_fails(client):
    place = await community(client)
    person = await join(client, place)
    other = await join(client, place)
    red, blue = await role_with(client, place, 0), await role_with(client, place, 0)
    question = await make_question(
        client, place, [{"title": "Red", "roleIds": [red]}, {"title": "Blue", "roleIds": [blue]}], multiselect=True
    )
    first, second = (a["id"] for a in question["answers"])
    await ok(client, "POST", answer_path(place, first), token=person.token)
    await ok(client, "POST", answer_path(place, second), token=person.token)
    assert set(await roles_of(client, place, person)) == {red, blue}
    assert await call(client, "POST", answer_path(place, first), token=person.token) == FAILED
    await ok(client, "POST", answer_path(place, first), token=other.token)
    mine = (await listed(client, place, person.token))[0]["answers"]
    theirs = (await listed(client, place, other.token))[0]["answers"]
    assert [(a["answered"], a["_count"]["answeredUsers"]) for a in mine] == [(True, 2), (True, 1)]
    assert [a["answered"] for a in theirs] == [True, False]
    await ok(client, "DELETE", answer_path(place, first), token=person.token)
    assert await roles_of(client, place, person) == [blue]
    assert await roles_of(client, place, other) == [red]


async def test_taking_back_an_answer_not_chosen_changes_nothing_rather_than_succeeding(client):
    place = await community(client)
    person = await join(client, place)
    red = await role_with(client, place, 0, person)
    question = await make_question(client, place, [{"title": "Red", "roleIds": [red]}])
    assert await call(client, "DELETE", answer_path(place, question["answers"][0]["id"]), token=person.token) == FAILED
    assert await roles_of(client, place, person) == [red]


async def test_unknown_answers_and_answers_of_other_servers_do_not_exist(client):
    place = await community(client)
    other = await community(client, "Elsewhere")
    person = await join(client, place)
    await join(client, other, person)
    theirs = await make_question(client, other, [{"title": "Yes"}])
    for answer_id in ("123", "nope", theirs["answers"][0]["id"]):
        for method in ("POST", "DELETE"):
            assert await call(client, method, answer_path(place, answer_id), token=person.token) == (
                400,
                error("Answer does not exist."),
            ), (method, answer_id)


async def test_answers_grant_only_roles_that_still_exist(client):
    place = await community(client)
    person = await join(client, place)
    red, blue = await role_with(client, place, 0), await role_with(client, place, 0)
    question = await make_question(client, place, [{"title": "Both", "roleIds": [red, blue]}])
    await ok(client, "DELETE", f"/api/servers/{place.id}/roles/{red}", token=place.owner.token)
    await ok(client, "POST", answer_path(place, question["answers"][0]["id"]), token=person.token)
    assert await roles_of(client, place, person) == [blue]


async def test_a_member_who_leaves_loses_their_answers(client):
    place = await community(client)
    person = await join(client, place)
    question = await make_question(client, place, [{"title": "Yes"}])
    await ok(client, "POST", answer_path(place, question["answers"][0]["id"]), token=person.token)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=person.token)
    assert (await listed(client, place, place.owner.token))[0]["answers"][0]["_count"] == {"answeredUsers": 0}


async def test_answering_grants_a_private_channel_live_and_un_answering_takes_it_away(live_client, sockets):
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    role = await role_with(live_client, place, 0)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 3},
        place.owner.token,
    )
    question = await make_question(live_client, place, [{"title": "Staff", "roleIds": [role]}, {"title": "Guest"}])
    staff_answer, guest_answer = (a["id"] for a in question["answers"])
    person = await join(live_client, place)
    watcher = await join(live_client, place)
    outsider = await member()
    probe, watching, outside = await sockets(person.token), await sockets(watcher.token), await sockets(outsider.token)

    await sent(live_client, place.owner, staff, "before")
    await ok(live_client, "POST", f"/api/servers/{place.id}/welcome/answers/{staff_answer}/answer", token=person.token)
    expected = {"serverId": place.id, "userId": person.id, "updated": {"roleIds": [role]}}
    assert await probe.wait_for("server:member_updated") == expected
    assert await watching.wait_for("server:member_updated") == expected
    inside = await sent(live_client, place.owner, staff, "for staff")
    assert (await probe.wait_for("message:created"))["message"]["id"] == inside["id"]

    # single-select: switching to "Guest" removes the staff role and the channel with it
    await ok(live_client, "POST", f"/api/servers/{place.id}/welcome/answers/{guest_answer}/answer", token=person.token)
    assert (await probe.wait_for("server:member_updated", count=2))["updated"] == {"roleIds": []}
    await ok(live_client, "POST", f"/api/servers/{place.id}/welcome/answers/{staff_answer}/answer", token=person.token)
    await probe.wait_for("server:member_updated", count=3)
    await ok(
        live_client, "DELETE", f"/api/servers/{place.id}/welcome/answers/{staff_answer}/answer", token=person.token
    )
    assert (await probe.wait_for("server:member_updated", count=4))["updated"] == {"roleIds": []}
    await sent(live_client, place.owner, staff, "after")
    barrier = await sent(live_client, place.owner, place.general, "barrier")
    assert (await probe.wait_for("message:created", count=2))["message"]["id"] == barrier["id"]
    assert [d["message"]["content"] for d in probe.received("message:created")] == ["for staff", "barrier"]
    await watching.wait_for("server:member_updated", count=4)
    assert outside.received("server:member_updated") == []
    assert "for staff" not in str(watching.events) and "for staff" not in str(outside.events)
