"""Message buttons: the click (rest.md §3.14) and the author's callback (§3.15), realtime.md
``message:button_clicked`` / ``message:button_clicked_callback``."""

import asyncio

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel
from tests.support import call

BUTTONS = [{"id": "yes", "label": "Yes"}, {"id": "no", "label": "No", "alert": True}]


def click_path(channel_id, message_id, button_id="yes"):
    return f"/api/channels/{channel_id}/messages/{message_id}/buttons/{button_id}"


async def settle(client, place, probe, count):
    """A message everyone in #general sees: what was emitted before it has arrived."""
    await sent(client, place.owner, place.general, f"barrier {count}")
    await probe.wait_for("message:created", count=count)


async def test_buttons_are_stored_and_served_in_creation_order(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "vote", buttons=BUTTONS)
    assert message["buttons"] == [
        {"id": "yes", "label": "Yes", "alert": None},
        {"id": "no", "label": "No", "alert": True},
    ]
    status, page = await call(client, "GET", f"/api/channels/{channel_id}/messages", token=bob.token)
    assert page[-1]["buttons"] == message["buttons"]


async def test_a_click_reaches_only_the_authors_devices(live_client, sockets):
    place = await community(live_client)
    clicker = await join(live_client, place)
    other = await join(live_client, place)
    message = await sent(live_client, place.owner, place.general, "pick one", buttons=BUTTONS)
    author_socket = await sockets(place.owner.token)
    clicker_socket = await sockets(clicker.token)
    other_socket = await sockets(other.token)
    assert await call(live_client, "POST", click_path(place.general, message["id"]), token=clicker.token) == (
        200,
        {"status": True},
    )
    assert await author_socket.wait_for("message:button_clicked") == {
        "messageId": message["id"],
        "channelId": place.general,
        "buttonId": "yes",
        "userId": clicker.id,
        "data": None,
        "type": "button_click",
    }
    await settle(live_client, place, other_socket, 1)
    await settle(live_client, place, clicker_socket, 2)
    assert other_socket.received("message:button_clicked") == []
    assert clicker_socket.received("message:button_clicked") == []

    modal = {"name": "Ada", "colour": "red"}
    assert (
        await call(
            live_client,
            "POST",
            click_path(place.general, message["id"], "no") + "?type=modal_click",
            modal,
            token=clicker.token,
        )
    )[0] == 200
    second = await author_socket.wait_for("message:button_clicked", count=2)
    assert second["type"] == "modal_click" and second["data"] == modal and second["buttonId"] == "no"


async def test_click_input_rules_and_missing_buttons(client):
    place = await community(client)
    clicker = await join(client, place)
    message = await sent(client, place.owner, place.general, "pick", buttons=BUTTONS)
    plain = await sent(client, place.owner, place.general, "no buttons")
    assert await call(client, "POST", click_path(place.general, message["id"], "maybe"), token=clicker.token) == (
        400,
        error("Button not found"),
    )
    assert await call(client, "POST", click_path(place.general, plain["id"]), token=clicker.token) == (
        400,
        error("Button not found"),
    )
    modal = click_path(place.general, message["id"]) + "?type=modal_click"
    assert await call(client, "POST", modal, {f"k{n}": "v" for n in range(11)}, token=clicker.token) == (
        400,
        error("Maximum of 10 keys are allowed."),
    )
    assert await call(client, "POST", modal, {"k": 1}, token=clicker.token) == (
        400,
        error("Invalid value type for key k"),
    )
    assert await call(client, "POST", modal, {"k": "v" * 501}, token=clicker.token) == (
        400,
        error("Value length must be between 1 and 500 characters."),
    )


async def test_outsiders_and_members_without_access_cannot_click(client):
    place = await community(client)
    staff = await private_channel(client, place)
    message = await sent(client, place.owner, staff, "staff only", buttons=BUTTONS)
    person = await join(client, place)
    assert await call(client, "POST", click_path(staff, message["id"]), token=person.token) == (
        403,
        error("This channel is private."),
    )
    outsider = await member()
    assert await call(client, "POST", click_path(staff, message["id"]), token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )


async def test_a_button_whose_author_left_the_server_is_gone(client):
    place = await community(client)
    author = await join(client, place)
    clicker = await join(client, place)
    message = await sent(client, author, place.general, "mine", buttons=BUTTONS)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=author.token)
    assert await call(client, "POST", click_path(place.general, message["id"]), token=clicker.token) == (
        400,
        error("Button not found"),
    )


