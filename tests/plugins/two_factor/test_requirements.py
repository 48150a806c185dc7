"""Who must have two-factor: staff when ``[two_factor] require_for_staff`` is on; the members who
moderate a server that requires it (PUT /api/two-factor/servers/:serverId, owner only)."""

from __future__ import annotations

import pytest

from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.moderation.helpers import MOD, staff
from tests.plugins.servers.helpers import community, join, role_with
from tests.plugins.two_factor.helpers import enable, error
from tests.support import call, new_person

STAFF_MESSAGE = "Staff must turn on two-factor authentication (Settings › Account) to use moderation tools."
SERVER_MESSAGE = "This server requires two-factor authentication for moderation. Turn it on in Settings › Account."
KICK, BAN, MANAGE_CHANNELS = 16, 32, 8


async def test_staff_need_two_factor_when_the_operator_says_so(make_app, clock):
    app = make_app(**{"two_factor.require_for_staff": True})
    async with app.test_app():
        client = app.test_client()
        without, with_it = await staff(client, MOD), await staff(client, MOD)
        await enable(client, with_it, clock)
        assert await call(client, "GET", "/api/moderation/plugins", token=without.token) == (403, error(STAFF_MESSAGE))
        assert (await call(client, "GET", "/api/moderation/plugins", token=with_it.token))[0] == 200
        # the rest of the app is open to them as to anyone
        assert (await call(client, "GET", "/api/users", token=without.token))[0] == 200
        # someone who is not staff still gets the usual answer
        outsider = await new_person()
        assert await call(client, "GET", "/api/moderation/plugins", token=outsider.token) == (
            403,
            error("Admin access only!"),
        )


async def test_staff_without_two_factor_are_let_in_by_default(client):
    assert (await call(client, "GET", "/api/moderation/plugins", token=(await staff(client, MOD)).token))[0] == 200


async def requiring(client, clock):
    place = await community(client)
    await enable(client, place.owner, clock)
    path = f"/api/two-factor/servers/{place.id}"
    assert await call(client, "PUT", path, {"required": True}, place.owner.token) == (
        200,
        {"serverId": place.id, "required": True},
    )
    return place


async def test_only_an_owner_with_two_factor_turns_the_requirement_on(client, clock):
    place = await community(client)
    path = f"/api/two-factor/servers/{place.id}"
    admin = await join(client, place)
    await role_with(client, place, 1, admin)  # ADMIN: manages the server, but does not own it
    outsider = await new_person()
    assert await call(client, "PUT", path, {"required": True}, place.owner.token) == (
        403,
        error("Turn on two-factor authentication on your account first."),
    )
    await enable(client, admin, clock)
    assert await call(client, "PUT", path, {"required": True}, admin.token) == (
        403,
        error("Only the server owner can change this."),
    )
    assert await call(client, "PUT", path, {"required": True}, outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await call(client, "PUT", path, {"required": "yes"}, place.owner.token) == (
        400,
        error("required must be a boolean.", "required"),
    )
    assert await call(client, "PUT", path, {}, place.owner.token) == (400, error("required is required.", "required"))
    assert await call(client, "GET", path, token=admin.token) == (200, {"serverId": place.id, "required": False})
    await enable(client, place.owner, clock)
    assert (await call(client, "PUT", path, {"required": True}, place.owner.token))[0] == 200
    assert await call(client, "GET", path, token=admin.token) == (200, {"serverId": place.id, "required": True})
    assert await call(client, "PUT", "/api/two-factor/servers/123", {"required": True}, place.owner.token) == (
        403,
        error("Server does not exist."),
    )


async def test_moderators_without_two_factor_are_refused_moderation(client, clock):
    place = await requiring(client, clock)
    moderator, target, bystander = await join(client, place), await join(client, place), await join(client, place)
    await role_with(client, place, KICK | MANAGE_CHANNELS, moderator)
    kick = f"/api/servers/{place.id}/members/{target.id}/kick"
    assert await call(client, "DELETE", kick, token=moderator.token) == (403, error(SERVER_MESSAGE))
    channel = {"name": "news"}
    assert await call(client, "POST", f"/api/servers/{place.id}/channels", channel, moderator.token) == (
        403,
        error(SERVER_MESSAGE),
    )
    # without the permission the answer stays the usual one
    assert await call(client, "DELETE", kick, token=bystander.token) == (403, error("Missing Kick permission"))
    # what needs no moderation permission is untouched
    message = {"content": "hello"}
    assert (await call(client, "POST", f"/api/channels/{place.general}/messages", message, moderator.token))[0] == 200
    await enable(client, moderator, clock)
    assert (await call(client, "DELETE", kick, token=moderator.token))[0] == 200


async def test_turning_the_requirement_off_lets_them_moderate_again(client, clock):
    place = await requiring(client, clock)
    moderator, target = await join(client, place), await join(client, place)
    await role_with(client, place, KICK, moderator)
    kick = f"/api/servers/{place.id}/members/{target.id}/kick"
    assert (await call(client, "DELETE", kick, token=moderator.token))[0] == 403
    path = f"/api/two-factor/servers/{place.id}"
    assert (await call(client, "PUT", path, {"required": False}, place.owner.token))[0] == 200
    assert (await call(client, "DELETE", kick, token=moderator.token))[0] == 200


async def test_bots_are_not_asked_for_two_factor(client, clock):
    place = await requiring(client, clock)
    bot = await new_bot(client)
    await add_to(client, bot, place, permissions=KICK)
    target = await join(client, place)
    assert (await call(client, "DELETE", f"/api/servers/{place.id}/members/{target.id}/kick", token=bot.token))[
        0
    ] == 200


async def test_protocol_clients_do_not_see_the_setting_in_the_server(client, clock):
    place = await requiring(client, clock)
    status, server = await call(client, "POST", f"/api/servers/{place.id}", {"name": "Renamed"}, place.owner.token)
    assert status == 200
    assert not any("two" in key.lower() or "2fa" in key.lower() for key in server)


@pytest.mark.parametrize("method", ["GET", "PUT"])
async def test_the_server_routes_need_a_session(client, method):
    body = {"required": True} if method == "PUT" else None
    assert await call(client, method, "/api/two-factor/servers/1", body) == (401, error("No token provided."))


async def test_other_plugins_server_settings_ask_the_requirement_too(client, clock):
    """Emojis, welcome questions, webhooks and the external embed check ADMIN themselves, through the
    servers plugin's require_permission: its refusal reaches them as the servers plugin's routes."""
    place = await requiring(client, clock)
    admin = await join(client, place)
    await role_with(client, place, 1, admin)  # ADMIN
    refused = (403, error(SERVER_MESSAGE))
    assert await call(client, "POST", f"/api/servers/{place.id}/external-embed", None, admin.token) == refused
    question = {
        "title": "Which topics?",
        "multiselect": False,
        "answers": [{"order": 0, "title": "News", "roleIds": []}],
    }
    assert await call(client, "POST", f"/api/servers/{place.id}/welcome/questions", question, admin.token) == refused
    webhooks = f"/api/servers/{place.id}/channels/{place.general}/webhooks"
    assert await call(client, "POST", webhooks, None, admin.token) == refused
    await enable(client, admin, clock)
    assert (await call(client, "POST", webhooks, None, admin.token))[0] == 200
    # past the requirement: the embed route's own answer for this server (not a refusal of the admin)
    assert await call(client, "POST", f"/api/servers/{place.id}/external-embed", None, admin.token) != refused
