"""Welcome questions: create, read, update, delete (rest.md §4.9), who may, limits and texts."""

import asyncio

import pytest

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.welcome.helpers import answer_path, listed, make_question, questions_path
from tests.support import call

ADMIN = 1
NOT_A_MEMBER = (403, error("Server member is not in this server."))
NOT_ADMIN = (403, error("Missing Admin permission"))


async def test_an_admin_creates_a_question_and_foreign_default_and_bot_roles_are_dropped(client):
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, ADMIN, admin)
    red = await role_with(client, place, 0)
    other = await community(client, "Elsewhere")
    foreign = await role_with(client, other, 0)
    from plugins.servers.models import Role

    bot = await Role.create(server_id=int(place.id), name="Bot", order=9, permissions=0, bot_role=True)
    created = await ok(
        client,
        "POST",
        questions_path(place),
        {
            "title": "  Pick a colour  ",
            "answers": [
                {"title": "Red", "order": 0, "roleIds": [red, red, place.default_role, foreign, str(bot.id)]},
                {"title": "None", "order": 1, "roleIds": ["nope"]},
            ],
        },
        admin.token,
    )
    assert created["title"] == "Pick a colour" and created["multiselect"] is False and created["order"] == 1
    assert created["serverId"] == place.id and isinstance(created["createdAt"], int)
    red_answer, none_answer = created["answers"]
    assert red_answer["roleIds"] == [red] and none_answer["roleIds"] == []
    assert {k for k in red_answer} == {"id", "createdAt", "title", "questionId", "roleIds", "order"}
    assert red_answer["questionId"] == created["id"] and (red_answer["order"], none_answer["order"]) == (0, 1)
    second = await make_question(client, place, [{"title": "Yes"}], title="Again?", multiselect=True)
    assert second["order"] == 2 and second["multiselect"] is True


async def test_every_route_refuses_outsiders_and_the_editing_routes_refuse_members_without_admin(client):
    place = await community(client)
    person = await join(client, place)
    outsider = await member()
    question = await make_question(client, place, [{"title": "Yes"}])
    answer = question["answers"][0]["id"]
    body = {"title": "Edited", "answers": [{"id": answer, "title": "Yes", "order": 0, "roleIds": []}]}
    routes = [
        ("POST", questions_path(place), {"title": "New", "answers": []}),
        ("GET", questions_path(place), None),
        ("GET", questions_path(place, question["id"]), None),
        ("POST", questions_path(place, question["id"]), body),
        ("DELETE", questions_path(place, question["id"]), None),
        ("POST", answer_path(place, answer), None),
        ("DELETE", answer_path(place, answer), None),
    ]
    for method, path, payload in routes:
        assert await call(client, method, path, payload, token=outsider.token) == NOT_A_MEMBER, (method, path)
    for method, path, payload in routes[:5]:
        if method == "GET":
            assert (await call(client, method, path, payload, token=person.token))[0] == 200, path
        else:
            assert await call(client, method, path, payload, token=person.token) == NOT_ADMIN, (method, path)
    assert await call(client, "GET", questions_path(place), token=None) == (401, error("No token provided."))
    assert len(await listed(client, place, place.owner.token)) == 1


async def test_a_member_with_admin_may_edit_and_delete(client):
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, ADMIN, admin)
    question = await make_question(client, place, [{"title": "Yes"}], token=admin.token)
    updated = await ok(
        client,
        "POST",
        questions_path(place, question["id"]),
        {"title": "Still?", "answers": [{"title": "Yes", "order": 3, "roleIds": []}]},
        admin.token,
    )
    assert updated["title"] == "Still?"
    assert await ok(client, "DELETE", questions_path(place, question["id"]), token=admin.token) == {"status": True}
    assert await listed(client, place, admin.token) == []


