"""Who receives (and who must not receive) ``server:updated`` after an ownership transfer and
``server:folder_updated`` after a folder rename; the mute route's ``{error}`` body; the
bot-commands route (rest.md §4.1, §4.2, §4.6)."""

import time

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_server_updated_after_a_transfer_reaches_members_only(live_client, sockets):
    place = await community(live_client)
    heir, bystander, former = [await join(live_client, place) for _ in range(3)]
    outsider = await member()
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=former.token)
    probes = {p.id: await sockets(p.token) for p in (place.owner, heir, bystander, former, outsider)}
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/transfer-ownership",
        {"password": place.owner.password, "newOwnerUserId": heir.id},
        place.owner.token,
    )
    expected = {"serverId": place.id, "updated": {"createdById": heir.id, "verified": False}}
    for person in (place.owner, heir, bystander):
        assert await probes[person.id].wait_for("server:updated") == expected
    for person in (former, outsider):
        await ping(live_client, person, probes[person.id])
        assert probes[person.id].received("server:updated") == []


async def test_a_folder_rename_reaches_only_its_owners_sockets(live_client, sockets):
    first, second = await community(live_client, "One"), await community(live_client, "Two")
    fellow = await join(live_client, first)
    await join(live_client, second, fellow)
    await join(live_client, second, first.owner)
    mine_a, mine_b = await sockets(first.owner.token), await sockets(first.owner.token)
    theirs = await sockets(fellow.token)
    fellows_folder = await ok(
        live_client, "POST", "/api/servers/folders", {"serverIds": [first.id, second.id]}, fellow.token
    )
    folder = await ok(
        live_client, "POST", "/api/servers/folders", {"serverIds": [first.id, second.id]}, first.owner.token
    )

    renamed = await ok(
        live_client,
        "POST",
        f"/api/servers/folders/{folder['id']}",
        {"name": "Games", "color": "#123456"},
        first.owner.token,
    )
    assert renamed == {**folder, "name": "Games", "color": "#123456"}
    for probe in (mine_a, mine_b):
        assert await probe.wait_for("server:folder_updated") == {"folder": renamed}
    await ping(live_client, fellow, theirs)
    assert theirs.received("server:folder_updated") == [] and theirs.received("server:updated") == []
    # another user's folder id is not yours to rename
    assert await call(
        live_client,
        "POST",
        f"/api/servers/folders/{fellows_folder['id']}",
        {"name": "Mine now"},
        token=first.owner.token,
    ) == (400, error("Invalid folder id."))
    assert await call(
        live_client, "POST", f"/api/servers/folders/{folder['id']}", {"name": "abc"}, token=first.owner.token
    ) == (400, error("Name must be between 4 and 100 characters long.", "name"))


async def test_muting_with_a_past_expire_at_answers_upstreams_error_body(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/mutes/{person.id}"
    for expire_at in (int(time.time() * 1000) - 1000, 0):
        assert await call(client, "POST", path, {"expireAt": expire_at}, token=place.owner.token) == (
            400,
            {"error": "ExpireAt must be a future timestamp."},
        )
    assert await call(client, "POST", path, {}, token=place.owner.token) == (
        400,
        error("ExpireAt is required.", "expireAt"),
    )
    assert await call(client, "POST", path, {"expireAt": "soon"}, token=place.owner.token) == (
        400,
        error("ExpireAt must be a number!", "expireAt"),
    )
    # the permission is checked before the time: a member without ADMIN gets the usual 403
    assert await call(client, "POST", path, {"expireAt": 0}, token=person.token) == (
        403,
        error("Missing Admin permission"),
    )


async def test_bot_commands_of_a_server_without_bots_is_an_empty_list(client):
    place = await community(client)
    person = await join(client, place)
    outsider = await member()
    path = f"/api/servers/{place.id}/bot-commands"
    assert await ok(client, "GET", path, token=place.owner.token) == {"commands": []}
    assert await ok(client, "GET", path, token=person.token) == {"commands": []}
    assert await call(client, "GET", path, token=outsider.token) == (403, error("Server member is not in this server."))
    assert await call(client, "GET", path) == (401, error("No token provided."))
    assert await call(client, "GET", "/api/servers/12345/bot-commands", token=person.token) == (
        403,
        error("Server does not exist."),
    )


def bot_commands_plugin(seen):
    """A real plugin answering the servers plugin's ``server_bot_commands`` hook, as a bots
    plugin will."""
    from types import ModuleType

    from core import hookimpl
    from core.plugins import LoadedPlugin, Manifest

    module = ModuleType("bot_commands_stub")
    module.manifest = Manifest(id="bot_commands_stub", name="Bot commands stub", version="1.0.0", description="test")

    @hookimpl
    async def server_bot_commands(server_id, bot_user_ids):
        seen.append((server_id, sorted(bot_user_ids)))
        return [
            {"botUserId": str(b), "name": name, "description": None, "args": None, "permissions": None}
            for b in bot_user_ids
            for name in ("zap", "ask")
        ]

    module.server_bot_commands = server_bot_commands
    return LoadedPlugin(manifest=module.manifest, module=module, first_party=False)


async def test_bot_commands_come_from_the_bots_in_the_server_sorted_by_name(settings):
    from core.app import create_quart_app
    from core.identity.models import User
    from core.plugins import PluginHost
    from plugins.servers.models import Member

    seen = []
    app = create_quart_app(
        settings, plugins=PluginHost([*PluginHost.from_settings(settings).plugins, bot_commands_plugin(seen)])
    )
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        person = await join(client, place)
        path = f"/api/servers/{place.id}/bot-commands"
        assert await ok(client, "GET", path, token=person.token) == {"commands": []}
        assert seen == []  # no bots: the hook is not even asked
        bot = await User.create(username="helper", tag="b0t1", bot=True)
        await Member.create(server_id=int(place.id), user_id=bot.id)
        commands = (await ok(client, "GET", path, token=person.token))["commands"]
        assert [(c["botUserId"], c["name"]) for c in commands] == [(str(bot.id), "ask"), (str(bot.id), "zap")]
        assert seen == [(int(place.id), [bot.id])]
        outsider = await member()
        assert await call(client, "GET", path, token=outsider.token) == (
            403,
            error("Server member is not in this server."),
        )
