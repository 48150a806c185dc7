"""A server's default notification level changed through one server process reaches the sockets
held by another: the event for those that asked, and passive delivery follows it there."""

import aiohttp

from tests.conftest import needs_redis
from tests.plugins.messages.passive_helpers import passive_socket
from tests.plugins.messages.test_passive_processes import post, two_servers, until  # noqa: F401 - a fixture
from tests.plugins.servers.helpers import community, join, ok


@needs_redis
async def test_a_default_changed_through_one_process_applies_to_sockets_on_another(client, two_servers):
    first, second = two_servers
    place = await community(client)
    quiet = (await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token))["id"]
    alice = await join(client, place)
    passive = await passive_socket(first, alice, viewing=place.general, also=("notification_defaults",))
    try:
        async with aiohttp.ClientSession() as http:
            async with http.post(
                f"{second}/api/servers/{place.id}/notification-defaults",
                json={"notificationPingMode": 1},
                headers={"Authorization": place.owner.token},
            ) as response:
                assert response.status == 200, await response.text()
            changed = {"serverId": place.id, "notificationPingMode": 1}
            assert await passive.wait_for("server:notification_defaults") == changed
            assert await passive.wait_for("hearth:summarised") == {
                "added": sorted([place.general, quiet]),
                "removed": [],
            }
            message = await post(http, second, place.owner, quiet, "summarised on the other process")
            await until(
                passive, lambda: any(s["message"]["id"] == message["id"] for s in passive.received("hearth:activity"))
            )
            assert [e for e, data in passive.events if e == "message:created"] == []
    finally:
        await passive.close()