@pytest.mark.parametrize(
    "body, expected",
    [
        ({"answers": []}, error("Title is required", "title")),
        ({"title": "", "answers": []}, error("Title is required", "title")),
        ({"title": "   ", "answers": []}, error("Title is required", "title")),
        ({"title": 5, "answers": []}, error("Title must be a string.", "title")),
        ({"title": "x" * 201, "answers": []}, error("Title must be between 2 and 200 characters long.", "title")),
        ({"title": "Q"}, error("Answers must be an array.", "answers")),
        ({"title": "Q", "answers": "no"}, error("Answers must be an array.", "answers")),
        ({"title": "Q", "multiselect": "yes", "answers": []}, error("Multiselect must be a boolean.", "multiselect")),
        ({"title": "Q", "answers": [{"order": 0}]}, error("Title is required", "answers[0].title")),
        (
            {"title": "Q", "answers": [{"title": "A", "order": 0}, {"title": 1, "order": 1}]},
            error("Title must be a string.", "answers[1].title"),
        ),
        (
            {"title": "Q", "answers": [{"title": "A" * 201, "order": 0}]},
            error("Title must be between 2 and 200 characters long.", "answers[0].title"),
        ),
        (
            {"title": "Q", "answers": [{"title": "A", "order": 0, "roleIds": "r"}]},
            error("RoleIds must be an array.", "answers[0].roleIds"),
        ),
        (
            {"title": "Q", "answers": [{"title": "A", "order": 0, "roleIds": ["1", 2]}]},
            error("RoleIds must be a string.", "answers[0].roleIds[1]"),
        ),
        ({"title": "Q", "answers": [{"title": "A", "order": 21}]}, error("Invalid order.", "answers[0].order")),
        ({"title": "Q", "answers": [{"title": "A", "order": -1}]}, error("Invalid order.", "answers[0].order")),
        ({"title": "Q", "answers": [{"title": "A"}]}, error("Invalid order.", "answers[0].order")),
        (
            {"title": "Q", "answers": [{"title": "Many", "order": 99, "roleIds": ["1", "2", "3", "4", "5", "6"]}]},
            error("Maximum number of roles reached for Many", "answers[0].roleIds"),
        ),
    ],
)
async def test_bad_question_bodies_answer_the_reference_texts(client, body, expected):
    place = await community(client)
    assert await call(client, "POST", questions_path(place), body, token=place.owner.token) == (400, expected)
    assert await listed(client, place, place.owner.token) == []


async def test_at_most_ten_questions_and_ten_answers(client):
    place = await community(client)
    eleven = [{"title": f"A{i}", "order": i} for i in range(11)]
    assert await call(
        client, "POST", questions_path(place), {"title": "Q", "answers": eleven}, token=place.owner.token
    ) == (400, error("Maximum number of answers reached."))
    for index in range(10):
        await make_question(client, place, [{"title": "A"}] * 10, title=f"Q{index}")
    assert await call(
        client, "POST", questions_path(place), {"title": "Q", "answers": []}, token=place.owner.token
    ) == (400, error("Maximum number of welcome questions reached."))
    question = (await listed(client, place, place.owner.token))[0]
    update = {"answers": [{"title": f"A{i}", "order": i, "roleIds": []} for i in range(11)]}
    assert await call(client, "POST", questions_path(place, question["id"]), update, token=place.owner.token) == (
        400,
        error("Maximum number of answers reached."),
    )


async def test_update_keeps_answers_by_id_creates_new_ones_and_deletes_missing_ones(client):
    place = await community(client)
    red, blue = await role_with(client, place, 0), await role_with(client, place, 0)
    question = await make_question(client, place, [{"title": "Red", "roleIds": [red]}, {"title": "Blue"}])
    kept, dropped = question["answers"]
    updated = await ok(
        client,
        "POST",
        questions_path(place, question["id"]),
        {
            "title": "Colours",
            "multiselect": True,
            "order": 5,
            "answers": [
                {"id": kept["id"], "title": "Crimson", "order": 2, "roleIds": [red, blue, place.default_role]},
                {"title": "Green", "order": 1, "roleIds": []},
            ],
        },
        place.owner.token,
    )
    assert {k: updated[k] for k in ("id", "title", "multiselect", "order")} == {
        "id": question["id"],
        "title": "Colours",
        "multiselect": True,
        "order": 5,
    }
    assert updated["answers"][0] == {"id": kept["id"], "title": "Crimson", "roleIds": [red, blue], "order": 2}
    assert updated["answers"][1]["title"] == "Green" and updated["answers"][1]["id"] not in (kept["id"], dropped["id"])
    assert {k for k in updated["answers"][1]} == {"id", "title", "roleIds", "order"}
    single = await ok(client, "GET", questions_path(place, question["id"]), token=place.owner.token)
    assert [a["title"] for a in single["answers"]] == ["Crimson", "Green"]
    assert "answered" not in single["answers"][0] and single["answers"][0]["_count"] == {"answeredUsers": 0}
    # Title and multiselect may be left out; an empty answer list deletes every answer (upstream keeps them).
    emptied = await ok(client, "POST", questions_path(place, question["id"]), {"answers": []}, place.owner.token)
    assert emptied["title"] == "Colours" and emptied["multiselect"] is True and emptied["answers"] == []


