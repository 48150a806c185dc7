"""``GET /api/moderation/plugins`` (staff): every installed plugin, enabled or not, with its
manifest — what the read-only Plugins page of the moderation area shows."""

from core.plugins import discover
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import ADMIN, MOD, ok, staff
from tests.support import call


async def test_staff_see_every_installed_plugin_with_its_manifest(client_without):
    client = await client_without("posts", "reminders")
    admin, mod = await staff(client, ADMIN), await staff(client, MOD)
    listed = (await ok(client, "GET", "/api/moderation/plugins", token=admin.token))["plugins"]
    assert (await ok(client, "GET", "/api/moderation/plugins", token=mod.token))["plugins"] == listed
    by_id = {plugin["id"]: plugin for plugin in listed}
    assert set(by_id) == set(discover())
    assert by_id["posts"]["enabled"] is False and by_id["reminders"]["enabled"] is False
    assert by_id["inbox"] == {
        "id": "inbox",
        "name": "Inbox",
        "version": "1.0.0",
        "description": "Direct messages: open and close DMs, DM privacy, DM notices, the inbox list.",
        "firstParty": True,
        "enabled": True,
        "essential": False,
        "requires": ["accounts", "messages"],
        "optional": ["friends", "servers"],
        "routes": ["/users", "/channels"],
        "web": True,
        "source": "plugins/inbox",
    }
    assert by_id["accounts"]["essential"] is True


async def test_only_staff_may_list_plugins(client):
    person = await member()
    assert await call(client, "GET", "/api/moderation/plugins") == (401, error("No token provided."))
    assert await call(client, "GET", "/api/moderation/plugins", token=person.token) == (
        403,
        error("Admin access only!"),
    )