async def test_a_blocked_user_cannot_click_in_the_dm(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "buttons", buttons=BUTTONS)
    alice_socket = await sockets(alice.token)
    assert (await call(live_client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 200
    status, body = await call(live_client, "POST", click_path(channel_id, message["id"]), token=bob.token)
    assert status == 400 and body["message"] == "You cannot message this user."
    # the author still sees their own clicks: nothing was sent for bob's
    assert (await call(live_client, "POST", click_path(channel_id, message["id"]), token=alice.token))[0] == 200
    assert (await alice_socket.wait_for("message:button_clicked"))["userId"] == alice.id
    await asyncio.sleep(0.1)
    assert len(alice_socket.received("message:button_clicked")) == 1


# --- callback -----------------------------------------------------------------------------------


async def test_the_author_answers_a_click_with_a_popup_for_the_clicker_only(live_client, sockets):
    place = await community(live_client)
    clicker = await join(live_client, place)
    other = await join(live_client, place)
    message = await sent(live_client, place.owner, place.general, "pick", buttons=BUTTONS)
    clicker_socket = await sockets(clicker.token)
    other_socket = await sockets(other.token)
    body = {
        "userId": clicker.id,
        "title": "Thanks",
        "content": "You chose **yes**",
        "buttonLabel": "OK",
        "extra": "dropped",
        "components": [
            {"id": "name", "type": "input", "label": "Name", "placeholder": "Ada", "x": 1},
            {"id": "pick", "type": "dropdown", "items": [{"id": "a", "label": "A"}]},
            {"id": "t", "type": "text", "content": "Read me"},
        ],
    }
    assert await call(
        live_client, "POST", click_path(place.general, message["id"]) + "/callback", body, token=place.owner.token
    ) == (200, {"status": True})
    assert await clicker_socket.wait_for("message:button_clicked_callback") == {
        "title": "Thanks",
        "content": "You chose **yes**",
        "buttonLabel": "OK",
        "components": [
            {"id": "name", "type": "input", "label": "Name", "placeholder": "Ada"},
            {"id": "pick", "type": "dropdown", "items": [{"id": "a", "label": "A"}]},
            {"id": "t", "type": "text", "content": "Read me"},
        ],
        "messageId": message["id"],
        "channelId": place.general,
        "buttonId": "yes",
        "userId": place.owner.id,
    }
    await settle(live_client, place, other_socket, 1)
    assert other_socket.received("message:button_clicked_callback") == []


async def test_only_the_author_may_answer_a_click_unlike_upstream(client):
    place = await community(client)
    clicker = await join(client, place)
    message = await sent(client, place.owner, place.general, "pick", buttons=BUTTONS)
    path = click_path(place.general, message["id"]) + "/callback"
    assert await call(client, "POST", path, {"userId": place.owner.id, "content": "fake"}, token=clicker.token) == (
        400,
        error("Button not found"),
    )


async def test_callback_targets_must_exist_and_see_the_channel(client):
    place = await community(client)
    staff = await private_channel(client, place)
    member_without_access = await join(client, place)
    outsider = await member()
    message = await sent(client, place.owner, staff, "pick", buttons=BUTTONS)
    path = click_path(staff, message["id"]) + "/callback"
    owner = place.owner.token
    assert await call(client, "POST", path, {"userId": "123", "content": "x"}, token=owner) == (
        400,
        error("User not found"),
    )
    for target in (member_without_access, outsider):
        assert await call(client, "POST", path, {"userId": target.id, "content": "x"}, token=owner) == (
            400,
            error("Button not found"),
        )
    assert await call(
        client,
        "POST",
        click_path(staff, message["id"], "nope") + "/callback",
        {"userId": place.owner.id, "content": "x"},
        token=owner,
    ) == (400, error("Button not found"))
    assert await call(
        client, "POST", path, {"userId": place.owner.id, "content": "x"}, token=member_without_access.token
    ) == (403, error("This channel is private."))


async def test_callback_body_rules(client):
    place = await community(client)
    clicker = await join(client, place)
    message = await sent(client, place.owner, place.general, "pick", buttons=BUTTONS)
    path = click_path(place.general, message["id"]) + "/callback"
    token = place.owner.token
    cases = [
        ({"content": "x"}, error("userId must be a string.", "userId")),
        ({"userId": clicker.id}, error("content must be a string.", "content")),
        (
            {"userId": clicker.id, "content": "x" * 501},
            error("content must be at most 500 characters long.", "content"),
        ),
        (
            {"userId": clicker.id, "content": "x", "title": "t" * 101},
            error("title must be at most 100 characters long.", "title"),
        ),
        (
            {"userId": clicker.id, "components": [{"id": "a", "type": "text", "content": "x"}] * 4},
            error("components must be an array of fewer than 4 items.", "components"),
        ),
        (
            {"userId": clicker.id, "components": [{"id": "a", "type": "video"}]},
            error('components[0].type must be "text", "dropdown" or "input".', "components[0].type"),
        ),
        (
            {
                "userId": clicker.id,
                "components": [{"id": "a", "type": "dropdown", "items": [{"id": "i", "label": "L"}] * 20}],
            },
            error("components[0].items must be an array of fewer than 20 items.", "components[0].items"),
        ),
        (
            {"userId": clicker.id, "components": [{"id": "a" * 51, "type": "input"}]},
            error("components[0].id must be at most 50 characters long.", "components[0].id"),
        ),
    ]
    for body, expected in cases:
        assert await call(client, "POST", path, body, token=token) == (400, expected), body
    assert await call(client, "POST", path, [1, 2], token=token) == (
        400,
        error("The request body must be a JSON object."),
    )
