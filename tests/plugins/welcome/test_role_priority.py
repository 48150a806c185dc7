"""An answer grants roles, so whoever writes it must outrank them (the servers plugin's role order,
rest.md §4.5): a non-owner admin may not put a role at or above their own highest role on an
answer, when creating a question or when editing one. The owner may."""

from __future__ import annotations

from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.welcome.helpers import make_question, questions_path
from tests.support import call

ADMIN = 1
NO_PRIORITY = "One or more roles cannot be applied because you don't have priority."


async def ranked_server(client):
    """Roles high > admin > low (each new role is created at the bottom)."""
    place = await community(client)
    admin = await join(client, place)
    high = await role_with(client, place, 0)
    admin_role = await role_with(client, place, ADMIN, admin)
    low = await role_with(client, place, 0)
    return place, admin, high, admin_role, low


async def test_an_admin_cannot_create_an_answer_granting_a_role_at_or_above_their_own(client):
    place, admin, high, admin_role, low = await ranked_server(client)
    for role in (high, admin_role):
        body = {
            "title": "Who?",
            "answers": [
                {"title": "Fine", "order": 0, "roleIds": [low]},
                {"title": "Promote me", "order": 1, "roleIds": [low, role]},
            ],
        }
        assert await call(client, "POST", questions_path(place), body, token=admin.token) == (
            400,
            error(NO_PRIORITY, "answers[1].roleIds"),
        )
    assert await ok(client, "GET", questions_path(place), token=admin.token) == []

    question = await make_question(client, place, [{"title": "Low", "roleIds": [low]}], token=admin.token)
    assert question["answers"][0]["roleIds"] == [low]
    owners = await make_question(client, place, [{"title": "High", "roleIds": [high]}])
    assert owners["answers"][0]["roleIds"] == [high]


async def test_an_admin_cannot_edit_an_answer_into_granting_a_higher_role(client):
    place, admin, high, _, low = await ranked_server(client)
    question = await make_question(
        client, place, [{"title": "Low", "roleIds": [low]}, {"title": "High", "roleIds": [high]}]
    )
    low_answer, high_answer = question["answers"]
    path = questions_path(place, question["id"])

    def edit(low_roles, extra=()):
        return {
            "title": "Edited",
            "answers": [
                {"id": low_answer["id"], "title": "Low", "order": 0, "roleIds": low_roles},
                {"id": high_answer["id"], "title": "High", "order": 1, "roleIds": [high]},
                *extra,
            ],
        }

    assert await call(client, "POST", path, edit([low, high]), token=admin.token) == (
        400,
        error(NO_PRIORITY, "answers[0].roleIds"),
    )
    new_answer = {"title": "Sneaky", "order": 2, "roleIds": [high]}
    assert await call(client, "POST", path, edit([low], [new_answer]), token=admin.token) == (
        400,
        error(NO_PRIORITY, "answers[2].roleIds"),
    )

    # untouched higher roles the owner put there stay; the admin can still edit the rest
    edited = await ok(client, "POST", path, edit([]), admin.token)
    assert [a["roleIds"] for a in edited["answers"]] == [[], [high]]

    # the owner may
    edited = await ok(client, "POST", path, edit([high]), place.owner.token)
    assert [a["roleIds"] for a in edited["answers"]] == [[high], [high]]