@pytest.mark.parametrize(
    "body, expected",
    [
        ({"title": "Q"}, error("Answers must be an array.", "answers")),
        ({"title": "", "answers": []}, error("Title is required", "title")),
        ({"order": 21, "answers": []}, error("Invalid order.", "order")),
        ({"answers": [{"title": "A", "order": 0}]}, error("RoleIds must be an array.", "answers[0].roleIds")),
        ({"answers": [{"title": "A", "order": "x", "roleIds": []}]}, error("Invalid order.", "answers[0].order")),
        (
            {"answers": [{"title": "Six", "roleIds": ["1", "2", "3", "4", "5", "6"]}]},
            error("Maximum number of roles reached for Six", "answers[0].roleIds"),
        ),
    ],
)
async def test_bad_update_bodies_answer_the_reference_texts(client, body, expected):
    place = await community(client)
    question = await make_question(client, place, [{"title": "Yes"}])
    assert await call(client, "POST", questions_path(place, question["id"]), body, token=place.owner.token) == (
        400,
        expected,
    )


async def test_unknown_questions_and_questions_of_other_servers_are_not_found(client):
    place = await community(client)
    other = await community(client, "Elsewhere")
    theirs = await make_question(client, other, [{"title": "Yes"}])
    for question_id in ("123", "abc", theirs["id"]):
        assert await call(client, "GET", questions_path(place, question_id), token=place.owner.token) == (
            400,
            error("Question not found."),
        )
        assert await call(
            client, "POST", questions_path(place, question_id), {"answers": []}, token=place.owner.token
        ) == (400, error("Question not found."))
        assert await call(client, "DELETE", questions_path(place, question_id), token=place.owner.token) == (
            400,
            error("Question not found."),
        )
    assert len(await listed(client, other, other.owner.token)) == 1


async def test_the_question_count_rides_on_every_full_server_row(client):
    place = await community(client)
    assert place.server["_count"] == {"welcomeQuestions": 0}
    await make_question(client, place, [{"title": "Yes"}])
    second = await make_question(client, place, [{"title": "No"}])
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    person = await member()
    joined = await ok(client, "POST", f"/api/servers/invites/{invite['code']}", token=person.token)
    assert joined["_count"] == {"welcomeQuestions": 2}
    await ok(client, "DELETE", questions_path(place, second["id"]), token=place.owner.token)
    other = await community(client, "Quiet")
    from plugins.welcome.service import question_counts

    assert await question_counts([int(place.id), int(other.id)]) == {int(place.id): 1}


async def test_a_deleted_role_disappears_from_the_answers_that_granted_it(client):
    place = await community(client)
    red, blue = await role_with(client, place, 0), await role_with(client, place, 0)
    question = await make_question(client, place, [{"title": "Both", "roleIds": [red, blue]}])
    await ok(client, "DELETE", f"/api/servers/{place.id}/roles/{red}", token=place.owner.token)
    assert (await listed(client, place, place.owner.token))[0]["answers"][0]["roleIds"] == [blue]
    single = await ok(client, "GET", questions_path(place, question["id"]), token=place.owner.token)
    assert single["answers"][0]["roleIds"] == [blue]


async def test_deleting_the_server_deletes_its_questions(client):
    place = await community(client)
    await make_question(client, place, [{"title": "Yes"}])
    await ok(client, "DELETE", f"/api/servers/{place.id}", token=place.owner.token)
    from plugins.welcome.models import WelcomeAnswer, WelcomeQuestion

    assert await WelcomeQuestion.all().count() == 0 and await WelcomeAnswer.all().count() == 0


async def test_rate_limits_use_the_reference_buckets(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        for _ in range(10):
            await ok(client, "GET", questions_path(place), token=place.owner.token)
        status, body = await call(client, "GET", questions_path(place), token=place.owner.token)
        assert status == 429 and body["message"] == "Slow down!"
        # a different bucket still answers
        assert (await call(client, "GET", questions_path(place, "123"), token=place.owner.token))[0] == 400


async def test_questions_created_at_once_cannot_pass_the_limit_together(client):
    place = await community(client)
    for index in range(8):
        await make_question(client, place, [{"title": "A"}], title=f"Q{index}")
    answers = await asyncio.gather(
        *(
            call(client, "POST", questions_path(place), {"title": f"Late {n}", "answers": []}, token=place.owner.token)
            for n in range(4)
        )
    )
    assert sorted(status for status, _ in answers) == [200, 200, 400, 400]
    assert [body for status, body in answers if status == 400] == [
        error("Maximum number of welcome questions reached.")
    ] * 2
    assert len(await listed(client, place, place.owner.token)) == 10
