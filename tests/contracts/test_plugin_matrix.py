"""Each non-essential plugin disabled in turn (with whatever hard-requires it): the app starts,
``GET /api/plugins`` no longer lists it (so the web UI loads neither its screens nor its
navigation entries), every route it served answers 404, and the rest still works — register,
a server and a message in it, a direct message — where those plugins are still enabled.
In-process apps, one after another; tests/e2e/test_plugin_matrix_flow.py checks the UI itself
for a few representative plugins."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.app import create_quart_app
from core.plugins import discover, with_dependents
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.support import call

PLUGINS = discover()
NON_ESSENTIAL = sorted(pid for pid, (module, _) in PLUGINS.items() if not module.manifest.essential)


@pytest.fixture(scope="module")
def routes_by_plugin(base_settings) -> dict[str, list[tuple[str, str]]]:
    app = create_quart_app(base_settings)
    return {plugin.id: list(plugin.rules) for plugin in app.extensions["hearth"].plugins.plugins}


def concrete(path: str) -> str:
    """``/api/servers/<server_id>/emojis`` → ``/api/servers/1/emojis``."""
    return re.sub(r"<[^>]+>", "1", path)


async def smoke(client: Any, enabled: set[str]) -> None:
    """What a user does first, through whichever plugins remain."""
    alice, bob = await member(), await member()
    assert (await call(client, "GET", f"/api/users/{bob.id}", token=alice.token))[0] == 200
    if {"servers", "messages"} <= enabled:
        status, server = await call(client, "POST", "/api/servers", {"name": "Matrix"}, token=alice.token)
        assert status == 200, server
        await sent(client, alice, server["defaultChannelId"], "hello server")
        status, page = await call(
            client, "GET", f"/api/channels/{server['defaultChannelId']}/messages", token=alice.token
        )
        assert status == 200 and [m["content"] for m in page] == ["hello server"]
    if {"inbox", "messages"} <= enabled:
        channel_id = await open_dm(client, alice, bob)
        await sent(client, alice, channel_id, "hello bob")
        status, page = await call(client, "GET", f"/api/channels/{channel_id}/messages", token=alice.token)
        assert status == 200 and [m["content"] for m in page] == ["hello bob"]


@pytest.mark.parametrize("plugin_id", NON_ESSENTIAL)
async def test_each_plugin_disabled_in_turn(client_without, routes_by_plugin, plugin_id):
    disabled = set(with_dependents(PLUGINS, [plugin_id]))
    client = await client_without(*sorted(disabled))
    status, listed = await call(client, "GET", "/api/plugins")
    enabled = {p["id"] for p in listed["plugins"]}
    assert status == 200 and not enabled & disabled and enabled == set(PLUGINS) - disabled

    urls = client.app.url_map.bind("hearth.test")
    for method, path in routes_by_plugin[plugin_id]:
        rule, _ = urls.match(concrete(path), method, return_rule=True)
        if rule.endpoint != "api_not_found":
            # e.g. inbox's GET /users/channel-notice now reaches accounts' GET /users/<user_id>:
            # another plugin's route with a parameter, never one of this plugin's
            assert "<" in rule.rule and rule.rule != path, (method, path, rule.rule)
            continue
        status, body = await call(client, method, concrete(path), json={} if method != "GET" else None)
        assert (status, body) == (404, {"message": "Not found.", "path": None}), (method, path)

    await smoke(client, enabled)
